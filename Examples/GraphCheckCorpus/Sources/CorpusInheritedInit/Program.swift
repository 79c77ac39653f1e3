/// Shape (app target): subclasses with no initializer of their own inherit their superclass's,
/// and the superclass has `let storage: KeyValueStorage = wired()`. The module registers the
/// subclasses, `singleton { SettingsStore() }`; a view model subclass is made directly.
///
/// Why it is correct: the inherited `init()` runs the superclass's property initializers, so
/// making a subclass reads `KeyValueStorage`, and the module registers it. Each store and view
/// model reads only registered keys, from the factory building it or from `Container.default`.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol KeyValueStorage: Sendable {
    func value(for key: String) -> String?
}

nonisolated struct UserDefaultsStorage: KeyValueStorage {
    private let values = ["theme": "dark", "lastSearch": "swift"]
    func value(for key: String) -> String? { values[key] }
}

nonisolated struct AnalyticsClient: Sendable {
    let appID: String
}

class PersistentStore {
    let storage: any KeyValueStorage = wired()

    init() {}

    func read(_ key: String) -> String { storage.value(for: key) ?? "" }
}

final class SettingsStore: PersistentStore {
    var theme: String { read("theme") }
}

final class HistoryStore: PersistentStore {
    var lastSearch: String { read("lastSearch") }
}

@Observable
class ScreenViewModel {
    let analytics: AnalyticsClient = wired()

    init() {}
}

final class SettingsViewModel: ScreenViewModel {
    let settings: SettingsStore = wired()

    var title: String { "Theme: \(settings.theme) (\(analytics.appID))" }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton((any KeyValueStorage).self) { UserDefaultsStorage() }
        nonisolated.singleton { AnalyticsClient(appID: "corpus") }
        singleton { SettingsStore() }
        singleton { HistoryStore() }
    }
}

enum StoresApp {
    static func launch() throws {
        if !Container.default.isRegistered(SettingsStore.self) {
            try Container.default.install(AppModule())
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try StoresApp.launch()

        let history: HistoryStore = try resolve()
        let model = SettingsViewModel()
        guard model.title == "Theme: dark (corpus)", history.lastSearch == "swift" else {
            throw CorpusFailure(message: "the stores read \(model.title), \(history.lastSearch)")
        }

        var options = ValidationOptions(dryRun: true)
        options.make { SettingsViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
