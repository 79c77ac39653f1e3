import Testing
import WiringDip

// The code of the DocC article "WiringDip" (the overview, Sources/WiringDip/Documentation.docc/
// WiringDip.md), compiled and run. `DocSnippetTests` checks that every Swift block of the article
// appears here verbatim. `Server`, `Client`, `Config` and `DevConfig` are those of CycleTests.swift
// and AutoInjectionTests.swift; the rest is nested in the suite.

@Suite("The WiringDip overview article")
struct CatalogSnippets {
    final class ServerImp: Server {
        weak var client: Client?
    }

    final class ClientImp: Client {
        let server: Server?
        init(server: Server) { self.server = server }
    }

    protocol ScreenDelegate: AnyObject {}

    final class Coordinator: ScreenDelegate {}

    final class Screen {
        @Injected var client: Client?
        @InjectedWeak var delegate: ScreenDelegate?
    }

    @Test("a singleton server, a client built from it, a tagged config and an auto-injected screen")
    func overview() throws {
        let container = DependencyContainer { container in
            container.register(.singleton) { ServerImp() as Server }
            container.register { ClientImp(server: try container.resolve()) as Client }
            container.register(tag: "dev") { DevConfig() as Config }
        }

        let client = try container.resolve() as Client

        let server = try container.resolve() as Server
        #expect(client is ClientImp)
        #expect(client.server === server)  // the singleton
        let config = try container.resolve(tag: "dev") as Config
        #expect(config is DevConfig)
        let devClient = try container.resolve(tag: "dev") as Client  // falls back to the untagged definition
        #expect(devClient is ClientImp)

        container.register(.singleton) { Coordinator() as ScreenDelegate }
        container.register { Screen() }
        let screen = try container.resolve() as Screen
        let delegate = try container.resolve() as ScreenDelegate
        #expect(screen.client is ClientImp)
        #expect(screen.delegate === delegate)
    }
}
