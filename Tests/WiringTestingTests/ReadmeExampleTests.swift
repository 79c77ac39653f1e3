import Testing
import Wiring
import WiringTesting

// The README's first-screen example, compiled and run. `readmeApp` stands in for
// `Container.default`, which this test target leaves alone.

protocol ReadmeDatabase: Sendable {
    func insert(_ name: String)
    var count: Int { get }
}

final class PostgresDatabase: ReadmeDatabase {
    init(url: String) {}
    func insert(_ name: String) { preconditionFailure("the tests must not reach the real database") }
    var count: Int { 0 }
}

final class InMemoryDatabase: ReadmeDatabase {
    private let names = Lock<[String]>([])
    func insert(_ name: String) { names.withLock { $0.append(name) } }
    var count: Int { names.withLock { $0.count } }
}

protocol ReadmeLogging: Sendable {}
final class ReadmeLogger: ReadmeLogging {}
final class RequestContext: Sendable {}

final class ReadmeUserService: Sendable {
    let database: any ReadmeDatabase
    init(database: any ReadmeDatabase, logger: any ReadmeLogging) { self.database = database }
    func signUp(_ name: String) throws { database.insert(name) }
}

struct ReadmeAppModule: Module {
    var registrations: Registrations {
        singleton((any ReadmeDatabase).self) { PostgresDatabase(url: "postgres://localhost/app") }
        singleton { ReadmeLogger() }.forwarding(to: (any ReadmeLogging).self) { $0 }
        autowire(lifetime: .singleton, ReadmeUserService.init(database:logger:))
        scoped { RequestContext() }
    }
}

struct ProfileScreen {
    @Wired var users: ReadmeUserService
    @LazyWired var context: RequestContext
    @OptionalWired var analytics: (any Sendable)?
}

let readmeApp: Container = {
    let container = Container()
    do {
        try container.install(ReadmeAppModule())
    } catch {
        preconditionFailure("\(error)")
    }
    return container
}()

@Suite("README example")
struct ReadmeExampleTests {
    @Test(
        .isolatedContainer(installing: ReadmeAppModule()) {
            $0.register((any ReadmeDatabase).self, lifetime: .singleton) { _ in InMemoryDatabase() }
        })
    func signUpStoresTheUser() throws {
        let users: ReadmeUserService = try resolve()
        try users.signUp("ada")
        #expect(try resolve((any ReadmeDatabase).self).count == 1)
    }

    @Test("the screen's wrappers resolve in a request scope made current")
    func profileScreen() {
        let request = readmeApp.makeScope()
        let screen = withContainer(request) { ProfileScreen() }
        #expect(screen.context === screen.context)
        #expect(screen.analytics == nil)
        #expect(screen.users.database is PostgresDatabase)
    }
}
