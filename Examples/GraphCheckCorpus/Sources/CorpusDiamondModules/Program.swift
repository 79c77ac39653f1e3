/// Shape: a module included twice. `AppModule` includes `CoreModule()`, `FeatureModule` includes
/// `CoreModule()` too, and the launch installs `AppModule()` and `FeatureModule()` together.
///
/// Why it is correct: a declaration is identified by its line and the module value it comes from;
/// `CoreModule` has no stored properties, so its two values are the same module, and each of its
/// declarations is installed once. The diamond is not a key declared twice.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct Clock: Sendable {
    let zone: String
}

struct EventLog: Sendable {
    let clock: Clock
}

struct Dashboard: Sendable {
    let log: EventLog
    let clock: Clock
}

struct ReminderScheduler: Sendable {
    let clock: Clock
}

struct CoreModule: Module {
    var registrations: Registrations {
        singleton { Clock(zone: "UTC") }
        singleton { r in EventLog(clock: try r.resolve()) }
    }
}

struct AppModule: Module {
    var registrations: Registrations {
        CoreModule()
        transient { r in Dashboard(log: try r.resolve(), clock: try r.resolve()) }
    }
}

struct FeatureModule: Module {
    var registrations: Registrations {
        CoreModule()
        transient { r in ReminderScheduler(clock: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule(), FeatureModule())

        let dashboard = try container.resolve(Dashboard.self)
        let reminders = try container.resolve(ReminderScheduler.self)
        guard dashboard.log.clock.zone == "UTC", reminders.clock.zone == dashboard.clock.zone else {
            throw CorpusFailure(message: "the shared core is not one")
        }

        let report = await Container.validate(
            modules: [AppModule(), FeatureModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
