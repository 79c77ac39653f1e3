import Testing
import WiringTesting

@testable import ShopApp

@Suite("A playback scope its view model owns")
struct PlaybackTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(
        "the model gives its scope the episode, the player reads it, and the model's release ends the playback",
        .isolatedContainer(installing: PlaybackModule()))
    @MainActor
    func playbackEndsWithItsModel() async throws {
        var model: PlayerViewModel? = try PlayerViewModel(episode: Episode(title: "Pilot"))
        let player = try #require(model?.player)
        #expect(player.episode.title == "Pilot" && player.isPlaying)
        model = nil
        // The player's teardown is async and main-actor: it runs in a task, after this yields.
        let deadline = ContinuousClock.now + .seconds(10)
        while player.isPlaying, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(!player.isPlaying)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the playback module is valid when validation's scopes are given a sample episode")
    func playbackModuleIsValid() async {
        var options = ValidationOptions(dryRun: true)
        options.provide(Episode(title: "Sample"))
        let report = await Container.validate(modules: [PlaybackModule()], options: options)
        #expect(report.isValid, "\(report)")
    }
}
