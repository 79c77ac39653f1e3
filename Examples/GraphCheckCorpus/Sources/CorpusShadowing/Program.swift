/// Shape: shadowing. `BillingModule` declares a nested `Logger`, and the target has a top-level
/// `Logger` too. Inside the module, `Logger` is the nested one; the top-level one is registered
/// and read from outside, qualified by the target's name (`CorpusShadowing.Logger`), and by
/// another type whose `Logger` is the top-level one.
///
/// Why it is correct: two types, two keys, each registered once. Every read names the type it
/// means: the module's factories mean `BillingModule.Logger`, `AppModule` and `Reporter` mean the
/// top-level `Logger`.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

/// The app's logger.
struct Logger: Sendable {
    let subsystem: String
}

/// Outside `BillingModule`: its `Logger` is the top-level one.
struct Reporter: Sendable {
    let logger: Logger
}

struct BillingModule: Module {
    /// Billing's own logger, with an audit trail: shadows the top-level `Logger` in this body.
    struct Logger: Sendable {
        let auditTrail: String
    }

    struct Invoicer: Sendable {
        let logger: Logger
    }

    var registrations: Registrations {
        singleton { Logger(auditTrail: "billing-audit") }
        transient { r in Invoicer(logger: try r.resolve()) }
    }
}

struct AppModule: Module {
    var registrations: Registrations {
        BillingModule()
        singleton(CorpusShadowing.Logger.self) { CorpusShadowing.Logger(subsystem: "app") }
        transient { r in Reporter(logger: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let invoicer = try container.resolve(BillingModule.Invoicer.self)
        let reporter = try container.resolve(Reporter.self)
        let appLogger = try container.resolve(CorpusShadowing.Logger.self)
        guard invoicer.logger.auditTrail == "billing-audit", reporter.logger.subsystem == "app", appLogger.subsystem == "app" else {
            throw CorpusFailure(message: "a Logger was confused with the other")
        }

        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
