import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// A factory, an `initCompleted` closure or a `deinit` may call back into its container on any
/// key, its own included: the container holds no lock while they run, and releases what it drops
/// after unlocking. CI runs this suite in release builds too, where objects are released earliest.
@Suite("Calling back into the container from user code")
struct ReleaseTests {
    @Test("a factory registers, resets and removes in its own container")
    func factoryChangesItsContainer() {
        let container = Container()
        container.register(Plain.self) { r in
            let inner = r as! Container
            inner.register(Counted.self) { _ in Counted() }
            inner.resetObjectScope(.container)
            _ = inner.resolve(Counted.self)
            return Plain()
        }.inObjectScope(.container)
        #expect(container.resolve(Plain.self) != nil)
        #expect(container.resolve(Counted.self) != nil)
    }

    @Test("an initCompleted closure removes every registration of its container")
    func initCompletedRemovesAll() {
        let container = Container()
        container.register(Plain.self) { _ in Plain() }
            .initCompleted { r, _ in (r as! Container).removeAll() }
        #expect(container.resolve(Plain.self) != nil)
        #expect(container.resolve(Plain.self) == nil)
    }

    @Test(
        "an instance dropped by re-registering, resetting or removing, kept or not, may resolve from the container in its deinit"
    )
    func deinitResolves() {
        let container = Container()
        let resolvedInDeinit = AtomicCell<Int>(0)
        func register() {
            container.register(Watched.self) { _ in
                Watched {
                    if container.resolve(Plain.self) != nil { resolvedInDeinit.add(1, ordering: .relaxed) }
                    container.register(Counted.self) { _ in Counted() }
                }
            }.inObjectScope(.container)
        }
        // Resolved twice, each is also kept beside its registration (`KeptInstances.swift`).
        func resolveTwice() {
            _ = container.resolve(Watched.self)
            _ = container.resolve(Watched.self)
        }
        container.register(Plain.self) { _ in Plain() }
        register()
        resolveTwice()
        container.resetObjectScope(.container)  // drops the first
        resolveTwice()
        register()  // drops the second, with its registration
        resolveTwice()
        container.removeAll()  // drops the third
        #expect(resolvedInDeinit.load(ordering: .relaxed) == 2)
    }

    @Test("an instance kept from a scope changed by inObjectScope may register in its container in its deinit")
    func deinitAfterScopeChange() {
        let container = Container()
        let registered = AtomicCell<Int>(0)
        let entry = container.register(Watched.self) { _ in
            Watched {
                container.register(Counted.self) { _ in Counted() }
                registered.add(1, ordering: .relaxed)
            }
        }.inObjectScope(.container)
        _ = container.resolve(Watched.self)
        _ = container.resolve(Watched.self)
        entry.inObjectScope(.transient)  // drops the storage and the kept instance
        #expect(registered.load(ordering: .relaxed) == 1)
        #expect(container.resolve(Counted.self) != nil)
    }

    @Test("teardowns, and the deinits of what they disposed, resolve, register and reset in their container")
    func teardownsAndDeinitsCallBack() throws {
        let container = Container()
        let calledBack = AtomicCell<Int>(0)
        container.register(Plain.self) { _ in Plain() }.inObjectScope(.container)
        container.register(Watched.self) { _ in
            Watched {
                // Released after its teardown ran, with no lock held.
                container.register(Counted.self) { _ in Counted() }
                container.resetObjectScope(.transient)
                calledBack.add(1, ordering: .relaxed)
            }
        }
        .inObjectScope(.container)
        .onDispose { _ in
            container.register(Counted.self, name: "teardown") { _ in Counted() }
            if container.resolve(Plain.self) != nil { calledBack.add(1, ordering: .relaxed) }
        }
        _ = container.resolve(Watched.self)
        container.resetObjectScope(.container)  // disposes and releases the first
        #expect(calledBack.load(ordering: .relaxed) == 2)
        _ = container.resolve(Watched.self)
        container.register(Watched.self) { _ in Watched {} }  // the second goes with its registration
        #expect(calledBack.load(ordering: .relaxed) == 4)
        _ = container.resolve(Plain.self)
        try container.syncShutdown()
        #expect(container.resolve(Plain.self) == nil)
    }
}
