import Testing
import Wiring

// The snippet of the "Checking the graph at build time" article: the captive dependency it shows
// the plugin reporting, which validation reports alike.

final class UserSession: Sendable {}

final class ProfileCache: Sendable {
    let session: UserSession
    init(session: UserSession) { self.session = session }
}

struct ProfileModule: Module {
    var registrations: Registrations {
        scoped(in: "session") { @MainActor in UserSession() }
        singleton { @MainActor r in ProfileCache(session: try r.resolve(UserSession.self)) }
    }
}

@Suite("The build-time check article")
struct GraphCheckSnippetTests {
    @Test("validation reports the article's captive dependency in the words the plugin uses")
    func captiveInTheSameWords() async {
        let report = await Container.validate(modules: [ProfileModule()], options: ValidationOptions(dryRun: true))
        #expect(
            report.findings.contains {
                $0.headline
                    == "ProfileCache (singleton) depends on UserSession (scoped(session)), which exists only inside a scope: resolving ProfileCache throws."
            })
    }
}
