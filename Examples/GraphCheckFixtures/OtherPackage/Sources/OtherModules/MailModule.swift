import Wiring

public final class Mailer: Sendable {
    public init() {}
}

/// Provides the Mailer that the fixture's module reads.
public struct MailModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { Mailer() }
    }
}
