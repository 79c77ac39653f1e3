import Foundation
import Testing
import Wiring

/// Counts the instances of a fixture that are alive, built and disposed.
final class LifeCounter: Sendable {
    let built = AtomicCell<Int>(0)
    let released = AtomicCell<Int>(0)
    let disposed = AtomicCell<Int>(0)

    var live: Int { built.load(ordering: .acquiring) - released.load(ordering: .acquiring) }
    var disposals: Int { disposed.load(ordering: .acquiring) }
}

/// A disposable instance that counts its life, and fails the test run if it is disposed twice.
final class CountedResource: Disposable, Sendable {
    let counter: LifeCounter
    private let wasDisposed = AtomicCell<Bool>(false)

    init(_ counter: LifeCounter) {
        self.counter = counter
        counter.built.add(1, ordering: .relaxed)
    }

    var isDisposed: Bool { wasDisposed.load(ordering: .acquiring) }

    func dispose() throws {
        precondition(!wasDisposed.exchange(true, ordering: .acquiringAndReleasing), "disposed twice")
        counter.disposed.add(1, ordering: .relaxed)
    }

    deinit { counter.released.add(1, ordering: .releasing) }
}

/// A plain service, for `deinit`s that resolve something.
final class Bystander: Sendable {}

/// An instance whose `deinit` resolves from the container that built it.
final class ResolvesOnDeinit: Sendable {
    let container: Container
    let counter: LifeCounter

    init(container: Container, counter: LifeCounter) {
        self.container = container
        self.counter = counter
        counter.built.add(1, ordering: .relaxed)
    }

    deinit {
        _ = try? container.resolve(Bystander.self)
        counter.released.add(1, ordering: .releasing)
    }
}

/// A transient that depends on a weak singleton or graph instance, which it drops at once.
struct UsesAndDrops: Sendable {}

/// A gate that a test opens to let suspended factories continue: they wait without polling.
final class Gate: Sendable {
    private let state = Lock<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func release() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A one-shot latch that threads block on, and tasks await.
final class Latch: Sendable {
    private let open = AtomicCell<Bool>(false)
    private let tasks = Gate()
    private let threads = DispatchSemaphore(value: 0)
    private let threadWaiters = AtomicCell<Int>(0)

    func release() {
        // Sequentially consistent with `wait`: the releaser sees the waiter's count, or the
        // waiter sees the latch open.
        open.store(true, ordering: .sequentiallyConsistent)
        tasks.release()
        for _ in 0..<threadWaiters.load(ordering: .sequentiallyConsistent) { threads.signal() }
    }

    var isOpen: Bool { open.load(ordering: .sequentiallyConsistent) }

    /// Blocks the calling thread until released. After `seconds` it records an issue and
    /// returns, so that a bug fails the test instead of hanging it.
    func wait(seconds: Int = 60, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        threadWaiters.add(1, ordering: .sequentiallyConsistent)
        let deadline = DispatchTime.now() + .seconds(seconds)
        while !isOpen {
            if threads.wait(timeout: min(deadline, .now() + .milliseconds(100))) == .success { continue }
            if DispatchTime.now() >= deadline {
                Issue.record("Latch not released within \(seconds) s", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Suspends the calling task until released, without holding a thread.
    func waitAsync() async {
        await tasks.wait()
    }
}
