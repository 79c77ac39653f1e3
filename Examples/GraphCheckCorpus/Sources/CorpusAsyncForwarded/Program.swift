/// Shape (app target): an async singleton, `singleton { try await BookStore.load() }`, forwarded
/// to `(any BookReading).self`. The app's launch awaits it with `resolveAsync(BookStore.self)`;
/// view models made afterwards read it synchronously through the forwarded key, with `wired()`
/// and with `@Wired`.
///
/// Why it is correct: a forwarded key serves the instance of the registration it forwards to.
/// Once the launch has awaited the store, the singleton is cached, and a synchronous read of either
/// key returns it: the view models are made only after `launch()` has returned.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol BookReading: Sendable {
    var titles: [String] { get }
}

/// Loaded from disk at launch. Nonisolated: its conformance is used by the nonisolated forwarding.
nonisolated final class BookStore: BookReading {
    let titles: [String]

    private init(titles: [String]) {
        self.titles = titles
    }

    static func load() async throws -> BookStore {
        await Task.yield()
        return BookStore(titles: ["Dune", "Emma"])
    }
}

struct LibraryModule: MainActorModule {
    var registrations: Registrations {
        singleton { try await BookStore.load() }
            .forwarding(to: (any BookReading).self) { $0 }
    }
}

@Observable
final class ShelfViewModel {
    private let books: any BookReading = wired()

    init() {}

    var count: Int { books.titles.count }
}

final class SearchViewModel {
    @Wired var books: any BookReading

    init() {}

    func search(_ prefix: String) -> [String] { books.titles.filter { $0.hasPrefix(prefix) } }
}

enum LibraryApp {
    /// The app's launch: installs the wiring, then awaits the store before any screen is made.
    static func launch() async throws {
        if !Container.default.isRegistered(BookStore.self) {
            try Container.default.install(LibraryModule())
        }
        _ = try await Container.default.resolveAsync(BookStore.self)
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try await LibraryApp.launch()

        let shelf = ShelfViewModel()
        let search = SearchViewModel()
        guard shelf.count == 2, search.search("D") == ["Dune"] else {
            throw CorpusFailure(message: "the view models did not read the loaded store")
        }
        let store = try await Container.default.resolveAsync(BookStore.self)
        guard (search.books as? BookStore) === store else {
            throw CorpusFailure(message: "the forwarded key did not serve the singleton")
        }

        let report = await Container.validate(modules: [LibraryModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
