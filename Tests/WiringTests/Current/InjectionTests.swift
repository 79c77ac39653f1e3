import Testing
import Wiring

/// A Sendable struct that injects with every wrapper: it stays Sendable.
struct Dashboard: Sendable {
    @Wired var config: Config
    @Wired(tag: DatabaseRole.replica) var replica: any Database
    @OptionalWired var logger: (any Logging)?
    @LazyWired var users: UserService
}

/// A Sendable final class cannot hold wrapped properties; it uses the function forms.
final class Report: Sendable {
    let config: Config = wired()
    let users = LazyWired<UserService>()
}

/// Two services that need each other; the lazy side breaks the cycle.
final class Coordinator: Sendable {
    let router = LazyWired<Router>()
}

final class Router: Sendable {
    let coordinator: Coordinator
    init(coordinator: Coordinator = wired()) { self.coordinator = coordinator }
}

/// A lazy property and the code that reads it, at lines the read-site tests know. (Code inside an
/// exit test's closure is macro-expanded: its lines are the `#expect` line.)
final class Postbox: Sendable {}

struct PostboxScreen {
    static let declaration = #line + 1
    @LazyWired var mailer: Postbox
}

enum PostboxReader {
    // Not inlined: in an optimised build, a read inlined into its caller is reported at the
    // caller's line, here macro-expanded code.
    static let propertyRead = #line + 1
    @inline(never) static func readProperty(of screen: PostboxScreen) -> Postbox { screen.mailer }

    static let callLine = #line + 1
    static func call(_ lazy: LazyWired<Postbox>) -> Postbox { lazy() }
}

func dashboardContainer(built: Counter = Counter()) -> Container {
    let container = Container()
    container.register(Config.self) { _ in Config(environment: "dashboard") }
    container.register((any Database).self, tag: DatabaseRole.replica) { _ in SQLDatabase(name: "replica") }
    container.register(UserService.self) { _ in
        built.increment()
        return UserService(database: SQLDatabase(), logger: ConsoleLogger())
    }
    return container
}

@Suite("Call-site injection")
struct InjectionTests {
    @Test("the function forms resolve from the current container, with tags")
    func functionForms() throws {
        let container = dashboardContainer()
        try withContainer(container) { () throws in
            let config: Config = wired()
            #expect(config.environment == "dashboard")
            #expect(wired((any Database).self, tag: DatabaseRole.replica).name == "replica")
            #expect(try resolve(Config.self).environment == "dashboard")
            #expect(wiredIfRegistered((any Logging).self) == nil)
            #expect(wiredIfRegistered(Config.self)?.environment == "dashboard")
        }
    }

    @Test("the throwing resolve() reports a missing registration with its type and fix")
    func throwingResolveReportsMissing() {
        withContainer(Container()) {
            let error = #expect(throws: WiringError.self) { try resolve((any Logging).self) }
            #expect(error?.code == .notRegistered)
            #expect(error?.description.contains("nothing is registered for any Logging") == true)
            #expect(error?.description.contains("To fix:") == true)
        }
    }

    @Test("resolve(arguments:) passes runtime arguments to the current container")
    func argumentsForm() throws {
        let container = Container()
        container.register(Config.self) { (_: Resolver, environment: String) in Config(environment: environment) }
        let config: Config = try withContainer(container) { () throws(WiringError) in try resolve(arguments: "staging") }
        #expect(config.environment == "staging")
    }

    @Test("@Wired and @OptionalWired resolve at initialization; @LazyWired on first read, once")
    func wrapperTiming() {
        let built = Counter()
        let container = dashboardContainer(built: built)
        let dashboard = withContainer(container) { Dashboard() }
        #expect(dashboard.config.environment == "dashboard")
        #expect(dashboard.replica.name == "replica")
        #expect(dashboard.logger == nil)
        #expect(built.count == 0)
        let first = dashboard.users
        #expect(built.count == 1)
        #expect(dashboard.users === first)
        #expect(built.count == 1)
    }

    @Test("@LazyWired resolves from the container current at initialization, not at the read")
    func lazyCapturesContainer() {
        let container = dashboardContainer()
        let report = withContainer(container) { Report() }
        // Read outside withContainer: the default container has no UserService, yet this works.
        #expect(report.users().database.name == "main")
        #expect(report.config.environment == "dashboard")
    }

    @Test("@LazyWired breaks a construction cycle between two singletons")
    func lazyBreaksCycle() throws {
        let container = Container()
        container.register(Coordinator.self, lifetime: .singleton) { _ in Coordinator() }
        container.register(Router.self, lifetime: .singleton) { _ in Router() }
        let coordinator = try container.resolve(Coordinator.self)
        #expect(coordinator.router().coordinator === coordinator)
    }

