import Testing
import Wiring
import WiringTesting

// The README tells users to keep a fake's mutable state behind a `Mutex`, and this compiles that
// code as they write it: against Synchronization's `Mutex` on Linux, and on Apple platforms, where
// this target builds for the package's floor (macOS 13) and `Mutex` needs macOS 15, against a
// stand-in with its API (`MutexStandIn.swift`).
#if os(Linux)
    import Synchronization
#endif

// The Swift code of README.md, compiled and run. `DocSnippetTests` checks that every paragraph of
// every Swift block of the README appears here verbatim, so the README cannot show code that does
// not compile. The README's types are defined below; its statements run inside the tests.

// MARK: - The first screen

protocol Database: Sendable {
    func insert(_ name: String)
    var count: Int { get }
}

final class PostgresDatabase: Database {
    init(url: String) {}
    init(logger: any Logging) {}
    func insert(_ name: String) { preconditionFailure("the tests must not reach the real database") }
    var count: Int { 0 }
}

final class InMemoryDatabase: Database {  // Sendable: its mutable state is behind a Mutex
    private let names = Mutex<[String]>([])
    func insert(_ name: String) { names.withLock { $0.append(name) } }
    var count: Int { names.withLock { $0.count } }
}

protocol Logging: Sendable {}
protocol Analytics: Sendable {}

final class ConsoleLogger: Logging {
    private let injected = Lock<Metrics?>(nil)
    /// Set by the README's `onResolved` hook: property injection.
    var metrics: Metrics? {
        get { injected.withLock { $0 } }
        set { injected.withLock { $0 = newValue } }
    }
}

final class UserService: Sendable {
    let database: any Database
    init(database: any Database, logger: any Logging) { self.database = database }
    func signUp(_ name: String) throws { database.insert(name) }
}

final class RequestContext: Sendable {}

struct AppModule: Module {
    var registrations: Registrations {
        singleton((any Database).self) { PostgresDatabase(url: "postgres://localhost/app") }
        singleton { ConsoleLogger() }.forwarding(to: (any Logging).self) { $0 }
        autowire(lifetime: .singleton, UserService.init(database:logger:))  // parameters resolved by type
        scoped { RequestContext() }
    }
}

/// The README's start-up line. Not called: `Container.default` is shared by every test of the
/// process; the tests install `AppModule` into containers of their own.
func startApp() throws {
    try Container.default.install(AppModule())  // once, at start-up
}

struct ProfileScreen {
    @Wired var users: UserService  // resolved when the screen is made
    @LazyWired var context: RequestContext  // resolved on first read; scoped, so make the screen
    // inside withContainer(scope) { … }, or the read stops
    @OptionalWired var analytics: (any Analytics)?  // nil when not registered
}

@Test(
    .isolatedContainer(installing: AppModule()) {
        $0.register((any Database).self, lifetime: .singleton) { _ in InMemoryDatabase() }
    })
func signUpStoresTheUser() throws {
    let users: UserService = try resolve()  // built in this test's container
    try users.signUp("ada")
    #expect(try resolve((any Database).self).count == 1)
}

@Test("the profile screen's wrappers resolve in a request scope made current")
func profileScreenResolvesInAScope() throws {
    let app = Container()
    try app.install(AppModule())
    let request = app.makeScope()
    let screen = withContainer(request) { ProfileScreen() }
    #expect(screen.context === screen.context)
    #expect(screen.analytics == nil)
    #expect(screen.users.database is PostgresDatabase)
}

// MARK: - Modules

struct Seed: Sendable { let users: [String] }

final class Replica: Database {
    let name: String
    init(name: String = "replica") { self.name = name }
    func insert(_ name: String) {}
    var count: Int { 0 }
}

final class HTTPClient: Sendable {
    let baseURL: String
    let timeout: Int
    init(baseURL: String) { (self.baseURL, self.timeout) = (baseURL, 30) }
    init(baseURL: String, timeout: Int, logger: any Logging) { (self.baseURL, self.timeout) = (baseURL, timeout) }
}

struct LoggingModule: Module {
    var registrations: Registrations {
        singleton { ConsoleLogger() }.forwarding(to: (any Logging).self) { $0 }
    }
}

struct NetworkModule: Module {
    var registrations: Registrations {
        singleton { Metrics() }
    }
}

struct PersistenceModule: Module {
    let replicas: [String]
    let seed: Seed?

    var registrations: Registrations {
        singleton((any Database).self) { r in PostgresDatabase(logger: try r.resolve()) }
        for name in replicas {  // for
            singleton((any Database).self, tag: name) { Replica(name: name) }
        }
        if let seed { instance(seed) }  // if let (and if, if/else, switch)
        transient(HTTPClient.self) { (r: Resolver, baseURL: String) in HTTPClient(baseURL: baseURL) }
        LoggingModule()  // nested modules
    }
}

@Test("a module declares with for, if let and nested modules")
func persistenceModuleInstalls() throws {
    let container = Container()
    try container.install(PersistenceModule(replicas: ["eu"], seed: nil), NetworkModule())
    let replica = try container.resolve((any Database).self, tag: "eu")
    #expect((replica as? Replica)?.name == "eu")
    let seeded = Container()
    try seeded.install(PersistenceModule(replicas: [], seed: Seed(users: ["ada"])))
    #expect(try seeded.resolve(Seed.self).users == ["ada"])
    #expect(!container.isRegistered(Seed.self))
    #expect(try container.resolve(HTTPClient.self, arguments: "https://api").baseURL == "https://api")
}

