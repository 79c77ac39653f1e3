import OtherModules
import Wiring

public final class Newsletter: Sendable {
    public init(mailer: Mailer) {}
}

/// Reads a Mailer that a module of another package provides: the check cannot see inside it, so
/// the list below is not checked for missing keys (validation finds it complete).
public struct NewsletterModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient { r in Newsletter(mailer: try r.resolve()) }
    }
}

public func validateWithOtherPackage() async -> ValidationReport {
    await Container.validate(modules: [NewsletterModule(), MailModule()], options: ValidationOptions(dryRun: true))
}
