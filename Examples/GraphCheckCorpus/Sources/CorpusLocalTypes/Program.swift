/// Shape: two functions each declare their own local `struct Settings` (and a local module that
/// registers it), and each registers its `Settings` in its own container.
///
/// Why it is correct: a type declared inside a function is local to it; the two `Settings` are
/// different types, in different containers, and each function reads only its own.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct Exporter: Sendable {
    let format: String
}

enum Jobs {
    /// The nightly export job's wiring, made when the job starts.
    static func nightlyExport() async throws -> String {
        struct Settings: Sendable {
            let format = "csv"
            let hour = 2
        }
        struct ExportModule: Module {
            var registrations: Registrations {
                singleton { Settings() }
                transient { r in Exporter(format: try r.resolve(Settings.self).format) }
            }
        }
        let container = Container()
        try container.install(ExportModule())
        let settings = try container.resolve(Settings.self)
        let exporter = try container.resolve(Exporter.self)

        let report = await Container.validate(modules: [ExportModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
        return "\(exporter.format)@\(settings.hour)"
    }

    /// The cleanup job's wiring: another `Settings`, registered directly.
    static func cleanup() async throws -> String {
        struct Settings: Sendable {
            let retentionDays: Int
        }
        let container = Container()
        container.register(Settings.self, lifetime: .singleton) { _ in Settings(retentionDays: 30) }
        let settings: Settings = try container.resolve()

        let report = await container.validate(ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
        return "keep \(settings.retentionDays) days"
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let export = try await Jobs.nightlyExport()
        let cleanup = try await Jobs.cleanup()
        guard export == "csv@2", cleanup == "keep 30 days" else {
            throw CorpusFailure(message: "the jobs read \(export), \(cleanup)")
        }
    }
}
