import Foundation
import Testing
import Wiring

/// A `deinit` or a factory that calls back into the container, on any key, its own included.
@Suite("Re-entrance from deinits, factories and hooks", .timeLimit(.minutes(10)))
struct ReentranceTests {
    @Test(
        "a weak singleton or graph instance whose deinit resolves is released when the resolve that built it returns",
        arguments: [Lifetime.weakSingleton, .graph]
    )
    func deinitResolvesAfterOutermostResolve(lifetime: Lifetime) throws {
        let counter = LifeCounter()
        let container = Container()
        container.register(Bystander.self) { _ in Bystander() }
        container.register(ResolvesOnDeinit.self, lifetime: lifetime) { [unowned container] _ in
            ResolvesOnDeinit(container: container, counter: counter)
        }
        container.register(UsesAndDrops.self) { r in
            _ = try r.resolve(ResolvesOnDeinit.self)
            return UsesAndDrops()
        }
        for _ in 0..<3 { _ = try container.resolve(UsesAndDrops.self) }
        #expect(counter.built.load(ordering: .relaxed) == 3)
        #expect(counter.live == 0)
    }

    @Test(
        "a factory that resets the container during its own build gets its instance, which is not cached",
        arguments: [Lifetime.singleton, .weakSingleton]
    )
    func factoryResetsOwnKey(lifetime: Lifetime) throws {
        let builds = AtomicCell<Int>(0)
        let container = Container()
        container.register(Tracked.self, lifetime: lifetime) { [unowned container] _ in
            if builds.add(1, ordering: .relaxed).newValue == 1 { container.reset() }
            return Tracked()
        }
        let first = try container.resolve(Tracked.self)
        let second = try container.resolve(Tracked.self)
        let third = try container.resolve(Tracked.self)
        #expect(first !== second, "the instance built across a reset must not be cached")
        #expect(second === third)
        #expect(builds.load(ordering: .relaxed) == 2)
    }

    @Test(
        "an onResolved hook that resets, removes or re-registers its own key does not hang",
        arguments: ["reset", "remove", "register"]
    )
    func hookChangesOwnKey(change: String) throws {
        let container = Container()
        let fired = AtomicCell<Bool>(false)
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
            .onResolved { [unowned container] _, _ in
                guard !fired.exchange(true, ordering: .relaxed) else { return }
                switch change {
                case "reset": container.reset()
                case "remove": container.remove(Tracked.self)
                default: container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
                }
            }
        let first = try container.resolve(Tracked.self)
        switch change {
        case "remove":
            #expect(throws: WiringError.self) { try container.resolve(Tracked.self) }
        default:
            let second = try container.resolve(Tracked.self)
            #expect(first !== second)
            #expect(second === (try container.resolve(Tracked.self)))
        }
    }

    @Test("a weak singleton's factory that removes its own registration returns its instance, and the key is gone")
    func weakFactoryRemovesOwnKey() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .weakSingleton) { [unowned container] _ in
            container.remove(Tracked.self)
            return Tracked()
        }
        _ = try container.resolve(Tracked.self)
        let error = #expect(throws: WiringError.self) { try container.resolve(Tracked.self) }
        #expect(error?.code == .notRegistered)
    }

    @Test("a reset from another thread while a singleton is being built neither waits for the build nor caches it")
    func resetDuringBuildFromAnotherThread() throws {
        let entered = Latch()
        let proceed = Latch()
        let container = Container()
        let builds = AtomicCell<Int>(0)
        container.register(Tracked.self, lifetime: .singleton) { _ in
            if builds.add(1, ordering: .relaxed).newValue == 1 {
                entered.release()
                proceed.wait()
            }
            return Tracked()
        }
        let first = Lock<Result<Tracked, WiringError>?>(nil)
        let resolved = Latch()
        let thread = Thread {
            let result = Result { () throws(WiringError) in try container.resolve(Tracked.self) }
            first.withLock { $0 = result }
            resolved.release()
        }
        thread.start()
        entered.wait()
        container.reset()  // returns while the build is still running
        proceed.release()
        resolved.wait()
        let firstInstance = try #require(try first.withLock { $0 }?.get())
        let second = try container.resolve(Tracked.self)
        #expect(firstInstance !== second)
        #expect(builds.load(ordering: .relaxed) == 2)
    }
}
