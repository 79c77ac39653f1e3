import Dispatch
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// A plain container is safe under concurrent first use, unlike Swinject's: each thread resolves
/// in its own graph, a shared instance is built once, and no lock is held while a factory runs.
@Suite("A container used from many threads", .serialized, .timeLimit(.minutes(2)))
struct ConcurrencyTests {
    @Test("a .container instance is built once when 32 threads ask for it first together", arguments: [ObjectScope.container, .weak])
    func builtOnce(scope: ObjectScope) {
        for _ in 0..<50 {
            let container = Container()
            let builds = AtomicCell<Int>(0)
            container.register((any Service).self) { _ in
                builds.add(1, ordering: .relaxed)
                return Counted(spinning: 2_000)
            }.inObjectScope(scope)
            let seen = Locked<Set<ObjectIdentifier>>([])
            let holder = Locked<[any Service]>([])
            onThreads(32) { _ in
                let service = container.resolve((any Service).self)!
                seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
                holder.withLock { $0.append(service) }
            }
            #expect(builds.load(ordering: .relaxed) == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test(
        "a .weak registration resolved by four threads, each dropping its instance, through synchronize() and without",
        arguments: [true, false])
    func weakUnderThreads(synchronized: Bool) throws {
        let container = Container()
        container.register((any Service).self) { _ in Counted() }.inObjectScope(.weak)
        // `synchronize()` returns a Container (a synchronized child), which is Sendable.
        let resolver = synchronized ? try #require(container.synchronize() as? Container) : container
        let missing = AtomicCell<Int>(0)
        onThreads(4) { _ in
            for _ in 0..<20_000 {
                // Released at once: the weak storage empties while other threads read it.
                if resolver.resolve((any Service).self) == nil { missing.add(1, ordering: .relaxed) }
            }
        }
        #expect(missing.load(ordering: .relaxed) == 0)
    }

    @Test("while a factory waits, other threads resolve and register in the same container")
    func noLockAcrossFactories() {
        let container = Container()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        container.register(Counted.self) { _ in
            entered.signal()
            release.wait()
            return Counted()
        }.inObjectScope(.container)
        container.register(Plain.self) { _ in Plain() }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = container.resolve(Counted.self)
            finished.signal()
        }
        entered.wait()
        // The blocked factory holds no lock: these would hang otherwise.
        #expect(container.resolve(Plain.self) != nil)
        container.register(Watched.self) { _ in Watched {} }
        #expect(container.resolve(Watched.self) != nil)
        #expect(container.hasAnyRegistration(of: Counted.self))
        release.signal()
        finished.wait()
    }

    @Test("two threads each building what the other needs finish instead of waiting for each other")
    func crossThreadLoop() {
        final class First: Sendable {
            let second: Second
            init(second: Second) { self.second = second }
        }
        final class Second: @unchecked Sendable {
            // @unchecked: set once, by its initCompleted closure, before the instance is shared.
            weak var first: First?
            init() {}
        }
        for _ in 0..<20 {
            let container = Container()
            // Latches, not semaphores: the thread that finds the loop builds the other's instance
            // itself, running that factory a second time, which must not wait for a signal again.
            let firstStarted = Latch()
            let secondStarted = Latch()
            container.register(First.self) { r in
                firstStarted.open()
                secondStarted.wait()
                return First(second: r.resolve(Second.self)!)
            }.inObjectScope(.container)
            container.register(Second.self) { _ in
                secondStarted.open()
                return Second()
            }.initCompleted { r, second in
                firstStarted.wait()
                second.first = r.resolve(First.self)
            }.inObjectScope(.container)
            let results = Locked<[Int: any AnyObject & Sendable]>([:])
            onThreads(2) { index in
                let resolved: (any AnyObject & Sendable)? = index == 0 ? container.resolve(First.self) : container.resolve(Second.self)
                results.withLock { $0[index] = resolved }
            }
            let first = results.withLock { $0[0] } as? First
            let second = results.withLock { $0[1] } as? Second
            #expect(first != nil && second != nil)
            #expect(first?.second === second)
            #expect(second?.first === container.resolve(First.self))
        }
    }

