/// Shape (app target): after sign-in, the app makes a child of `Container.default` and registers
/// the signed-in user there, a key only the child has; the profile screen's view model reads it
/// with `wired()` and is made inside `withContainer(session) { … }`.
///
/// Why it is correct: a child container resolves its own registrations and then its parent's, so
/// a view model made with the child current finds both the user (the child's) and the API client
/// (the app module's, in the parent). Nothing made outside the child reads the user.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

nonisolated struct SignedInUser: Sendable {
    let name: String
}

nonisolated struct ProfileAPI: Sendable {
    let baseURL: String

    func avatarURL(for user: SignedInUser) -> String { "\(baseURL)/avatars/\(user.name)" }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton { ProfileAPI(baseURL: "https://cdn.example.com") }
    }
}

@Observable
final class ProfileViewModel {
    private let user: SignedInUser = wired()
    private let api: ProfileAPI = wired()

    init() {}

    var avatar: String { api.avatarURL(for: user) }
    var title: String { "Hello, \(user.name)" }
}

enum ProfileApp {
    static func launch() throws {
        if !Container.default.isRegistered(ProfileAPI.self) {
            try Container.default.install(AppModule())
        }
    }

    /// The signed-in part of the app: a child container that knows the user.
    static func signIn(as name: String) -> Container {
        let session = Container.default.makeChild()
        session.register(SignedInUser.self, instance: SignedInUser(name: name))
        return session
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try ProfileApp.launch()
        let session = ProfileApp.signIn(as: "ada")

        let model = withContainer(session) { ProfileViewModel() }
        guard model.title == "Hello, ada", model.avatar == "https://cdn.example.com/avatars/ada" else {
            throw CorpusFailure(message: "the profile shows \(model.title), \(model.avatar)")
        }
        guard !Container.default.isRegistered(SignedInUser.self) else {
            throw CorpusFailure(message: "the user leaked into the parent")
        }

        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
