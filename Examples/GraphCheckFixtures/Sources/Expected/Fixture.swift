import Wiring

public final class Session: Sendable {
    public init() {}
}

public final class Cache: Sendable {
    public init(session: Session) {}
}

/// A mistake made on purpose (a test of validation's report of it), marked as such: the check
/// reports nothing.
public struct DeliberatelyCaptiveModule: Module {
    public init() {}
    public var registrations: Registrations {
        scoped(in: "session") { Session() }
        // WiringGraphCheck: expected (validation must report this captive dependency)
        singleton { r in Cache(session: try r.resolve()) }
    }
}
