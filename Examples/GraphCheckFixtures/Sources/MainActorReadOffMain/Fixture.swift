import Wiring

/// Main-actor state, as an app's session is.
@MainActor
public final class Session {
    public let user = "ada"
    public init() {}
}

/// Built on the main actor for each resolve.
public struct SessionModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient { @MainActor in Session() }
    }
}

/// An actor's own methods run on the actor, never on the main actor: a synchronous read of a
/// main-actor transient there throws.
public actor Uploader {
    public init() {}
    public func owner() throws -> String {
        let session: Session = try resolve()  // expect-error: Session must be built on the main actor
        _ = session
        return "uploads"
    }
}

/// The app's launch.
public func launch() throws -> Container {
    let container = Container()
    try container.install(SessionModule())
    return container
}
