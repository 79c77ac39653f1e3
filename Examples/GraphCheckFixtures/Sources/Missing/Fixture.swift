import Wiring

public final class Mailer: Sendable {}

public final class SignUp: Sendable {
    let mailer: Mailer
    init(mailer: Mailer) { self.mailer = mailer }
}

/// Reads a `Mailer` that no module of the set validated below provides.
public struct SignUpModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient { r in SignUp(mailer: try r.resolve(Mailer.self)) }  // expect-error: SignUp depends on Mailer, and nothing
    }
}

/// The set the app installs, validated as a test would.
public func validateApp() async -> ValidationReport {
    await Container.validate(modules: [SignUpModule()], options: ValidationOptions(dryRun: true))
}
