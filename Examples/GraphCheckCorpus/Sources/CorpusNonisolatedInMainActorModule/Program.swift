/// Shape (app target): a `MainActorModule` whose disk cache is declared
/// `nonisolated.singleton { DiskCache(…) }`, read with `try resolve()` by an actor's method,
/// off the main actor, next to main-actor state declared without a marker.
///
/// Why it is correct: `nonisolated.` gives the declaration a `Module`'s nonisolated factory,
/// built on whichever thread resolves it, so the actor's synchronous read is not a main-actor
/// read off the main actor. The main-actor registrations are read only by main-actor code.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

nonisolated final class DiskCache: Sendable {
    let directory: String

    init(directory: String) {
        self.directory = directory
    }
}

/// Decodes images off the main actor.
actor ImagePipeline {
    private var decoded: [String] = []

    func load(_ name: String) throws -> String {
        let cache: DiskCache = try resolve()
        decoded.append(name)
        return "\(cache.directory)/\(name).png"
    }
}

/// Main-actor state of the gallery screen.
@Observable
final class GalleryState {
    var paths: [String] = []
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton { DiskCache(directory: "/var/cache/images") }
        nonisolated.singleton { ImagePipeline() }
        singleton { GalleryState() }
    }
}

@Observable
final class GalleryViewModel {
    private let pipeline: ImagePipeline = wired()
    let state: GalleryState = wired()

    init() {}

    func show(_ names: [String]) async throws {
        for name in names {
            state.paths.append(try await pipeline.load(name))
        }
    }
}

enum GalleryApp {
    static func launch() throws {
        if !Container.default.isRegistered(GalleryState.self) {
            try Container.default.install(AppModule())
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try GalleryApp.launch()

        let model = GalleryViewModel()
        try await model.show(["cat", "dog"])
        guard model.state.paths == ["/var/cache/images/cat.png", "/var/cache/images/dog.png"] else {
            throw CorpusFailure(message: "the gallery shows \(model.state.paths)")
        }

        var options = ValidationOptions(dryRun: true)
        options.make { GalleryViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
