import Testing
import WiringSwinject

private protocol Database {}
private protocol Marker: AnyObject {}
extension Plain: Marker {}
private final class Repository {
    init(database: any Database) {}
}
private final class App {
    init(repository: Repository) {}
}

/// What a failed resolve tells.
@Suite("Messages", .serialized)
struct DiagnosticsTests {
    /// The messages logged while `body` ran, by this test and by any running beside it.
    private func logged(_ body: () -> Void) -> [String] {
        LogCapture.collecting(body)
    }

    @Test("a missing dependency logs what was asked for, the path that asked, and a fix")
    func missingDependency() {
        let container = Container()
        container.register(App.self) { r in App(repository: r.resolve(Repository.self)!) }
        container.register(Repository.self) { r in
            // Optional chaining would crash the test process; a missing dependency is logged first.
            guard let database = r.resolve((any Database).self) else { return Repository(database: Missing()) }
            return Repository(database: database)
        }
        // Other suites run meanwhile, and their failures are logged too: keep this one's.
        let messages = logged { _ = container.resolve(App.self) }.filter { $0.contains("Database") }
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(
            message.hasPrefix("Swinject: Resolution failed. Expected registration:\n\t{ Service: Database, Factory: Resolver -> Database }")
        )
        #expect(message.contains("Path: App → Repository → Database"))
        #expect(message.contains("Fix: add container.register(Database.self) { r in … } to this container or one of its parents"))
    }

    @Test("resolving with other argument types names the registered ones")
    func argumentMismatch() {
        let container = Container()
        container.register(Plain.self) { (_: any Resolver, _: String) in Plain() }
        let messages = logged { #expect(container.resolve(Plain.self, argument: 42) == nil) }.filter { $0.contains("Plain") }
        #expect(
            messages.first?.contains("the registration of Plain takes (Resolver, String), and the resolve passed (Resolver, Int)") == true)
    }

    @Test("a name that is not registered names the registered one")
    func wrongName() {
        let container = Container()
        container.register(Plain.self, name: "left") { _ in Plain() }
        let messages = logged { #expect(container.resolve(Plain.self, name: "right") == nil) }.filter { $0.contains("\"right\"") }
        #expect(messages.first?.contains("Plain is registered with \"left\" and the resolve asked for \"right\"") == true)
    }

    @Test("a misspelt name gets the nearest registered name, every time")
    func nearestName() {
        for _ in 0..<20 {
            let container = Container()
            for name in ["backup", "tertiary", "primary"] { container.register(Plain.self, name: name) { _ in Plain() } }
            let messages = logged { #expect(container.resolve(Plain.self, name: "primery") == nil) }.filter { $0.contains("\"primery\"") }
            #expect(
                messages.first?.contains("Plain is registered with \"primary\" and the resolve asked for \"primery\"") == true,
                "\(messages)")
        }
    }

    @Test("a type forwarded under a name is named in the fix, not said to be unregistered")
    func forwardedTypeNamed() {
        let container = Container()
        container.register(Plain.self) { _ in Plain() }.implements(Marker.self, name: "main")
        let messages = logged { #expect(container.resolve(Marker.self) == nil) }.filter { $0.contains("Marker") }
        #expect(messages.first?.contains("Marker is registered with \"main\" and the resolve asked for no name") == true, "\(messages)")
    }

    @Test("the suggested factory's parameters are Swift: named, with their types")
    func pasteableClosure() {
        let container = Container()
        let messages = logged { #expect(container.resolve(Plain.self, arguments: 42, "x") == nil) }.filter { $0.contains("Plain") }
        #expect(
            messages.first?.contains("container.register(Plain.self) { (r: Resolver, arg1: Int, arg2: String) in … }") == true,
            "\(messages)")
    }

    @Test("a child made after its parent shut down is shut down too: every registration resolves to nothing, saying why")
    func childOfShutDownParent() throws {
        let parent = Container()
        parent.register(Plain.self) { _ in Plain() }.inObjectScope(.container)
        try parent.syncShutdown()
        let messages = logged {
            for _ in 0..<2 {
                let child = Container(parent: parent)
                child.register(Watched.self) { _ in Watched(onDeinit: {}) }
                child.register(Counted.self) { _ in Counted() }.inObjectScope(.container)
                #expect(child.resolve(Watched.self) == nil)
                #expect(child.resolve(Counted.self) == nil)
                #expect(child.resolve(Plain.self) == nil)
            }
        }.filter { message in
            message.contains("made after its parent was shut down")
                && ["Watched", "Counted", "Plain"].contains { message.contains("Service: \($0),") }
        }
        #expect(messages.count == 6, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("Fix: make the child from a container that has not been shut down") })
    }

    /// Keeps what it is told, as a logger would print it.
    final class Log: Sendable {
        let messages = Locked<[String]>([])
        func warning(_ message: String) { messages.withLock { $0.append(message) } }
    }

    @Test("the migration article's logging function receives each failure")
    func articleLoggingFunction() async {
        let logger = Log()
        await LogCapture.exclusively {
            Container.loggingFunction = { message in logger.warning("\(message)") }
            #expect(Container().resolve(Watched.self) == nil)
        }
        #expect(logger.messages.withLock { $0.filter { $0.contains("Watched") }.count } == 1)
    }

    @Test("nothing is logged, and no message built, when logging is off")
    func quietByDefault() async {
        await LogCapture.exclusively {
            #expect(Container().resolve(Plain.self) == nil)
        }
    }
}

/// Programmer errors stop the program with a message, in every build configuration.
@Suite("Programmer errors")
struct ExitTests {
    @Test("a circle of factories stops with Swinject's message, the path and the fix")
    func circleOfFactories() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Egg { init(_: Any?) {} }
            final class Hen { init(_: Any?) {} }
            let container = Container()
            container.register(Egg.self) { r in Egg(r.resolve(Hen.self)) }
            container.register(Hen.self) { r in Hen(r.resolve(Egg.self)) }
            _ = container.resolve(Egg.self)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Infinite recursive call for circular dependency has been detected."))
        #expect(text.contains("Circle: Egg → Hen → Egg\n"), "\(text)")
        #expect(text.contains("Path: Egg → Hen → Egg (then the circle again, 200 levels in all)"), "\(text)")
        #expect(text.contains("Fix: make one side of the circle take the other in an initCompleted closure"))
    }

    @Test("a circle reached through other types names the circle, and the path to it once")
    func circleAfterAPrefix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class App { init(_: Any?) {} }
            final class Egg { init(_: Any?) {} }
            final class Hen { init(_: Any?) {} }
            final class Nest { init(_: Any?) {} }
            let container = Container()
            container.register(App.self) { r in App(r.resolve(Egg.self)) }
            container.register(Egg.self) { r in Egg(r.resolve(Hen.self)) }
            container.register(Hen.self) { r in Hen(r.resolve(Nest.self)) }
            container.register(Nest.self) { r in Nest(r.resolve(Egg.self)) }
            _ = container.resolve(App.self)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Circle: Egg → Hen → Nest → Egg\n"), "\(text)")
        #expect(text.contains("Path: App → Egg → Hen → Nest → Egg (then the circle again"), "\(text)")
    }

