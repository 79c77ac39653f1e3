/// Shape (app target): `@Observable` view models whose dependencies are `let` properties filled
/// with `wired()`, made under `withContainer(container)`; the same module is what
/// `CorpusTestOverrides` installs per test, with its overrides.
///
/// Why it is correct: `@Observable` leaves `let`s alone, so `wired()` runs when the view model is
/// made, from the container made current by `withContainer`; every key the view models read is
/// declared by `AppModule`, main-actor state included, and the view models are made on the main
/// actor, where the main-actor factories run in place.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        instance(FeedConfig(url: "https://news.example.com/feed"))
        nonisolated.singleton((any ArticleFeed).self) { r in LiveArticleFeed(config: try r.resolve()) }
        singleton { ReaderSettings() }
        transient { r in Bookmarks(settings: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let feed = withContainer(container) { FeedViewModel() }
        let settings = withContainer(container) { SettingsViewModel() }
        try await feed.load()
        settings.increaseFontSize()
        guard feed.headlines == ["Swift 6.3 released", "Wiring 1.0"], feed.fontSize == 15 else {
            throw CorpusFailure(message: "the feed shows \(feed.headlines) at \(feed.fontSize)")
        }
        guard settings.bookmarks.settings === settings.settings else {
            throw CorpusFailure(message: "the settings singleton is not shared")
        }

        var options = ValidationOptions(dryRun: true)
        options.make { FeedViewModel() }
        options.make { SettingsViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
