import Wiring

public final class Mailer: Sendable {
    public init() {}
}

public final class Digest: Sendable {
    public init(mailer: Mailer) {}
}

public final class Archive: Sendable {
    static func open() async -> Archive { Archive() }
}

/// Reads a Mailer that no module declares: the app registers it directly, which the check does
/// not follow, so the install below is open and nothing is reported missing.
public struct DigestModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient { r in Digest(mailer: try r.resolve()) }
    }
}

/// A view model reading what a direct registration provides: the check does not follow it.
@MainActor
public final class ArchiveViewModel {
    let digest: Digest = wired()
    public init() {}
}

public func launch() throws -> Container {
    let container = Container()
    container.register(Mailer.self) { _ in Mailer() }
    container.register(Archive.self) { _ async in await Archive.open() }
    // expect-note: Mailer, read at Fixture.swift:20, is declared by none of its modules, and the container is open to container.register(…)
    try container.install(DigestModule())
    return container
}