    @Test("another thread gets a .container instance only once its initCompleted closures have run")
    func noHalfCompletedInstance() {
        final class Configured: @unchecked Sendable {
            // @unchecked: `ready` is set by initCompleted, before the container hands the instance
            // to another thread (what this test checks).
            var ready = false
            init() {}
        }
        let container = Container()
        let completing = Latch()
        let proceed = Latch()
        container.register(Configured.self) { _ in Configured() }
            .initCompleted { _, configured in
                completing.open()
                proceed.wait()
                configured.ready = true
            }
            .inObjectScope(.container)
        let seenReady = AtomicCell<Bool>(false)
        onThreads(2) { index in
            if index == 0 {
                _ = container.resolve(Configured.self)
            } else {
                completing.wait()
                // The first thread is inside initCompleted; let it finish a moment after this
                // thread has asked.
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { proceed.open() }
                seenReady.store(container.resolve(Configured.self)?.ready == true, ordering: .relaxed)
            }
        }
        let ready = seenReady.load(ordering: .relaxed)
        #expect(ready)
    }

    @Test("concurrent resolves each get their own object graph, shared within it")
    func graphPerThread() {
        final class Leaf: Sendable { init() {} }
        final class Root: Sendable {
            let left: Leaf
            let right: Leaf
            init(left: Leaf, right: Leaf) {
                self.left = left
                self.right = right
            }
        }
        let container = Container()
        container.register(Leaf.self) { _ in Leaf() }
        container.register(Root.self) { r in Root(left: r.resolve(Leaf.self)!, right: r.resolve(Leaf.self)!) }
        let roots = Locked<[Root]>([])
        onThreads(16) { _ in
            for _ in 0..<200 {
                let root = container.resolve(Root.self)!
                roots.withLock { $0.append(root) }
            }
        }
        let all = roots.withLock { $0 }
        #expect(all.allSatisfy { $0.left === $0.right })
        #expect(Set(all.map { ObjectIdentifier($0.left) }).count == all.count)
    }

    @Test("through a synchronized resolver, one thread at a time runs factories")
    func synchronizedSerializes() {
        let container = Container()
        let inside = AtomicCell<Int>(0)
        let overlapped = AtomicCell<Bool>(false)
        container.register(Counted.self) { _ in
            if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 { overlapped.store(true, ordering: .relaxed) }
            let counted = Counted(spinning: 20_000)
            inside.subtract(1, ordering: .sequentiallyConsistent)
            return counted
        }
        let resolver = container.synchronize() as! Container
        // A thread that leaves the turnstile often takes it again at once: a waiter must not miss
        // that it was left meanwhile (it once did, and slept for ever).
        onThreads(8) { _ in
            for _ in 0..<300 { _ = resolver.resolve(Counted.self) }
        }
        let didOverlap = overlapped.load(ordering: .relaxed)
        #expect(!didOverlap)
    }

    @Test("registering while other threads resolve the same key always finds a registration")
    func registerWhileResolving() {
        let container = Container()
        container.register(Counted.self) { _ in Counted() }
        let misses = AtomicCell<Int>(0)
        onThreads(4) { index in
            for round in 0..<2_000 {
                if index == 0 {
                    container.register(Counted.self) { _ in Counted() }.inObjectScope(round.isMultiple(of: 2) ? .container : .transient)
                } else if container.resolve(Counted.self) == nil {
                    misses.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(misses.load(ordering: .relaxed) == 0)
    }

    /// Swinject's own `testSynchronizedResolverSynchronousReadsWrites` under the sanitizers, which
    /// skip that test (`.ci/run`): its three-second limit is spent in XCTest's bookkeeping of its
    /// 3,001 expectations, which the sanitizers slow past the limit, not in the container.
    @Test("a synchronized resolver serves resolves on several threads while another thread registers")
    func registerWhileResolvingSynchronized() {
        let container = Container().synchronize() as! Container
        let registered = AtomicCell<Bool>(false)
        let misses = AtomicCell<Int>(0)
        onThreads(4) { index in
            for _ in 0..<3_000 {
                if index == 0 {
                    container.register(Counted.self) { _ in Counted() }
                    registered.store(true, ordering: .releasing)
                } else if registered.load(ordering: .acquiring), container.resolve(Counted.self) == nil {
                    misses.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(misses.load(ordering: .relaxed) == 0)
        #expect(container.resolve(Counted.self) != nil)
    }
}
