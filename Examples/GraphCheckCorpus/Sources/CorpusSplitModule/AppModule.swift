/// Shape: a module split across three files: the conformance here (`struct AppModule: Module {}`),
/// its `registrations` in an extension in `AppModule+Registrations.swift` (which names
/// `@RegistrationsBuilder`), and the types it builds in `Services.swift`; a second module,
/// `SyncModule`, is declared in `Services.swift` and conforms in an extension of the other file.
///
/// Why it is correct: Swift joins a type's extensions from every file of the target, so the
/// empty-looking declaration here has the registrations of the other file, and every type they
/// read is declared in the third.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct AppModule: Module {}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let inbox = try container.resolve(InboxService.self)
        let sync = try container.resolve(BackgroundSync.self)
        guard inbox.summary() == "3 unread at imap.example.com", sync.store.host == inbox.store.host else {
            throw CorpusFailure(message: "inbox says \(inbox.summary())")
        }

        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
