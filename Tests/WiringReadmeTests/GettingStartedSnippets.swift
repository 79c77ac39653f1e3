import Testing
import Wiring

// The Getting Started article tells users to keep a fake's mutable state behind a `Mutex`, and this compiles that
// code as they write it: against Synchronization's `Mutex` on Linux, and on Apple platforms, where
// this target builds for the package's floor (macOS 13) and `Mutex` needs macOS 15, against a
// stand-in with its API (`MutexStandIn.swift`).
#if os(Linux)
    import Synchronization
#endif

// The code of the DocC article "Getting started" (Sources/Wiring/Documentation.docc/
// GettingStarted.md), compiled and run. `DocSnippetTests` checks that every Swift block of the
// article appears here verbatim, so the article cannot drift from code that compiles.

protocol GreetingStore: Sendable {
    func save(_ greeting: String)
}

final class MemoryGreetingStore: GreetingStore {  // Sendable: its mutable state is behind a Mutex
    private let saved = Mutex<[String]>([])
    func save(_ greeting: String) { saved.withLock { $0.append(greeting) } }
    var all: [String] { saved.withLock { $0 } }
}

final class GreetingJob: Sendable {
    let welcome: WelcomeService = wired()  // resolved when the job is made
    let store = LazyWired<any GreetingStore>()  // resolved on the first store()
}

final class WelcomeService: Sendable {
    let store: any GreetingStore
    init(store: any GreetingStore) { self.store = store }
    func greet(_ name: String) -> String {
        let greeting = "Hello, \(name)!"
        store.save(greeting)
        return greeting
    }
}

struct GreetingModule: Module {
    var registrations: Registrations {
        singleton((any GreetingStore).self) { MemoryGreetingStore() }
        autowire(WelcomeService.init(store:))
    }
}

struct GreetingScreen {
    @Wired var welcome: WelcomeService
}

@Suite("Getting started article")
struct GettingStartedSnippets {
    @Test("the article's container, module and call-site injection work as written")
    func article() throws {
        let container = Container()
        container.register((any GreetingStore).self, lifetime: .singleton) { _ in MemoryGreetingStore() }
        container.register(WelcomeService.self) { r in WelcomeService(store: try r.resolve()) }
        let welcome = try container.resolve(WelcomeService.self)
        print(welcome.greet("Ada"))  // Hello, Ada!

        let app = Container()
        try app.install(GreetingModule())
        let screen = withContainer(app) { GreetingScreen() }
        #expect(screen.welcome.greet("Grace") == "Hello, Grace!")
        let job = withContainer(app) { GreetingJob() }
        #expect(job.welcome.greet("Edsger") == "Hello, Edsger!")
        job.store().save("Hello, Barbara!")
        #expect((try app.resolve((any GreetingStore).self) as? MemoryGreetingStore)?.all.last == "Hello, Barbara!")

        do {
            _ = try Container().resolve(WelcomeService.self)
        } catch {
            print(error)  // Wiring: nothing is registered for WelcomeService. …
        }
        #expect(welcome.greet("Ada") == "Hello, Ada!")
        #expect(throws: WiringError.self) { try Container().resolve(WelcomeService.self) }
    }
}
