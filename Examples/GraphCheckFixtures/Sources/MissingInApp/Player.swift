import Wiring

/// Where episodes come from: the app forgot to register one.
protocol FeedClient: Sendable {
    func episodes() async throws -> [String]
}

final class PlaybackQueue {
    var episodes: [String] = []
    init() {}
}

final class EpisodeFormatter {
    let queue: PlaybackQueue
    init(queue: PlaybackQueue) { self.queue = queue }
}

/// Made by the player's view: `wired()` reads a feed client that nothing registers, so making it
/// stops the program (in a test, the whole test process).
final class PlayerViewModel {
    private let feed: any FeedClient = wired()  // expect-error: Path: PlayerViewModel → any FeedClient
    private let queue: PlaybackQueue = wired()
    init() {}
}
