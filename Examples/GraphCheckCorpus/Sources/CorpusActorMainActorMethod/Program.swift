/// Shape: an actor with a `@MainActor` method that reads a main-actor transient registration
/// (`transient { @MainActor in … }`) with `try resolve()`.
///
/// Why it is correct: a method of an actor marked `@MainActor` is not isolated to the actor: it
/// runs on the main actor, where a main-actor factory is built in place. The actor's own methods
/// never read the main-actor registration; they read a nonisolated one.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

/// Main-actor UI state: a banner the sync engine shows.
@MainActor
final class StatusBanner {
    var text = "Syncing…"

    init() {}
}

/// Nonisolated: safe to build on whichever thread resolves it.
struct SyncSettings: Sendable {
    var batchSize = 50
}

actor SyncEngine {
    private var synced = 0

    /// Runs on the actor: reads only the nonisolated settings.
    func syncBatch() throws -> Int {
        let settings: SyncSettings = try resolve()
        synced += settings.batchSize
        return synced
    }

    /// Runs on the main actor, not the actor: the banner's factory runs in place.
    @MainActor
    func makeBanner(total: Int) throws -> StatusBanner {
        let banner: StatusBanner = try resolve()
        banner.text = "Synced \(total) items"
        return banner
    }
}

struct SyncModule: Module {
    var registrations: Registrations {
        transient { @MainActor in StatusBanner() }
        singleton { SyncSettings() }
        singleton { SyncEngine() }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(SyncModule())

        let text = try await withContainer(container) {
            let engine = try container.resolve(SyncEngine.self)
            let total = try await engine.syncBatch()
            let banner = try await engine.makeBanner(total: total)
            return await banner.text
        }
        guard text == "Synced 50 items" else {
            throw CorpusFailure(message: "the banner says \(text)")
        }

        let report = await Container.validate(modules: [SyncModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
