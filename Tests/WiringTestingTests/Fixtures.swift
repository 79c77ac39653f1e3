import Wiring

/// The value each test overrides.
struct Greeting: Sendable, Equatable {
    let text: String
}

/// A singleton of the app that depends on the overridden value: if singletons leaked between
/// tests, a test would see another test's greeting through it.
final class Greeter: Sendable {
    let greeting: Greeting
    init(greeting: Greeting = wired()) { self.greeting = greeting }
}

/// A view-like value that injects with a property wrapper.
struct Banner: Sendable {
    @Wired var greeter: Greeter
    @Wired var greeting: Greeting
}

struct AppModule: Module {
    var registrations: Registrations {
        transient { Greeting(text: "production") }
        singleton { Greeter() }
    }
}

/// The app's container as a test process would set it up, kept apart from `Container.default`
/// so that these tests do not depend on the order in which other suites run.
let appContainer: Container = {
    let container = Container()
    container.register(Greeting.self) { _ in Greeting(text: "production") }
    container.register(Greeter.self, lifetime: .singleton) { _ in Greeter() }
    return container
}()

/// Every Greeter singleton any test has seen, kept alive so that identities stay unique.
let seenGreeters = Lock<[Greeter]>([])

/// Records `greeter` and returns whether another test had already seen this very instance.
func greeterWasShared(_ greeter: Greeter) -> Bool {
    seenGreeters.withLock { seen in
        let shared = seen.contains { $0 === greeter }
        seen.append(greeter)
        return shared
    }
}
