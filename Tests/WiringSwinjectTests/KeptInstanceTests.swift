import Foundation
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// Counts the instances alive and made, for one test.
private final class Census: Sendable {
    let made = AtomicCell<Int>(0)
    let alive = AtomicCell<Int>(0)
}

/// An instance that tells its census when it is made and released.
private final class Tally: Service, Sendable {
    let census: Census
    let number: Int

    init(_ census: Census) {
        self.census = census
        number = census.made.add(1, ordering: .relaxed).newValue
        census.alive.add(1, ordering: .relaxed)
    }

    deinit { census.alive.subtract(1, ordering: .relaxed) }
}

private protocol Greeter: AnyObject {}
private protocol Speaker: AnyObject {}
private final class Voice: Greeter, Speaker {}

/// Runs `reset` with each round's number `rounds` times on one thread, pausing `pause`
/// microseconds after each, while `resolvers` other threads, numbered from 1, call `resolve` with
/// their number again and again until the resets are done.
private func resolving(
    on resolvers: Int,
    whileResetting rounds: Int,
    pausing pause: UInt32,
    reset: @escaping @Sendable (Int) -> Void,
    resolve: @escaping @Sendable (Int) -> Void
) {
    let done = AtomicCell<Bool>(false)
    onThreads(resolvers + 1) { thread in
        if thread == 0 {
            for round in 0..<rounds {
                reset(round)
                usleep(pause)
            }
            done.store(true, ordering: .releasing)
        } else {
            while !done.load(ordering: .acquiring) { resolve(thread) }
        }
    }
}

/// A `.container` instance is kept beside its registration once resolved again, so that the next
/// resolves find it at once. Every change that could make the resolve return another instance
/// must forget it: these tests resolve twice first, so that the instance is kept, then change.
@Suite("Kept .container instances")
struct KeptInstanceTests {
    /// A container with `Tally` in the `.container` scope, resolved twice (kept).
    private func containerWithKeptTally(_ census: Census) -> Container {
        let container = Container()
        container.register(Tally.self) { _ in Tally(census) }.inObjectScope(.container)
        _ = container.resolve(Tally.self)
        _ = container.resolve(Tally.self)
        return container
    }

    @Test("resetObjectScope, from the container or a child, releases the kept instance; the next resolve builds another")
    func resetForgets() {
        let census = Census()
        let parent = containerWithKeptTally(census)
        let child = Container(parent: parent)
        let synchronized = parent.synchronize()
        let first = child.resolve(Tally.self)
        #expect(synchronized.resolve(Tally.self) === first)
        #expect(census.made.load(ordering: .relaxed) == 1)

        child.resetObjectScope(.container)
        #expect(census.alive.load(ordering: .relaxed) == 1, "the caller's reference only")
        #expect(synchronized.resolve(Tally.self)?.number == 2)
        #expect(parent.resolve(Tally.self)?.number == 2)

        parent.resetObjectScope(.container, serviceType: Tally.self)
        #expect(child.resolve(Tally.self)?.number == 3)
        _ = first
    }

    @Test("a reset releases the instance, with no other reference left")
    func resetReleases() {
        let census = Census()
        let container = containerWithKeptTally(census)
        _ = container.resolve(Tally.self)
        #expect(census.alive.load(ordering: .relaxed) == 1)
        container.resetObjectScope(.container)
        #expect(census.alive.load(ordering: .relaxed) == 0)
    }

    @Test("registering the key again, removeAll and inObjectScope each forget the kept instance")
    func changesForget() {
        let census = Census()
        let container = containerWithKeptTally(census)
        var entry: ServiceEntry<Tally>? = container.register(Tally.self) { _ in Tally(census) }.inObjectScope(.container)
        #expect(census.alive.load(ordering: .relaxed) == 0, "the replaced registration's instance is released")
        #expect(container.resolve(Tally.self)?.number == 2)
        _ = container.resolve(Tally.self)

        entry?.inObjectScope(.transient)
        #expect(container.resolve(Tally.self)?.number == 3)
        #expect(container.resolve(Tally.self)?.number == 4)

        entry?.inObjectScope(.container)
        _ = container.resolve(Tally.self)
        _ = container.resolve(Tally.self)
        entry = nil  // the registration, like Swinject's, holds its storage
        container.removeAll()
        #expect(container.resolve(Tally.self) == nil)
        #expect(census.alive.load(ordering: .relaxed) == 0)
    }

    @Test("a registration in a child hides the parent's kept instance")
    func childRegistrationHides() {
        let census = Census()
        let parent = containerWithKeptTally(census)
        let child = Container(parent: parent)
        let kept = parent.resolve(Tally.self)
        child.register(Tally.self) { _ in Tally(census) }.inObjectScope(.container)
        #expect(child.resolve(Tally.self) !== kept)
        #expect(child.resolve(Tally.self) === child.resolve(Tally.self))
        #expect(parent.resolve(Tally.self) === kept)
    }

