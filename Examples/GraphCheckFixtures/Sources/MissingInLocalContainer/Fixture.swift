import Wiring

public final class Mailer: Sendable {
    public init() {}
}

public final class Digest: Sendable {
    public init(mailer: Mailer) {}
}

public struct DigestModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient { r in Digest(mailer: try r.resolve()) }  // expect-error: Digest depends on Mailer, and nothing is registered for it.
    }
}

/// A command-line tool's main: a container of its own, filled by one install and used here only.
public func sendDigest() throws {
    let container = Container()
    try container.install(DigestModule())
    _ = try container.resolve(Digest.self)
}
