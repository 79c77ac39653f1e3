/// Shape (app target): a plain `Module`, not a `MainActorModule`, in a target whose types are
/// main-actor by default. Its factories that build main-actor types say `{ @MainActor in … }`;
/// its configuration is `instance(…)` of a `nonisolated` struct; one factory is unmarked and
/// builds a nonisolated type.
///
/// Why it is correct: in a `Module` an unmarked closure is nonisolated, which suits the
/// nonisolated `PlayerConfig` and `AudioSession`; the main-actor view state is built by marked
/// closures, on the main actor; `instance` takes a value whose memberwise initializer is
/// nonisolated. The module itself is nonisolated, so it is installed and validated from anywhere.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

nonisolated struct PlayerConfig: Sendable {
    let bufferSeconds: Int
}

nonisolated final class AudioSession: Sendable {
    let category: String

    init(category: String) {
        self.category = category
    }
}

@Observable
final class NowPlaying {
    var title = "Nothing playing"
}

final class PlayerController {
    let config: PlayerConfig
    let session: AudioSession
    let nowPlaying: NowPlaying

    init(config: PlayerConfig, session: AudioSession, nowPlaying: NowPlaying) {
        self.config = config
        self.session = session
        self.nowPlaying = nowPlaying
    }

    func play(_ title: String) -> String {
        nowPlaying.title = title
        return "\(title) [\(session.category), \(config.bufferSeconds)s]"
    }
}

struct PlayerModule: Module {
    var registrations: Registrations {
        instance(PlayerConfig(bufferSeconds: 5))
        singleton { AudioSession(category: "playback") }
        singleton { @MainActor in NowPlaying() }
        singleton { @MainActor r in
            PlayerController(config: try r.resolve(), session: try r.resolve(), nowPlaying: try r.resolve())
        }
    }
}

enum PlayerApp {
    static func launch() throws {
        if !Container.default.isRegistered(NowPlaying.self) {
            try Container.default.install(PlayerModule())
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try PlayerApp.launch()

        let player: PlayerController = try resolve()
        let nowPlaying: NowPlaying = try resolve()
        guard player.play("Clair de lune") == "Clair de lune [playback, 5s]", nowPlaying.title == "Clair de lune" else {
            throw CorpusFailure(message: "the player shows \(nowPlaying.title)")
        }
        let session = try await Container.default.resolveAsync(AudioSession.self)
        guard session === player.session else {
            throw CorpusFailure(message: "the audio session is not the singleton")
        }

        let report = await Container.validate(modules: [PlayerModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
