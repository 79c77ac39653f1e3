import Wiring

public final class Session: Sendable {
    public init() {}
}

public final class SessionHeader: Sendable {
    public init(session: Session) {}
}

public final class Dashboard: Sendable {
    public init(header: SessionHeader) {}
}

/// The singleton reads a transient, which reads a scoped session: built outside any scope, the
/// singleton's build resolves the session there and throws.
public struct DashboardModule: Module {
    public init() {}
    public var registrations: Registrations {
        scoped(in: "session") { Session() }
        transient { r in SessionHeader(session: try r.resolve()) }
        singleton { r in Dashboard(header: try r.resolve()) }  // expect-error: (scoped(session)) through SessionHeader
    }
}
