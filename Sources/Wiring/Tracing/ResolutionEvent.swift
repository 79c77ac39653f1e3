/// One resolve of a traced container's registration, reported to the handler given to
/// ``Container/trace(_:)``.
///
/// A build is reported when its factory returns (or throws), so the events of a graph arrive
/// dependencies first; ``depth`` tells how they nest. A read of an instance that was already
/// cached is reported with ``cacheHit`` set and no duration to speak of.
///
/// With these two questions in mind:
/// - *Why was this built twice?* Look for two events with `cacheHit == false` for one
///   registration: ``containerID``, ``scopeID`` and ``threadID`` tell which container, scope and
///   thread built each.
/// - *What made start-up slow?* Sort the `cacheHit == false` events by ``duration``; a build's
///   duration includes the builds nested in it (the events with a greater depth just before it).
public struct ResolutionEvent: Sendable, CustomStringConvertible {
    /// The registered type.
    public let type: Any.Type
    /// The tag, as written in code (`.replica`, `"eu"`), or `nil`.
    public let tag: String?
    /// The registration's lifetime.
    public let lifetime: Lifetime
    /// Whether the instance came from a cache (singleton, scope, graph) without a build.
    public let cacheHit: Bool
    /// How many builds enclose this one: 0 for the resolve your code called.
    public let depth: Int
    /// How long the build took, including the builds nested in it; zero for a cache hit.
    public let duration: Duration
    /// Where the registration was made.
    public let registrationSite: SourceLocation
    /// The container the resolve ran in (for a singleton, the container that registered it).
    public let containerID: ObjectIdentifier
    /// The scope the resolve ran in, if any.
    public let scopeID: ObjectIdentifier?
    /// The thread that ran the resolve.
    public let threadID: UInt
    /// Why the build failed, if it did: the message of the ``WiringError`` the resolve throws
    /// for it (what failed, where it was registered, and the fix), with what the factory threw.
    public let failure: String?
    /// The chain of registrations that led here, outermost first and ending with this one, as
    /// messages name them: `["App", "UserService", "any Database"]`. Formatted when read, so a
    /// handler that does not read it does not pay for it.
    public var path: [String] { pathKeys.map(\.description) }
    let pathKeys: [ServiceKey]

    /// The registered type, as messages name it: `UserService`, `any Database`.
    public var typeName: String { typeDisplayName(type) }

    /// The registration, as messages name it: `UserService`, `any Database tagged .replica`.
    public var registration: String {
        tag.map { "\(typeName) tagged \($0)" } ?? typeName
    }

    /// `  UserService (singleton) built in 1.2 ms at depth 1, registered at App/Modules.swift:12`.
    public var description: String {
        let indent = String(repeating: "  ", count: depth)
        let what = cacheHit ? "cache hit" : failure.map { "failed after \(duration): \($0)" } ?? "built in \(duration)"
        return "\(indent)\(registration) (\(lifetime)) \(what) at depth \(depth), registered at \(registrationSite)"
    }
}
