/// Shape (app target): previews. `Container.preview()` installs the app's module and, over it,
/// `PreviewModule` (with `overriding: true`), which replaces the recipe source and also declares
/// `PreviewFixtures`, a key only previews have. A preview-only view model reads that key with
/// `wired()`, and is made only under `withContainer(try Container.preview())`.
///
/// Why it is correct: the app's own screens never read `PreviewFixtures`; the one view model that
/// does is made only with the preview container current, where `PreviewModule` declares it.
/// `overriding: true` turns the replacement of the recipe source into an override, not a clash.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol RecipeSource: Sendable {
    func recipes() -> [String]
}

nonisolated struct BundledRecipeSource: RecipeSource {
    func recipes() -> [String] { ["Pancakes", "Ramen", "Tacos"] }
}

nonisolated struct PreviewRecipeSource: RecipeSource {
    let fixtures: PreviewFixtures
    func recipes() -> [String] { fixtures.recipes }
}

nonisolated struct PreviewFixtures: Sendable {
    let recipes = ["Preview soup"]
    let emptyStateText = "Nothing cooked yet"
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton((any RecipeSource).self) { BundledRecipeSource() }
    }
}

struct PreviewModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton { PreviewFixtures() }
        nonisolated.singleton((any RecipeSource).self) { r in PreviewRecipeSource(fixtures: try r.resolve()) }
    }
}

extension Container {
    static func preview() throws -> Container {
        let container = Container()
        try container.install(AppModule())
        try container.install([PreviewModule()], overriding: true)
        return container
    }
}

/// The app's screen: reads only what the app module declares.
@Observable
final class RecipeListViewModel {
    private let source: any RecipeSource = wired()

    init() {}

    var titles: [String] { source.recipes() }
}

/// A preview of the empty state: exists only in previews.
@Observable
final class EmptyStatePreviewModel {
    private let fixtures: PreviewFixtures = wired()

    init() {}

    var text: String { fixtures.emptyStateText }
}

public enum CorpusProgram {
    public static func run() async throws {
        let app = Container()
        try app.install(AppModule())
        let live = withContainer(app) { RecipeListViewModel() }

        let preview = try Container.preview()
        let previewList = withContainer(preview) { RecipeListViewModel() }
        let emptyState = withContainer(try Container.preview()) { EmptyStatePreviewModel() }
        guard live.titles.count == 3, previewList.titles == ["Preview soup"], emptyState.text == "Nothing cooked yet" else {
            throw CorpusFailure(message: "the previews show \(previewList.titles), \(emptyState.text)")
        }

        var appOptions = ValidationOptions(dryRun: true)
        appOptions.make { RecipeListViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: appOptions)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
        var previewOptions = ValidationOptions(dryRun: true)
        previewOptions.make { EmptyStatePreviewModel() }
        let previewReport = await preview.validate(previewOptions)
        if !previewReport.isValid { throw CorpusFailure(message: "\(previewReport)") }
    }
}
