/// Shape: a registration made directly on a container, `container.register(Mailer.self) { _ in
/// Mailer(…) }`, that a module's factory reads; the module is installed into the same container.
///
/// Why it is correct: a module's factory resolves from the container it is installed in, which
/// holds the direct registration too. The module alone would miss `Mailer`, so this program
/// validates the container it runs (both kinds of registration), not the module on its own.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

/// Configured from the environment at start-up, before the modules are installed.
struct Mailer: Sendable {
    let smtpHost: String

    func send(to address: String) -> String { "sent to \(address) via \(smtpHost)" }
}

struct PasswordResetService: Sendable {
    let mailer: Mailer

    func reset(_ address: String) -> String { mailer.send(to: address) }
}

struct AccountsModule: Module {
    var registrations: Registrations {
        singleton { r in PasswordResetService(mailer: try r.resolve()) }
    }
}

enum MailServer {
    static func bootstrap(environment: [String: String]) throws -> Container {
        let container = Container()
        let host = environment["SMTP_HOST"] ?? "localhost"
        container.register(Mailer.self, lifetime: .singleton) { _ in Mailer(smtpHost: host) }
        try container.install(AccountsModule())
        return container
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = try MailServer.bootstrap(environment: ["SMTP_HOST": "smtp.example.com"])

        let resets = try container.resolve(PasswordResetService.self)
        guard resets.reset("ada@example.com") == "sent to ada@example.com via smtp.example.com" else {
            throw CorpusFailure(message: "the reset mail went \(resets.reset("ada@example.com"))")
        }

        let report = await container.validate(ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
