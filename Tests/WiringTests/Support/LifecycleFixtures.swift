import Foundation
import Synchronization
import Wiring

/// Counts the instances of a fixture that are alive, built and disposed.
final class LifeCounter: Sendable {
    let built = Atomic<Int>(0)
    let released = Atomic<Int>(0)
    let disposed = Atomic<Int>(0)

    var live: Int { built.load(ordering: .acquiring) - released.load(ordering: .acquiring) }
    var disposals: Int { disposed.load(ordering: .acquiring) }
}

/// A disposable instance that counts its life, and fails the test run if it is disposed twice.
final class CountedResource: Disposable, Sendable {
    let counter: LifeCounter
    private let wasDisposed = Atomic<Bool>(false)

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

/// A one-shot latch that threads block on.
final class Latch: Sendable {
    private let open = Atomic<Bool>(false)
    func release() { open.store(true, ordering: .releasing) }
    var isOpen: Bool { open.load(ordering: .acquiring) }

    /// Spins (sleeping) until released; gives up after `seconds`, so a bug fails instead of hanging.
    func wait(seconds: Double = 60) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !isOpen, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.0001) }
    }
}