    @Test("@OptionalWired gives the instance when it is registered")
    func optionalWhenRegistered() {
        let container = dashboardContainer()
        container.register((any Logging).self) { _ in ConsoleLogger() }
        let dashboard = withContainer(container) { Dashboard() }
        #expect(dashboard.logger != nil)
    }

    @Test("the wrappers keep a Sendable struct Sendable")
    func wrappersAreSendable() async {
        let dashboard = withContainer(dashboardContainer()) { Dashboard() }
        // Crossing into a task requires Dashboard: Sendable, which the compiler checks here.
        let name = await Task.detached { dashboard.users.database.name }.value
        #expect(name == "main")
    }
}

@Suite("Call-site injection failures")
struct InjectionFailureTests {
    @Test("wired() of an unregistered type stops the program with the full message")
    func wiredStopsWithMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let _: any Logging = wired()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Wiring: nothing is registered for any Logging."))
        #expect(stderr.contains("To fix:"))
        #expect(stderr.contains("call-site injection cannot throw"))
    }

    @Test("in a test, wired()'s stop names the test that stopped, which WiringTesting's trait sets")
    func wiredNamesTheRunningTest() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            RunningTest.$name.withValue("signsUp() at SignUpTests.swift:12:6") {
                let _: any Logging = wired()
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Wiring: nothing is registered for any Logging."))
        #expect(stderr.contains("The test that stopped: signsUp() at SignUpTests.swift:12:6."), "\(stderr)")
    }

    @Test("@Wired with a tag names the tag, and the near miss, in its message")
    func wiredTagInMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register((any Database).self) { _ in SQLDatabase() }
            _ = withContainer(container) { Dashboard() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Wiring: nothing is registered for Config."))
        // Dashboard's first wrapper is `@Wired var config: Config`; once that is registered the
        // tagged one fails, which the next exit test checks.
    }

    @Test("@Wired(tag:) of a missing tag points at the untagged registration")
    func wiredTaggedNearMiss() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Config.self) { _ in Config() }
            container.register((any Database).self) { _ in SQLDatabase() }
            _ = withContainer(container) { Dashboard() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Wiring: nothing is registered for any Database tagged .replica."))
        #expect(stderr.contains("any Database is registered without a tag"))
        // The site is the wrapped property's declaration.
        #expect(stderr.contains("resolved at: WiringTests/InjectionTests.swift:7"))
    }

    @Test("@LazyWired of an unregistered type stops the program when it is first read, naming the declaration and the call that read it")
    func lazyStopsOnRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let lazy = withContainer(Container()) { LazyWired<Postbox>() }
            _ = PostboxReader.call(lazy)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("nothing is registered for Postbox"))
        #expect(stderr.contains("read at: WiringTests/InjectionTests.swift:\(PostboxReader.callLine)\n"), "\(stderr)")
    }

    @Test("a failed read of a @LazyWired property names its declaration and the line that read it, found in the call stack")
    func lazyPropertyReadSite() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let screen = withContainer(Container()) { PostboxScreen() }
            _ = PostboxReader.readProperty(of: screen)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            stderr.contains("declared at: WiringTests/InjectionTests.swift:\(PostboxScreen.declaration) (the @LazyWired property)"),
            "\(stderr)"
        )
        #if os(Linux)
            // Read from the line tables of the test binary's debug information (`-c release` on
            // Linux builds it with them too).
            #expect(stderr.contains("read at: \(#filePath):\(PostboxReader.propertyRead)\n"), "\(stderr)")
        #else
            // Apple platforms before their 26 releases have no backtrace API: the line is not known.
            #expect(stderr.contains("read at: "), "\(stderr)")
        #endif
        #expect(!stderr.contains("resolved at:"), "\(stderr)")
    }

    @Test("@LazyWired of a scoped service read outside any scope stops with the scope message, not a crash")
    func lazyScopedOutsideScope() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class RequestState: Sendable {}
            struct Screen {
                @LazyWired var state: RequestState
            }
            let container = Container()
            container.register(RequestState.self, lifetime: .scoped) { _ in RequestState() }
            let screen = withContainer(container) { Screen() }
            _ = screen.state
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("RequestState"), "\(stderr)")
        #expect(stderr.contains("scope"), "\(stderr)")
        #expect(stderr.contains("To fix:"), "\(stderr)")
    }

    @Test("wiredIfRegistered() still stops the program when a registered factory throws")
    func optionalStopsOnFactoryError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Config.self) { _ in throw SampleError(reason: "disk full") }
            let _: Config? = withContainer(container) { wiredIfRegistered() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("the factory of Config threw an error"))
        #expect(stderr.contains("disk full"))
    }
}
