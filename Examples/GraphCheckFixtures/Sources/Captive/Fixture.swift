import Wiring

public final class Session: Sendable {
    public init() {}
}

public final class Cache: Sendable {
    let session: Session
    public init(session: Session) { self.session = session }
}

/// A singleton that holds a scoped instance: resolving it throws.
public struct CaptiveModule: Module {
    public init() {}
    public var registrations: Registrations {
        scoped(in: "session") { Session() }
        singleton { r in Cache(session: try r.resolve(Session.self)) }  // expect-error: Cache (singleton) depends on Session
    }
}
