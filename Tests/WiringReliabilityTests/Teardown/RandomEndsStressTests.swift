import Dispatch
import Foundation
import Testing
import Wiring

/// A disposable instance of a random-ends round: it records its disposals, and its teardown may
/// end a scope of the round itself.
final class EndProbe: Disposable, Sendable {
    unowned let round: RandomEndsRound
    let tracked: Bool
    private let disposals = AtomicCell<Int>(0)
    /// The round's clock when it was disposed; 0 while it is not.
    let disposedAt = AtomicCell<Int>(0)

    init(round: RandomEndsRound, tracked: Bool) {
        self.round = round
        self.tracked = tracked
        round.record(self)
    }

    var timesDisposed: Int { disposals.load(ordering: .acquiring) }

    func dispose() {
        disposedAt.store(round.clock.add(1, ordering: .sequentiallyConsistent).newValue, ordering: .sequentiallyConsistent)
        disposals.add(1, ordering: .acquiringAndReleasing)
        // An end from a teardown, sometimes of a scope whose own end is in progress elsewhere.
        if Int.random(in: 0..<8) == 0 { round.endScopeSynchronously() }
    }
}

/// One round: a container, three scopes (one nested), and ends of every kind from every place.
final class RandomEndsRound: Sendable {
    let container = Container()
    let scopes: [Scope]
    let clock = AtomicCell<Int>(0)
    private let probes = Lock<[EndProbe]>([])
    let servedAfterDisposal = AtomicCell<Int>(0)
    let served = AtomicCell<Int>(0)
    let unexpected = Lock<[String]>([])
    /// The async ends started in the round, awaited by its check.
    let asyncEnds = Lock<[Task<Void, Never>]>([])

    init() {
        let container = self.container
        let outer = container.makeScope("request")
        scopes = [outer, outer.makeScope(), container.makeScope()]
        container.register(EndProbe.self, tag: "scoped", lifetime: .scoped) { [unowned self] _ in
            // An end from a build: of a scope whose close may be waiting for this very build.
            if Int.random(in: 0..<16) == 0 { endScopeSynchronously() }
            return EndProbe(round: self, tracked: true)
        }
        container.register(EndProbe.self, tag: "request", lifetime: .scoped("request")) { [unowned self] _ in
            EndProbe(round: self, tracked: true)
        }
        container.register(EndProbe.self, tag: "singleton", lifetime: .singleton) { [unowned self] _ in
            if Int.random(in: 0..<32) == 0 { endContainerSynchronously() }
            return EndProbe(round: self, tracked: true)
        }
        container.register(EndProbe.self, tag: "transient") { [unowned self] _ in EndProbe(round: self, tracked: false) }
    }

    func record(_ probe: EndProbe) { probes.withLock { $0.append(probe) } }

    var allProbes: [EndProbe] { probes.withLock { $0 } }

    /// `syncClose()` of a random scope: it may meet an end in progress, sync or async.
    func endScopeSynchronously() {
        expectRefusalOrSuccess { () throws(DisposalError) in try scopes.randomElement()!.syncClose() }
    }

    func endContainerSynchronously() {
        expectRefusalOrSuccess { () throws(DisposalError) in try container.syncShutdown() }
    }

    /// An `async` close of a random scope or, rarely, the container's shutdown, in a task.
    func startAsyncEnd() {
        let scope = scopes.randomElement()!
        let shutdown = Int.random(in: 0..<6) == 0
        let task = Task { [self] in
            do throws(DisposalError) {
                if shutdown { try await container.shutdown() } else { try await scope.close() }
            } catch {
                unexpected.withLock { $0.append("an async end threw \(error)") }
            }
        }
        asyncEnds.withLock { $0.append(task) }
    }

    /// A synchronous end succeeds, or fails only as ``DisposalError/isExpectedOfOverlappingEnds``
    /// says; a teardown here never fails.
    private func expectRefusalOrSuccess(_ end: () throws(DisposalError) -> Void) {
        do throws(DisposalError) {
            try end()
        } catch {
            if !error.isExpectedOfOverlappingEnds { unexpected.withLock { $0.append("a synchronous end threw \(error)") } }
        }
    }