// MARK: - Testing

enum PaymentResult: Equatable { case accepted, declined }

protocol PaymentGateway: Sendable {
    func charge(_ amount: Int) -> PaymentResult
}

struct FakeGateway: PaymentGateway {
    func charge(_ amount: Int) -> PaymentResult { .accepted }
}

struct CheckoutService {
    @Wired var gateway: any PaymentGateway
    func pay(_ amount: Int) throws -> PaymentResult { gateway.charge(amount) }
}

@Suite(.isolatedContainer(installing: AppModule()))  // every test in the suite
struct CheckoutTests {
    @Test func paysWithTheFake() throws {
        Container.current.register((any PaymentGateway).self) { _ in FakeGateway() }  // this test only
        #expect(try CheckoutService().pay(10) == .accepted)
    }
}

// MARK: - Async services, teardown, collections and decorators

struct Config: Sendable {
    let environment: String
    var databaseURL: String { "sqlite://\(environment).db" }
}

actor ConnectionPool {
    let url: String
    private(set) var isClosed = false
    private init(url: String) { self.url = url }
    static func connect(url: String) async throws -> ConnectionPool { ConnectionPool(url: url) }
    func close() { isClosed = true }
}

protocol Plugin: Sendable {}
struct AuthPlugin: Plugin {}

protocol Handler: Sendable {
    var name: String { get }
}

struct ListUsers: Handler {
    init(_ resolver: Resolver) {}
    var name: String { "list users" }
}

struct UsersHandler: Handler {
    init(_ users: UserService) {}
    var name: String { "users" }
}

struct TimedHandler: Handler {
    let inner: any Handler
    init(_ inner: any Handler) { self.inner = inner }
    var name: String { "timed \(inner.name)" }
}

@Test("an async singleton is shared and closed by shutdown; contributions and a decorator apply")
func asyncServicesAndTeardown() async throws {
    let container = Container()
    container.register(Config.self, instance: Config(environment: "test"))
    try container.install(AppModule())
    let request = container.makeScope()

    container.register(ConnectionPool.self, lifetime: .singleton) { r async throws in
        try await ConnectionPool.connect(url: try r.resolve(Config.self).databaseURL)
    }
    .onDispose { pool in await pool.close() }
    container.contribute(to: [any Plugin].self) { _ in AuthPlugin() }
    container.contribute(to: [String: any Handler].self, key: "GET /users") { r in ListUsers(r) }
    container.register((any Handler).self) { r in UsersHandler(try r.resolve()) }
        .decorated { _, inner in TimedHandler(inner) }

    #expect(try container.resolve((any Handler).self).name == "timed users")
    #expect(try container.resolve([String: any Handler].self)["GET /users"]?.name == "list users")

    let pool = try await container.resolveAsync(ConnectionPool.self)  // one connection for all callers
    let plugins = try container.resolve([any Plugin].self)  // in contribution order
    try await request.close()  // disposes the request's instances
    try await container.shutdown()  // then the singletons, newest first

    #expect(pool.url == "sqlite://test.db")
    #expect(await pool.isClosed)
    #expect(plugins.count == 1 && plugins.first is AuthPlugin)
}

// MARK: - Validation

@Test func wiringIsValid() {
    // The roots are what the app resolves itself: ProfileScreen is not registered, so the
    // RequestContext its @LazyWired reads is a root too.
    let roots: [Any.Type] = [UserService.self, RequestContext.self]
    let report = Container.validate(modules: [AppModule()], options: ValidationOptions(roots: roots, dryRun: true))
    #expect(report.isClean, "\(report)")  // no error and no warning
}

@Test("the README's validation recipe without RequestContext as a root warns, and says how to declare it")
func validationRecipeWithoutTheScreensRoot() {
    let report = Container.validate(modules: [AppModule()], options: ValidationOptions(roots: [UserService.self], dryRun: true))
    #expect(report.isValid)
    #expect(report.warnings.map(\.registration) == ["RequestContext"])
    #expect(report.warnings.first?.fix.contains("add it to ValidationOptions.roots") == true)
}

// MARK: - Registering

final class Metrics: Sendable {}

enum DB {
    static let replica = "replica"
}

@Test("instances, eager singletons, tags, arguments, forwarding and property injection")
func registering() throws {
    let container = Container()

    container.register(Config.self, instance: Config(environment: "prod"))  // a ready value
    container.register(Metrics.self, lifetime: .eagerSingleton) { _ in Metrics() }  // built by start()
    container.register((any Database).self, tag: DB.replica, lifetime: .singleton) { _ in Replica() }
    container.register(HTTPClient.self) { (r: Resolver, baseURL: String, timeout: Int) in
        HTTPClient(baseURL: baseURL, timeout: timeout, logger: try r.resolve())
    }
    container.register(ConsoleLogger.self, lifetime: .singleton) { _ in ConsoleLogger() }
        .forwarding(to: (any Logging).self) { $0 }  // one instance, two types
        .onResolved { r, logger in logger.metrics = try r.resolve() }  // property injection
    try container.start()  // eager singletons, in registration order

    let logger = try container.resolve(ConsoleLogger.self)
    #expect(try container.resolve((any Logging).self) as? ConsoleLogger === logger)
    #expect(logger.metrics === (try container.resolve(Metrics.self)))
    #expect(try container.resolve(Config.self).environment == "prod")
    #expect(try container.resolve((any Database).self, tag: DB.replica) is Replica)
    #expect(try container.resolve(HTTPClient.self, arguments: "https://api", 5).timeout == 5)
}
