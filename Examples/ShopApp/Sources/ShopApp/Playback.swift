// A product's video: a scope per playback, owned by the player's view model, and given the
// episode it plays.
import Observation
import Wiring

extension ScopeName {
    /// One episode's playback, from its start to its stop.
    nonisolated static let playback: ScopeName = "playback"
}

/// What a playback plays: the value its scope is given.
struct Episode: Sendable {
    let title: String
}

/// Plays one episode, for as long as its playback lasts.
final class EpisodePlayer {
    let episode: Episode
    private(set) var isPlaying = true

    init(episode: Episode) {
        self.episode = episode
    }

    func stop() {
        isPlaying = false
    }
}

/// A playback scope that was given no episode.
struct NoEpisode: Error {}

struct PlaybackModule: MainActorModule {
    var registrations: Registrations {
        scoped(Episode.self, in: .playback) { throw NoEpisode() }
            .providedToScopes()
        scoped(in: .playback) { r in EpisodePlayer(episode: try r.resolve()) }
            .onDispose { @MainActor player async in player.stop() }
    }
}

/// The player screen's model: it owns the playback's scope, which ends when the model goes.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class PlayerViewModel {
    @ObservationIgnored private let playback = OwnedScope(.playback)
    @ObservationIgnored let player: EpisodePlayer

    init(episode: Episode) throws {
        try playback.provide(episode)
        player = try playback.resolve()
    }
}