    func resolve(tag: String, through resolving: any Resolving) {
        let start = clock.add(1, ordering: .sequentiallyConsistent).newValue
        do throws(WiringError) {
            let probe = try resolving.resolve(EndProbe.self, tag: tag)
            served.add(1, ordering: .relaxed)
            let disposedAt = probe.disposedAt.load(ordering: .sequentiallyConsistent)
            if disposedAt != 0 && disposedAt < start { servedAfterDisposal.add(1, ordering: .relaxed) }
        } catch {
            // After a close or the shutdown, and for the scoped tags outside a scope.
            if error.code != .shutDown && error.code != .scopeNotActive {
                unexpected.withLock { $0.append("a resolve threw \(error)") }
            }
        }
    }
}

extension DisposalError {
    /// What a synchronous end may throw while async ends overlap it, when no teardown fails: a
    /// refusal at once with `needsAwait` (an async end was in progress), or, as the Lifecycle
    /// article says, async work that began after its check (an async close, or an instance with
    /// an asynchronous teardown that a build in flight made), started in a task and reported as
    /// not awaited.
    var isExpectedOfOverlappingEnds: Bool {
        code == .needsAwait || (!failures.isEmpty && failures.allSatisfy { $0.error is AsynchronousTeardownNotAwaited })
    }
}

extension ProcessWide {
    /// Ends of every kind racing resolves: synchronous and `async` closes and shutdowns from other
    /// threads, from inside builds (a factory that closes a scope, or shuts the container down,
    /// while an end may be waiting for that very build) and from inside teardowns. Nothing may
    /// hang (the pool's watchdog fails a round that does), every tracked instance is disposed
    /// exactly once, and none is handed out after its disposal.
    @Suite("Random ends racing resolves", .serialized, .timeLimit(.minutes(10)))
    struct RandomEndsStressTests {
        @Test("sync and async ends from threads, builds and teardowns: nothing hangs, each instance disposed once, none served after")
        func randomEnds() async {
            let pool = StressPool()
            let rounds = max(StressBudget.rounds / 4, 200)
            let problems = Lock<[String]>([])
            let totalServed = AtomicCell<Int>(0)
            let completed = await offCooperativePool {
                pool.run(
                    rounds: rounds,
                    setup: { _ in RandomEndsRound() },
                    body: { (round: RandomEndsRound, thread: Int) in
                        switch thread {
                        case 0:
                            round.startAsyncEnd()
                        case 1:
                            for _ in 0..<4 { round.resolve(tag: "scoped", through: round.scopes.randomElement()!) }
                            round.endScopeSynchronously()
                            if Int.random(in: 0..<8) == 0 { round.endContainerSynchronously() }
                        default:
                            for _ in 0..<8 {
                                let tag = ["scoped", "request", "singleton", "transient"].randomElement()!
                                let through: any Resolving = Bool.random() ? round.container : round.scopes.randomElement()!
                                round.resolve(tag: tag, through: through)
                            }
                        }
                    },
                    check: { round, index in
                        // The async ends first, then the shutdown that ends whatever is still open.
                        let tasks = round.asyncEnds.withLock { $0 }
                        blocking {
                            for task in tasks { await task.value }
                            do throws(DisposalError) {
                                try await round.container.shutdown()
                            } catch {
                                problems.withLock { $0.append("round \(index): the final shutdown threw \(error)") }
                            }
                        }
                        let probes = round.allProbes
                        let notOnce = probes.filter { $0.tracked && $0.timesDisposed != 1 }.map(\.timesDisposed)
                        if !notOnce.isEmpty {
                            problems.withLock { $0.append("round \(index): tracked instances disposed \(notOnce) times, not once") }
                        }
                        if probes.contains(where: { !$0.tracked && $0.timesDisposed != 0 }) {
                            problems.withLock { $0.append("round \(index): a transient was disposed") }
                        }
                        let after = round.servedAfterDisposal.load(ordering: .relaxed)
                        if after > 0 { problems.withLock { $0.append("round \(index): \(after) served after disposal") } }
                        let unexpected = round.unexpected.withLock { $0 }
                        if !unexpected.isEmpty { problems.withLock { $0.append("round \(index): \(unexpected.prefix(2))") } }
                        totalServed.add(round.served.load(ordering: .relaxed), ordering: .relaxed)
                    }
                )
            }
            pool.stop()
            #expect(completed)
            let found = problems.withLock { $0 }
            #expect(found.isEmpty, "\(found.count) problems, first: \(found.prefix(3))")
            // Progress: the resolves were served, not only refused.
            #expect(totalServed.load(ordering: .relaxed) >= rounds, "\(totalServed.load(ordering: .relaxed)) served in \(rounds) rounds")
        }
    }
}
