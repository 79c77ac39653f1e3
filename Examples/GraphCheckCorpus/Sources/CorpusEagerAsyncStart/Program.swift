/// Shape (app target): an eager async singleton, `eagerSingleton { try await SearchIndex.build() }`,
/// built by `try await Container.default.startAsync()` at launch, then read synchronously by a
/// view model's `wired()`.
///
/// Why it is correct: `startAsync()` awaits every eager singleton, async ones included, before
/// launch returns; a view model made after that reads a cached instance. This is the fix the
/// documentation gives for an async registration that view models read synchronously.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

/// Built from the catalog on disk, asynchronously, once.
nonisolated final class SearchIndex: Sendable {
    let terms: [String]

    private init(terms: [String]) {
        self.terms = terms
    }

    static func build() async throws -> SearchIndex {
        await Task.yield()
        return SearchIndex(terms: ["apple", "apricot", "banana"])
    }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        eagerSingleton { try await SearchIndex.build() }
    }
}

@Observable
final class SearchViewModel {
    private let index: SearchIndex = wired()
    var query = ""

    init() {}

    var results: [String] { index.terms.filter { $0.hasPrefix(query) } }
}

enum SearchApp {
    static func launch() async throws {
        if !Container.default.isRegistered(SearchIndex.self) {
            try Container.default.install(AppModule())
        }
        try await Container.default.startAsync()
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try await SearchApp.launch()

        let model = SearchViewModel()
        model.query = "ap"
        guard model.results == ["apple", "apricot"] else {
            throw CorpusFailure(message: "the search found \(model.results)")
        }

        var options = ValidationOptions(dryRun: true)
        options.make { SearchViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
