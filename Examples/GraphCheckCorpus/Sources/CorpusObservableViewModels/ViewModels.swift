import Observation
import Wiring

@Observable
final class FeedViewModel {
    private let feed: any ArticleFeed = wired()
    private let settings: ReaderSettings = wired()
    var headlines: [String] = []

    init() {}

    var fontSize: Int { settings.fontSize }

    func load() async throws {
        headlines = try await feed.headlines()
    }
}

@Observable
final class SettingsViewModel {
    let settings: ReaderSettings = wired()
    let bookmarks: Bookmarks = wired()

    init() {}

    func increaseFontSize() {
        settings.fontSize += 1
    }
}