    @Test("factories that need each other, started on two threads, stop with the circle's message instead of hanging")
    func circleAcrossThreads() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Egg { init(_: Any?) {} }
            final class Hen { init(_: Any?) {} }
            let container = Container()
            let eggStarted = Latch()
            let henStarted = Latch()
            container.register(Egg.self) { r in
                eggStarted.open()
                henStarted.wait()
                return Egg(r.resolve(Hen.self))
            }.inObjectScope(.container)
            container.register(Hen.self) { r in
                henStarted.open()
                eggStarted.wait()
                return Hen(r.resolve(Egg.self))
            }.inObjectScope(.container)
            onThreads(2) { index in _ = index == 0 ? container.resolve(Egg.self) as Any : container.resolve(Hen.self) as Any }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Infinite recursive call for circular dependency has been detected."))
    }

    @Test("a Lazy whose container is gone stops with a message")
    func lazyWithoutContainer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var container: Container? = Container()
            container!.register(Plain.self) { _ in Plain() }
            let lazy = container!.resolve(Lazy<Plain>.self)!
            container = nil
            _ = lazy.instance
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringSwinject: Lazy<Plain> could not resolve Plain: its container was released"))
        #expect(text.contains("Fix: keep the container alive while its Lazy values are used"))
    }

    @Test("a Lazy over an async registration not built yet stops saying it needs resolveAsync first")
    func lazyOverAsyncNotBuilt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.registerAsync(Plain.self) { _ in Plain() }.inObjectScope(.container)
            let lazy = container.resolve(Lazy<Plain>.self)!
            _ = lazy.instance
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            text.contains("Lazy<Plain> could not resolve Plain: it, or a registration its factory resolves, has an async factory"),
            "\(text)")
        #expect(text.contains("Fix: resolve it first with `await container.resolveAsync(Plain.self)`"), "\(text)")
        #expect(!text.contains("its container was released"), "\(text)")
    }

    @Test("a Provider whose container is gone stops with a message")
    func providerWithoutContainer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var container: Container? = Container()
            container!.register(Plain.self) { _ in Plain() }
            let provider = container!.resolve(Provider<Plain>.self)!
            container = nil
            _ = provider.instance
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringSwinject: Provider<Plain> could not resolve Plain: its container was released"))
    }
}

private struct Missing: Database {}