    @Test("a registration forwarded to another container is reset there, and never resolved stale from its own")
    func forwardedRegistration() {
        let owner = Container()
        let other = Container()
        let entry = owner.register(Voice.self) { _ in Voice() }.inObjectScope(.container)
        owner.forward(Greeter.self, to: entry)
        other.forward(Speaker.self, to: entry)
        let first = owner.resolve(Greeter.self)
        #expect(owner.resolve(Greeter.self) === first)
        #expect(other.resolve(Speaker.self) === first)
        #expect(other.resolve(Speaker.self) === first)

        // `other` resets the registration it was given; `owner` must not hand out the old instance.
        other.resetObjectScope(.container)
        let second = owner.resolve(Greeter.self)
        #expect(second !== first)
        #expect(other.resolve(Speaker.self) === second)
        #expect(owner.resolve(Voice.self) === second)
    }

    @Test("a custom scope's storage is the caller's: what it holds is what a resolve returns")
    func customStorageIsRead() {
        let storage = PermanentStorage()
        let scope = ObjectScope(storageFactory: { storage })
        let container = Container()
        container.register(Voice.self) { _ in Voice() }.inObjectScope(scope)
        let first = container.resolve(Voice.self)
        #expect(container.resolve(Voice.self) === first)
        let replacement = Voice()
        storage.instance = replacement
        #expect(container.resolve(Voice.self) === replacement)
    }

    @Test(
        "resolves on four threads while another resets 2,000 times: once all stop and a last reset runs, only the instance resolved after it is alive",
        .timeLimit(.minutes(1))
    )
    func resetWhileResolving() {
        let census = Census()
        let parent = Container()
        parent.register(Tally.self) { _ in Tally(census) }.inObjectScope(.container)
        let child = Container(parent: parent)
        // The pause lets the resolvers build, find stored and keep between resets.
        resolving(on: 4, whileResetting: 2_000, pausing: 20) { round in
            if round.isMultiple(of: 2) { parent.resetObjectScope(.container) } else { child.resetObjectScope(.container) }
        } resolve: { thread in
            let resolver: Container = thread.isMultiple(of: 2) ? parent : child
            for _ in 0..<50 { _ = resolver.resolve(Tally.self) }
        }
        parent.resetObjectScope(.container)
        // A kept instance that outlived a reset would still be alive here.
        #expect(census.alive.load(ordering: .relaxed) == 0)
        let last = child.resolve(Tally.self)
        #expect(last?.number == census.made.load(ordering: .relaxed))
        #expect(parent.resolve(Tally.self) === last)
    }

    @Test(
        "no resolve returns an instance older than one a finished resolve returned, while another thread resets",
        .timeLimit(.minutes(1))
    )
    func resolvesNeverGoBack() {
        // Instances are numbered as built, and a storage only ever goes from empty to a newer
        // one: a resolve that starts after another returned instance n returns n or newer. A
        // kept instance that outlived the reset that dropped it would be older.
        let census = Census()
        let container = Container()
        container.register(Tally.self) { _ in Tally(census) }.inObjectScope(.container)
        let child = Container(parent: container)
        let newest = AtomicCell<Int>(0)
        let backwards = AtomicCell<Int>(0)
        resolving(on: 3, whileResetting: 3_000, pausing: 5) { _ in
            container.resetObjectScope(.container)
        } resolve: { thread in
            let resolver = thread == 1 ? child : container
            let floor = newest.load(ordering: .sequentiallyConsistent)
            guard let number = resolver.resolve(Tally.self)?.number else { return }
            if number < floor { backwards.add(1, ordering: .relaxed) }
            var seen = newest.load(ordering: .sequentiallyConsistent)
            while number > seen {
                let (exchanged, current) = newest.compareExchange(
                    expected: seen, desired: number, ordering: .sequentiallyConsistent)
                if exchanged { break }
                seen = current
            }
        }
        #expect(backwards.load(ordering: .relaxed) == 0)
    }

    @Test("a graph restored for the next resolve is used up by it, even when that resolve finds a kept instance")
    func restoredGraphUsedUp() {
        let census = Census()
        let container = containerWithKeptTally(census)
        let graph = GraphIdentifier()
        container.restoreObjectGraph(graph)
        _ = container.resolve(Tally.self)
        #expect(container.currentObjectGraph == nil)
        // The next resolves find the kept instance again.
        #expect(container.resolve(Tally.self)?.number == 1)
        #expect(census.made.load(ordering: .relaxed) == 1)
    }
}
