/// Shape: a `weakSingleton` (an image cache shared while someone holds it) and a `graph`
/// registration (a unit of work shared by everything one resolve builds) read by a transient.
///
/// Why it is correct: a transient may read anything: it is built per resolve and holds nothing
/// longer than its own life, so neither read is captive. Within one resolve of the screen, its
/// two readers of the unit of work get one instance; two resolves get two.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

final class ImageCache: Sendable {
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }
}

/// One per object graph: every part of one screen shares it.
final class UnitOfWork: Sendable {
    let name: String

    init(name: String) {
        self.name = name
    }
}

struct ThumbnailLoader: Sendable {
    let cache: ImageCache
    let work: UnitOfWork
}

struct GalleryScreen: Sendable {
    let loader: ThumbnailLoader
    let work: UnitOfWork
    let cache: ImageCache
}

struct GalleryModule: Module {
    var registrations: Registrations {
        weakSingleton { ImageCache(capacity: 100) }
        graph { UnitOfWork(name: "gallery") }
        transient { r in ThumbnailLoader(cache: try r.resolve(), work: try r.resolve()) }
        transient { r in GalleryScreen(loader: try r.resolve(), work: try r.resolve(), cache: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(GalleryModule())

        let first = try container.resolve(GalleryScreen.self)
        let second = try container.resolve(GalleryScreen.self)
        guard first.loader.work === first.work, first.work !== second.work else {
            throw CorpusFailure(message: "the graph lifetime was not one per resolve")
        }
        guard first.cache === second.cache, first.loader.cache === first.cache else {
            throw CorpusFailure(message: "the weak singleton was not shared while held")
        }

        let report = await Container.validate(modules: [GalleryModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
