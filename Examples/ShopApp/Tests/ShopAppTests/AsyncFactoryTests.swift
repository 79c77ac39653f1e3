import Testing
import WiringTesting

// Compiled with the app's settings: every type here is main-actor unless it says otherwise.

/// An app's store that loads asynchronously, off the main actor.
actor RecipeArchive {
    static func open() async throws -> RecipeArchive { RecipeArchive() }
}

/// A view model's state, made from the archive.
final class SearchModel {
    let archive: RecipeArchive
    init(archive: RecipeArchive) { self.archive = archive }
}

/// Main-actor state restored asynchronously.
final class RecentSearches {
    let terms: [String]
    init(terms: [String]) { self.terms = terms }
    static func restore() async -> RecentSearches { RecentSearches(terms: ["tea"]) }
}

@Suite("Async factories without a resolver, in an app target")
struct AsyncFactoryTests {
    /// The forms the newcomer trial wrote (an async factory without the resolver, nonisolated and
    /// main-actor), and a main-actor initializer called from an async factory, with the marker or
    /// with `await` in front of it.
    struct ArchiveModule: Module {
        var registrations: Registrations {
            singleton { try await RecipeArchive.open() }
            singleton { @MainActor in await RecentSearches.restore() }
            singleton { @MainActor r async throws in SearchModel(archive: try await r.resolveAsync()) }
            singleton(tag: "awaited") { r async throws in try await SearchModel(archive: r.resolveAsync()) }
        }
    }

    @Test(.isolatedContainer(installing: ArchiveModule()))
    func asyncFactoriesWithoutAResolver() async throws {
        let archive = try await Container.current.resolveAsync(RecipeArchive.self)
        #expect(try await Container.current.resolveAsync(RecipeArchive.self) === archive)
        let searches = try await Container.current.resolveAsync(RecentSearches.self)
        #expect(searches.terms == ["tea"])
        #expect(try await Container.current.resolveAsync(SearchModel.self).archive === archive)
        #expect(try await Container.current.resolveAsync(SearchModel.self, tag: "awaited").archive === archive)
    }
}
