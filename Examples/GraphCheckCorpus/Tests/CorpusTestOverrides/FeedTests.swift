// Shape (a test target with the app's settings): the tests of `CorpusObservableViewModels`, each
// with its own container, `.isolatedContainer(installing: AppModule())`, and its own overrides:
// in the trait's trailing closure, and with `Container.current.register(…)` in the test body;
// the view models are made inside the tests, where the test's container is current.
//
// Why it is correct: each override replaces a key `AppModule` declares, in that test's container
// only, with a value of the registered type; a view model made in the test reads from that
// container, which holds every key it reads.
import Testing
import WiringTesting

@testable import CorpusObservableViewModels

/// A feed that answers with the headlines it is given. (`nonisolated`: registered by a
/// nonisolated factory.)
nonisolated struct FakeArticleFeed: ArticleFeed {
    let canned: [String]

    func headlines() async throws -> [String] { canned }
}

@Suite("CorpusObservableViewModels, tested with per-test containers")
struct FeedTests {
    @Test(
        .isolatedContainer(installing: AppModule()) {
            $0.register((any ArticleFeed).self, lifetime: .singleton) { _ in FakeArticleFeed(canned: ["Fake news"]) }
        })
    func feedShowsTheOverriddenHeadlines() async throws {
        let model = FeedViewModel()
        try await model.load()
        #expect(model.headlines == ["Fake news"])
        #expect(model.fontSize == 14)
    }

    @Test(
        "each test's settings are its own, in parallel",
        .isolatedContainer(installing: AppModule()),
        arguments: [11, 18, 24]
    )
    func settingsOverriddenInTheBody(fontSize: Int) async throws {
        Container.current.register(
            ReaderSettings.self, lifetime: .singleton,
            mainActor: { _ in
                ReaderSettings(fontSize: fontSize)
            })
        let feed = FeedViewModel()
        let settings = SettingsViewModel()
        settings.increaseFontSize()
        #expect(feed.fontSize == fontSize + 1)
        #expect(settings.bookmarks.settings === settings.settings)
    }

    @Test(.isolatedContainer(installing: AppModule()))
    func theAppModuleAsInstalled() async throws {
        let feed = FeedViewModel()
        try await feed.load()
        #expect(feed.headlines == ["Swift 6.3 released", "Wiring 1.0"])
    }

    @Test func appModuleIsValid() async {
        var options = ValidationOptions(dryRun: true)
        options.make { FeedViewModel() }
        options.make { SettingsViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        #expect(report.isValid, "\(report)")
    }
}
