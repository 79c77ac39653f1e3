import Testing
import WiringDip

/// The two examples of Dip's "Auto injection" wiki page, as written there except for two
/// changes Swift itself requires: `weak` is not allowed on a protocol property, and
/// `protocol Client: class` is spelled `AnyObject`. They use the page's older spellings
/// (`.Shared`, `.value`), so they are marked deprecated to compile without warnings.
enum SeedPage {
    protocol Server {
        var client: Client? { get }
    }

    protocol Client: AnyObject {
        var server: Server? { get }
    }

    @available(*, deprecated, message: "the wiki page's spelling")
    class ServerImp: Server {
        private let injectedClient = InjectedWeak<Client>()
        var client: Client? { return injectedClient.value }
    }

    @available(*, deprecated, message: "the wiki page's spelling")
    class ClientImp: Client {
        private let injectedServer = Injected<Server>()
        var server: Server? { get { return injectedServer.value } }
    }

    protocol Service {
        var config: Injected<Config> { get }
        var dataStore: Injected<DataStore> { get }
    }

    class ServiceImp: Service {
        let config = Injected<Config>()
        let dataStore = Injected<DataStore>()
    }

    class SharedStoreServiceImp: Service {
        let config = Injected<Config>()
        let dataStore = Injected<DataStore>(tag: nil)
    }
}

@Suite("The seed page's examples")
struct SeedPageTests {
    @available(*, deprecated, message: "the wiki page's spelling")
    @Test("auto-injected properties close a client-server cycle")
    func circular() throws {
        let container = DependencyContainer()
        container.register(.Shared) { SeedPage.ServerImp() as SeedPage.Server }
        container.register(.Shared) { SeedPage.ClientImp() as SeedPage.Client }

        let client = try! container.resolve() as SeedPage.Client

        #expect(client.server != nil)
        #expect(client.server?.client === client)
    }

    @available(*, deprecated, message: "the wiki page's spelling")
    @Test("a named resolve tags every injected property unless the property names its own tag")
    func namedDefinitions() throws {
        let container = DependencyContainer()
        container.register() { SeedPage.ServiceImp() as SeedPage.Service }
        container.register(tag: "dev") { DevConfig() as Config }
        container.register(tag: "prod") { ProdConfig() as Config }
        container.register(.singleton) { DataStore() }

        let devService = try! container.resolve(tag: "dev") as SeedPage.Service
        let prodService = try! container.resolve(tag: "prod") as SeedPage.Service

        #expect(devService.config.value !== prodService.config.value)  // expected
        #expect(devService.dataStore.value !== prodService.dataStore.value)  // not expected

        container.register() { SeedPage.SharedStoreServiceImp() as SeedPage.Service }
        let devShared = try! container.resolve(tag: "dev") as SeedPage.Service
        let prodShared = try! container.resolve(tag: "prod") as SeedPage.Service

        #expect(devShared.config.value !== prodShared.config.value)  // still different instances as expected
        #expect(devShared.dataStore.value === prodShared.dataStore.value)  // shared instance now
    }
}
