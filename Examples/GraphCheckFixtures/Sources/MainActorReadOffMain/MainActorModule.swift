import Wiring

/// A screen's state, made on the main actor for each resolve.
@MainActor
public final class Draft {
    public init() {}
}

/// A `MainActorModule`: its unmarked synchronous factories run on the main actor, except those
/// declared through `nonisolated.`.
public struct DraftModule: MainActorModule {
    public init() {}
    public var registrations: Registrations {
        transient { Draft() }
        nonisolated.transient { Stamp() }
    }
}

/// Nonisolated: built on whichever thread resolves it.
public struct Stamp: Sendable {
    public init() {}
}

/// An actor reads both: the unmarked transient throws there, the `nonisolated.` one does not.
public actor Autosaver {
    public init() {}
    public func save() throws {
        let stamp: Stamp = try resolve()
        let draft: Draft = try resolve()  // expect-error: Draft must be built on the main actor
        _ = (stamp, draft)
    }
}

/// The app's launch.
public func launchDrafts() throws -> Container {
    let container = Container()
    try container.install(DraftModule())
    return container
}
