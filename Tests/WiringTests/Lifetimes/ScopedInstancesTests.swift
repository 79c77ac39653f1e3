import Foundation
import Testing
import Wiring

/// The scope's instance table (one mutex, a build recorded while its factory runs): exactly
/// once, waits, loops across threads, replacement and reset, as the per-key cells it replaced.
@Suite("Scoped instances under contention")
struct ScopedInstancesTests {
    @Test("a thread that needs a scoped instance another thread is building waits and gets that instance")
    func waiterGetsTheBuiltInstance() {
        let container = Container()
        let started = Latch()
        let proceed = Latch()
        let built = Counter()
        container.register(Tracked.self, lifetime: .scoped) { _ in
            built.increment()
            started.release()
            proceed.wait()
            return Tracked()
        }
        let scope = container.makeScope()
        let seen = Lock<[ObjectIdentifier]>([])
        race(threads: 3) { thread in
            if thread == 2 {
                // Lets the factory finish once the second resolve has had time to start waiting
                // (the test passes either way; the pause only makes the wait path likely).
                started.wait()
                usleep(20_000)
                proceed.release()
                return
            }
            // Thread 1 starts while thread 0's factory runs: it must wait for that build.
            if thread == 1 { started.wait() }
            let instance = try? scope.resolve(Tracked.self)
            seen.withLock { $0.append(ObjectIdentifier(instance!)) }
        }
        #expect(built.count == 1)
        #expect(Set(seen.withLock { $0 }).count == 1)
    }

    @Test("a cycle split across two threads through one scope throws instead of hanging")
    func crossThreadCycleInScope() {
        for _ in 0..<100 {
            let container = Container()
            container.register(CycleA.self, lifetime: .scoped) { r in CycleA(b: try r.resolve()) }
            container.register(CycleB.self, lifetime: .scoped) { r in CycleB(a: try r.resolve()) }
            let scope = container.makeScope()
            let errors = AtomicCell<Int>(0)
            race(threads: 2) { thread in
                do {
                    if thread == 0 { _ = try scope.resolve(CycleA.self) } else { _ = try scope.resolve(CycleB.self) }
                } catch let error as WiringError {
                    if error.code == .cycle { errors.add(1, ordering: .relaxed) }
                } catch {
                    Issue.record("unexpected error \(error)")
                }
            }
            #expect(errors.load(ordering: .relaxed) == 2)
        }
    }

    @Test("a cycle split across two threads through a scoped and a singleton registration throws instead of hanging")
    func crossThreadCycleThroughScopeAndSingleton() {
        for _ in 0..<100 {
            let container = Container()
            let scope = container.makeScope()
            // The singleton reaches the scoped instance through the scope it captured: a loop the
            // two threads split, each waiting for what the other builds.
            container.register(CycleA.self, lifetime: .scoped) { r in CycleA(b: try r.resolve()) }
            container.register(CycleB.self, lifetime: .singleton) { _ in CycleB(a: try scope.resolve()) }
            let outcomes = AtomicCell<Int>(0)
            race(threads: 2) { thread in
                do {
                    if thread == 0 { _ = try scope.resolve(CycleA.self) } else { _ = try container.resolve(CycleB.self) }
                } catch let error as WiringError where error.code == .cycle {
                } catch {
                    Issue.record("unexpected error \(error)")
                }
                outcomes.add(1, ordering: .relaxed)
            }
            #expect(outcomes.load(ordering: .relaxed) == 2)
        }
    }

    @Test("a scope reset while a build is in flight: the build's caller gets its instance, the scope builds a new one next")
    func resetDuringBuild() throws {
        let container = Container()
        let started = Latch()
        let proceed = Latch()
        let builds = Counter()
        container.register(Tracked.self, lifetime: .scoped) { _ in
            builds.increment()
            if builds.count == 1 {
                started.release()
                proceed.wait()
            }
            return Tracked()
        }
        let scope = container.makeScope()
        let first = Lock<Tracked?>(nil)
        race(threads: 2) { thread in
            if thread == 0 {
                let instance = try? scope.resolve(Tracked.self)
                first.withLock { $0 = instance }
            } else {
                started.wait()
                scope.reset()
                proceed.release()
            }
        }
        let overlapped = try #require(first.withLock { $0 })
        let next = try scope.resolve(Tracked.self)
        #expect(next !== overlapped)
        #expect(try scope.resolve(Tracked.self) === next)
    }

    @Test("a re-registered scoped type: the scope drops and disposes the old registration's instance")
    func replacedRegistrationInScope() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, lifetime: .scoped) { _ in Resource("old", log) }
        let scope = container.makeScope()
        let old = try scope.resolve(Resource.self)
        container.register(Resource.self, lifetime: .scoped) { _ in Resource("new", log) }
        let new = try scope.resolve(Resource.self)
        #expect(new !== old)
        #expect(log.all == ["old"])
        try scope.syncClose()
        #expect(log.all == ["old", "new"])
    }

    @Test(
        "a scoped instance whose deinit resolves, provides and resets through its scope is released outside the scope's mutex"
    )
    func deinitThatUsesItsScope() throws {
        let container = Container()
        let scopes = Lock<[Scope]>([])
        let released = Counter()
        container.register(Bystander.self, lifetime: .scoped) { _ in Bystander() }
        container.register(Config.self, lifetime: .scoped) { _ in Config() }
        container.register(UsesScopeOnDeinit.self, lifetime: .scoped) { _ in
            UsesScopeOnDeinit {
                // Under the scope's mutex, each of these would deadlock (it is not recursive).
                for scope in scopes.withLock({ $0 }) {
                    _ = try? scope.resolve(Bystander.self)
                    try? scope.provide(Config())
                    scope.reset()
                }
                released.increment()
            }
        }
        let scope = container.makeScope()
        scopes.withLock { $0 = [scope] }
        _ = try scope.resolve(UsesScopeOnDeinit.self)
        scope.reset()
        _ = try scope.resolve(UsesScopeOnDeinit.self)
        container.register(UsesScopeOnDeinit.self, lifetime: .scoped) { _ in UsesScopeOnDeinit {} }
        _ = try scope.resolve(UsesScopeOnDeinit.self)  // replaces the old registration's instance
        let before = released.count
        _ = try scope.resolve(Bystander.self)
        try scope.syncClose()
        scopes.withLock { $0 = [] }
        #expect(before == 2)
        #expect(released.count == 2)
    }

    @Test("many scopes used and closed from many threads at once: every disposable instance disposed once")
    func manyScopesConcurrently() {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, lifetime: .scoped) { _ in Resource("r", log) }
        container.register(ResourceHolder.self, lifetime: .scoped) { r in ResourceHolder(resource: try r.resolve()) }
        let failures = AtomicCell<Int>(0)
        race(threads: 4) { _ in
            for _ in 0..<500 {
                let scope = container.makeScope()
                do {
                    let holder = try scope.resolve(ResourceHolder.self)
                    if try scope.resolve(Resource.self) !== holder.resource { failures.add(1, ordering: .relaxed) }
                    try scope.syncClose()
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(log.all.count == 2_000)
    }
}

/// Runs `onDeinit` when released.
final class UsesScopeOnDeinit: Sendable {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// A scoped service that depends on a scoped ``Resource``.
final class ResourceHolder: Sendable {
    let resource: Resource
    init(resource: Resource) { self.resource = resource }
}
