/// Shape: types in an enum namespace, `enum Services { struct Mailer … }`, written qualified
/// (`Services.Mailer`) in the module and unqualified (`Mailer`) inside `extension Services`,
/// where a nested module and a service read them.
///
/// Why it is correct: inside `extension Services`, `Mailer` *is* `Services.Mailer`; the
/// qualified and the unqualified spellings name one type, so one key, registered once and read
/// by both.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

enum Services {
    struct Mailer: Sendable {
        let from: String
    }

    struct Templates: Sendable {
        let locale: String
    }
}

extension Services {
    /// Written inside the namespace: `Mailer` and `Templates` are unqualified.
    struct WelcomeSender: Sendable {
        let mailer: Mailer
        let templates: Templates

        func send(to user: String) -> String { "\(mailer.from) → \(user) [\(templates.locale)]" }
    }

    struct MailModule: Module {
        var registrations: Registrations {
            singleton { Templates(locale: "en") }
            transient { r in WelcomeSender(mailer: try r.resolve(), templates: try r.resolve(Templates.self)) }
        }
    }
}

/// Outside the namespace: qualified.
struct NotificationCenter: Sendable {
    let mailer: Services.Mailer
}

struct AppModule: Module {
    var registrations: Registrations {
        Services.MailModule()
        singleton(Services.Mailer.self) { Services.Mailer(from: "noreply@example.com") }
        singleton { r in NotificationCenter(mailer: try r.resolve(Services.Mailer.self)) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let welcome = try container.resolve(Services.WelcomeSender.self)
        let center = try container.resolve(NotificationCenter.self)
        guard welcome.send(to: "ada") == "noreply@example.com → ada [en]", center.mailer.from == welcome.mailer.from else {
            throw CorpusFailure(message: "sent \(welcome.send(to: "ada"))")
        }

        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
