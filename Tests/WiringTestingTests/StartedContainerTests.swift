import Testing
import Wiring
import WiringTesting

/// An app's store, loaded asynchronously and built at launch.
private actor LaunchStore {
    static func open() async -> LaunchStore { LaunchStore() }
    let items = ["tea"]
}

/// The view model of the newcomer trial: it reads the store with call-site injection.
private final class LaunchViewModel: Sendable {
    let store: LaunchStore = wired()
}

private struct LaunchModule: Module {
    var registrations: Registrations {
        eagerSingleton { await LaunchStore.open() }
    }
}

/// Counts the eager singletons built, to tell an override's from the module's.
private final class Probe: Sendable {
    static let built = Lock(0)
    init() { Self.built.withLock { $0 += 1 } }
}

@Suite("The isolated-container trait starts the container as the app's launch does")
struct StartedContainerTests {
    @Test(
        "an async eager singleton is built before the test body: synchronous reads and a view model's wired() find it",
        .isolatedContainer(installing: LaunchModule())
    )
    func asyncEagerSingletonIsBuilt() async throws {
        let store: LaunchStore = try resolve()
        #expect(LaunchViewModel().store === store)
        #expect(store.items == ["tea"])
    }

    @Test(
        "the overrides run before the start: an overridden eager singleton is the override's",
        .isolatedContainer(installing: LaunchModule()) { container in
            container.register(LaunchStore.self, lifetime: .eagerSingleton) { _ in LaunchStore() }
            container.register(Probe.self, lifetime: .eagerSingleton) { _ in Probe() }
        }
    )
    func overridesComeFirst() throws {
        let before = Probe.built.withLock { $0 }
        _ = try resolve(LaunchStore.self)
        _ = try resolve(Probe.self)
        // Built by the start, before the body: reading it built nothing more.
        #expect(Probe.built.withLock { $0 } == before)
    }
}

@Suite("The isolated-container trait names the running test")
struct RunningTestNameTests {
    /// Inside the trait, the test's name and place are what call-site injection's stop message says.
    @Test(.isolatedContainer(installing: LaunchModule()))
    func namedTest() {
        let name = RunningTest.name ?? ""
        #expect(name.hasPrefix("namedTest() at "), "\(name)")
        #expect(name.contains("StartedContainerTests.swift"), "\(name)")
    }
}
