import Observation

nonisolated struct FeedConfig: Sendable {
    let url: String
}

protocol ArticleFeed: Sendable {
    func headlines() async throws -> [String]
}

nonisolated struct LiveArticleFeed: ArticleFeed {
    let config: FeedConfig

    func headlines() async throws -> [String] {
        config.url.hasPrefix("https://") ? ["Swift 6.3 released", "Wiring 1.0"] : []
    }
}

/// Main-actor state every screen observes.
@Observable
final class ReaderSettings {
    var fontSize: Int

    init(fontSize: Int = 14) {
        self.fontSize = fontSize
    }
}

/// Main-actor, made anew for each reader.
final class Bookmarks {
    let settings: ReaderSettings
    var saved: [String] = []

    init(settings: ReaderSettings) {
        self.settings = settings
    }
}
