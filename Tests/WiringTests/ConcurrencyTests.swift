import Foundation
import Testing
import Wiring

/// Runs `body` on `threads` dedicated threads released together, and waits for all of them.
func race(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = AtomicCell<Int>(0)
    let finished = DispatchGroup()
    for index in 0..<threads {
        finished.enter()
        let thread = Thread {
            ready.add(1, ordering: .acquiringAndReleasing)
            while ready.load(ordering: .acquiring) < threads {}
            body(index)
            finished.leave()
        }
        thread.start()
    }
    finished.wait()
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("a singleton is built exactly once in 1,000 races of two threads")
    func singletonBuiltOnceUnderContention() {
        var doubleBuilds = 0
        var differentInstances = 0
        for _ in 0..<1_000 {
            let container = Container()
            let built = Counter()
            container.register(Tracked.self, lifetime: .singleton) { _ in
                built.increment()
                var spin = 0
                for value in 0..<1_000 { spin &+= value }
                return Tracked(id: spin)
            }
            let seen = Lock<[ObjectIdentifier]>([])
            race(threads: 2) { _ in
                let instance = try? container.resolve(Tracked.self)
                seen.withLock { $0.append(ObjectIdentifier(instance!)) }
            }
            if built.count != 1 { doubleBuilds += 1 }
            if Set(seen.withLock { $0 }).count != 1 { differentInstances += 1 }
        }
        #expect(doubleBuilds == 0)
        #expect(differentInstances == 0)
    }

    @Test("registering and resolving from many threads at once is safe")
    func concurrentRegisterAndResolve() throws {
        let container = Container()
        container.register(Config.self, lifetime: .singleton) { _ in Config() }
        let failures = AtomicCell<Int>(0)
        race(threads: 4) { thread in
            for index in 0..<300 {
                let tag = "\(thread)-\(index)"
                container.register(Tracked.self, tag: tag) { _ in Tracked(id: index) }
                if (try? container.resolve(Tracked.self, tag: tag).id) != index { failures.add(1, ordering: .relaxed) }
                if (try? container.resolve(Config.self)) == nil { failures.add(1, ordering: .relaxed) }
                if index % 10 == 0 {
                    container.register(Holder.self, lifetime: .singleton) { _ in Holder(value: Tracked()) }
                    _ = try? container.resolve(Holder.self)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(container.isRegistered(Tracked.self, tag: "3-299"))
    }

    @Test("many types registered concurrently are all found after the table grows")
    func concurrentGrowth() {
        let container = Container()
        race(threads: 2) { thread in
            for index in 0..<500 {
                container.register(Tracked.self, tag: thread * 1_000 + index) { _ in Tracked(id: index) }
            }
        }
        for thread in 0..<2 {
            for index in 0..<500 {
                #expect((try? container.resolve(Tracked.self, tag: thread * 1_000 + index).id) == index)
            }
        }
    }

    @Test("two singletons sharing a dependency, built from two threads, do not deadlock")
    func noDeadlockOnSharedDependency() {
        for _ in 0..<200 {
            let container = Container()
            container.register(Config.self, lifetime: .singleton) { _ in Config() }
            container.register(Holder2.self, tag: "a", lifetime: .singleton) { r in Holder2(config: try r.resolve()) }
            container.register(Holder2.self, tag: "b", lifetime: .singleton) { r in Holder2(config: try r.resolve()) }
            let results = AtomicCell<Int>(0)
            race(threads: 2) { thread in
                if (try? container.resolve(Holder2.self, tag: thread == 0 ? "a" : "b")) != nil {
                    results.add(1, ordering: .relaxed)
                }
            }
            #expect(results.load(ordering: .relaxed) == 2)
        }
    }

    @Test("a cycle split across two threads throws instead of hanging")
    func crossThreadCycleDoesNotHang() {
        for _ in 0..<100 {
            let container = Container()
            container.register(CycleA.self, lifetime: .singleton) { r in CycleA(b: try r.resolve()) }
            container.register(CycleB.self, lifetime: .singleton) { r in CycleB(a: try r.resolve()) }
            let errors = AtomicCell<Int>(0)
            race(threads: 2) { thread in
                do {
                    if thread == 0 { _ = try container.resolve(CycleA.self) } else { _ = try container.resolve(CycleB.self) }
                } catch let error as WiringError {
                    if error.code == .cycle { errors.add(1, ordering: .relaxed) }
                } catch {
                    Issue.record("unexpected error \(error)")
                }
            }
            #expect(errors.load(ordering: .relaxed) == 2)
        }
    }

    @Test("cached singleton reads from many threads return the one instance")
    func concurrentCachedReads() throws {
        let container = Container()
        container.register((any Database).self, lifetime: .singleton) { _ in SQLDatabase() }
        let expected = try container.resolve((any Database).self)
        let mismatches = AtomicCell<Int>(0)
        race(threads: 4) { _ in
            for _ in 0..<10_000 where (try? container.resolve((any Database).self)) !== expected {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    @Test("resetting while other threads read never crashes and ends with a fresh instance")
    func resetDuringReads() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
        let failures = AtomicCell<Int>(0)
        race(threads: 3) { thread in
            for _ in 0..<2_000 {
                if thread == 0 {
                    container.reset()
                } else if (try? container.resolve(Tracked.self)) == nil {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let first = try container.resolve(Tracked.self)
        #expect(try container.resolve(Tracked.self) === first)
    }

    @Test("a scoped instance is built once per scope under contention")
    func scopedUnderContention() {
        for _ in 0..<200 {
            let container = Container()
            let built = Counter()
            container.register(Tracked.self, lifetime: .scoped) { _ in
                built.increment()
                return Tracked()
            }
            let scope = container.makeScope()
            race(threads: 2) { _ in _ = try? scope.resolve(Tracked.self) }
            #expect(built.count == 1)
        }
    }
}
