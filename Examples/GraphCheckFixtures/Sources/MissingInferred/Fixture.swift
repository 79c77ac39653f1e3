import Wiring

public final class Mailer: Sendable {
    public init() {}
}

public final class SignUp: Sendable {
    public init(mailer: Mailer) {}
}

public final class Welcome: Sendable {
    public init(mailer: Mailer) {}
}

/// Both read a Mailer whose type is written only in their initializers: the check reads it from
/// there, and the list validated below registers none.
public struct SignUpModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient { r in SignUp(mailer: try r.resolve()) }  // expect-error: SignUp depends on Mailer, and nothing is registered for it.
        autowire(Welcome.init(mailer:))  // expect-error: Welcome depends on Mailer, and nothing is registered for it.
    }
}

public func validateSignUp() async -> ValidationReport {
    await Container.validate(modules: [SignUpModule()], options: ValidationOptions(dryRun: true))
}
