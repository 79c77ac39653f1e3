import Testing
import Wiring

// The snippets of the "Checking the graph at build time" article: the forgotten registration it
// shows the plugin reporting, which the app meets at run time in the same words.

protocol FeedClient: Sendable {
    func episodes() async throws -> [String]
}

final class PlaybackQueue: Sendable {}

struct PodcastModule: Module {
    var registrations: Registrations {
        singleton { PlaybackQueue() }
    }
}

final class PlayerViewModel: Sendable {
    private let feed: any FeedClient = wired()
    private let queue: PlaybackQueue = wired()
}

@Suite("The build-time check article")
struct GraphCheckSnippetTests {
    @Test("the article's view model, made after its launch, stops the program naming the key the plugin names")
    func forgottenRegistrationStopsTheApp() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try Container.default.install(PodcastModule())
            _ = PlayerViewModel()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("nothing is registered for any FeedClient"), "\(output)")
    }
}
