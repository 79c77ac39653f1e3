public import Foundation
public import Hummingbird
import TodoDomain
public import WiringHummingbird

/// The server's request context: Hummingbird's, the request scope, and the body size limit.
public struct TodoContext: WiringRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The request's scope, which `RequestScopeMiddleware` makes when a handler first resolves.
    public var requestScope: RequestScope?
    /// Bodies above this many bytes are refused with 413 before they are decoded.
    public var maxUploadSize: Int { Input.maximumBodySize }
    /// JSON with sorted keys, so that a response reads the same every time.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A context for a request arriving from `source`.
    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
