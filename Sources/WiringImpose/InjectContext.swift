public import Foundation

/// Something that provides dependencies: an ``Injector``, an ``InjectionEnvironment``, or your
/// own type, passed to ``inject(_:providedBy:)`` and friends as `providedBy:`.
public protocol InjectContext: AnyObject {
    /// The instance of `type`, or an error if none can be provided.
    func resolve<T>(_ type: T.Type) throws -> T
}

/// What Impose throws when it cannot provide a dependency.
public struct ImposeError: LocalizedError, CustomStringConvertible {
    /// What failed.
    public let errorDescription: String?
    /// Why it failed and how to fix it.
    public let failureReason: String?
    /// Whether the failure is a dependency loop.
    let isCycle: Bool

    init(_ description: String, failureReason: String, isCycle: Bool = false) {
        self.errorDescription = description
        self.failureReason = failureReason
        self.isCycle = isCycle
    }

    /// Both parts, for printing.
    public var description: String {
        [errorDescription, failureReason].compactMap { $0 }.joined(separator: "\n")
    }
}
