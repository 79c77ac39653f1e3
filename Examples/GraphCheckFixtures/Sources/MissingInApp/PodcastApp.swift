import Wiring

/// The podcast app's launch: its whole wiring, installed into `Container.default`.
enum PodcastApp {
    static func start() throws {
        try Container.default.install(AppModule())
    }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        singleton { PlaybackQueue() }
        transient { r in EpisodeFormatter(queue: try r.resolve()) }
    }
}
