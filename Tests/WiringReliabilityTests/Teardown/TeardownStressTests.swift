import Dispatch
import Foundation
import Testing
import Wiring

/// What a teardown round's instances did: built, disposed (and disposed twice: must stay 0),
/// and alive.
final class Ledger: Sendable {
    let built = AtomicCell<Int>(0)
    let disposed = AtomicCell<Int>(0)
    let disposedTwice = AtomicCell<Int>(0)
    let live = AtomicCell<Int>(0)
    let stale = AtomicCell<Int>(0)
    let servedAfterShutdown = AtomicCell<Int>(0)
    /// Async factories whose `wired()` resolved from another round's container.
    let wrongContainer = AtomicCell<Int>(0)
    /// Rounds in which two clashing modules both installed.
    let bothInstalled = AtomicCell<Int>(0)
    /// Resolves that returned an instance: the progress that shows the rounds did real work.
    let served = AtomicCell<Int>(0)
    /// Errors a resolve may not throw here (anything but `notRegistered` during a remove and
    /// `shutDown` after a close or a shutdown), with their messages.
    let unexpected = Lock<[String]>([])
}

/// Names the round whose container registered it.
struct RoundMarker: Sendable {
    let owner: ObjectIdentifier
}

/// An async singleton that injects its round's marker at the call site.
final class InjectsMarker: Sendable {
    let marker: RoundMarker
    init(marker: RoundMarker = wired()) { self.marker = marker }
}

/// What the clashing modules of a round declare.
final class InstallProbe: Sendable {
    let module: Int
    init(module: Int) { self.module = module }
}

struct LeftInstallModule: Module {
    var registrations: Registrations {
        singleton { InstallProbe(module: 0) }
    }
}

struct RightInstallModule: Module {
    var registrations: Registrations {
        singleton { InstallProbe(module: 1) }
    }
}

/// One instance's entries in the ledger: built and alive while it lives, disposed at most once
/// (a second disposal is counted as such). Owned by exactly one instance, so it dies with it.
final class LedgerTally: Sendable {
    let ledger: Ledger
    private let wasDisposed = AtomicCell<Bool>(false)

    init(_ ledger: Ledger) {
        self.ledger = ledger
        ledger.built.add(1, ordering: .relaxed)
        ledger.live.add(1, ordering: .relaxed)
    }

    func dispose() {
        if wasDisposed.exchange(true, ordering: .acquiringAndReleasing) {
            ledger.disposedTwice.add(1, ordering: .relaxed)
        } else {
            ledger.disposed.add(1, ordering: .relaxed)
        }
    }

    deinit { ledger.live.subtract(1, ordering: .relaxed) }
}

/// A disposable service of a given registration version.
final class Versioned: Disposable, Sendable {
    let version: Int
    let tally: LedgerTally

    init(version: Int, ledger: Ledger) {
        self.version = version
        tally = LedgerTally(ledger)
    }

    func dispose() { tally.dispose() }
}

/// A scoped disposable service.
final class PerScope: Disposable, Sendable {
    let tally: LedgerTally

    init(ledger: Ledger) { tally = LedgerTally(ledger) }

    func dispose() { tally.dispose() }
}

/// A weak singleton whose `deinit` resolves from its container.
final class CallsBack: Sendable {
    weak let container: Container?
    let ledger: Ledger

    init(container: Container, ledger: Ledger) {
        self.container = container
        self.ledger = ledger
        ledger.live.add(1, ordering: .relaxed)
    }

    deinit {
        _ = try? container?.resolve(Versioned.self)
        ledger.live.subtract(1, ordering: .relaxed)
    }
}

/// A transient built from all of the above.
struct Consumer: Sendable {
    let versioned: Versioned
    let callsBack: CallsBack
}

/// Runs `body` on a new thread and awaits its result without holding a cooperative thread.
func offCooperativePool<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Runs an async teardown to completion from a pool thread.
func blocking(_ operation: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await operation()
        done.signal()
    }
    done.wait()
}

@Suite("Teardown and re-entrance under contention", .serialized, .timeLimit(.minutes(10)))
struct TeardownStressTests {
    final class Round: Sendable {
        let ledger: Ledger
        let container = Container()
        let scopes: [Scope]
        /// The newest version whose `register` call has returned.
        let published = AtomicCell<Int>(0)
        /// Set when `shutdown()` has returned.
        let isShutDown = AtomicCell<Bool>(false)
        /// How many of the two clashing installs succeeded.
        let installs = AtomicCell<Int>(0)

        init(ledger: Ledger) {
            self.ledger = ledger
            let container = self.container
            scopes = (0..<2).map { _ in container.makeScope() }
            register(version: 0)
            container.register(PerScope.self, lifetime: .scoped) { _ in PerScope(ledger: ledger) }
            container.register(CallsBack.self, lifetime: .weakSingleton) { [unowned container] _ in
                CallsBack(container: container, ledger: ledger)
            }
            container.register(Consumer.self) { r in
                Consumer(versioned: try r.resolve(), callsBack: try r.resolve())
            }
            container.register(RoundMarker.self, instance: RoundMarker(owner: ObjectIdentifier(container)))
            container.register(InjectsMarker.self, lifetime: .singleton) { _ async in
                await Task.yield()
                return InjectsMarker()
            }
        }

        /// Resolves the async singleton whose factory uses `wired()`, with another container
        /// current, and checks that it injected this round's marker.
        func resolveInjectsMarker() {
            let container = self.container
            let ledger = self.ledger
            blocking {
                let other = Container()
                let resolved = try? await withContainer(other) { try await container.resolveAsync(InjectsMarker.self) }
                guard let built = resolved else { return }  // shutDown: expected once the closer is done
                if built.marker.owner != ObjectIdentifier(container) { ledger.wrongContainer.add(1, ordering: .relaxed) }
            }
        }

        /// Installs one of the two clashing modules.
        func install(_ module: any Module) {
            if (try? container.install(module)) != nil { installs.add(1, ordering: .relaxed) }
        }

        func register(version: Int) {
            let ledger = self.ledger
            container.register(Versioned.self, lifetime: .singleton) { _ in Versioned(version: version, ledger: ledger) }
        }

        /// One resolve, checking that it never serves a version older than one whose
        /// registration had returned before it started, nor anything after shutdown returned.
        func resolveAndCheck(through thread: Int) {
            let before = published.load(ordering: .acquiring)
            let shutDownBefore = isShutDown.load(ordering: .acquiring)
            let resolving: any Resolving = thread % 2 == 0 ? container : scopes[thread % scopes.count]
            do throws(WiringError) {
                let consumer = try resolving.resolve(Consumer.self)
                if consumer.versioned.version < before { ledger.stale.add(1, ordering: .relaxed) }
                if shutDownBefore { ledger.servedAfterShutdown.add(1, ordering: .relaxed) }
                if resolving is Scope { _ = try resolving.resolve(PerScope.self) }
                ledger.served.add(1, ordering: .relaxed)
            } catch {
                // notRegistered during a remove, shutDown after shutdown or close: expected.
                if error.code != .notRegistered && error.code != .shutDown {
                    ledger.unexpected.withLock { $0.append("\(error)") }
                }
            }
        }
    }

    @Test(
        "random resolve, reset, remove, override, install, async wired(), scope close and shutdown with scopes open on 8 threads: every instance disposed once and released, nothing stale, nothing hangs"
    )
    func randomTeardown() async {
        let ledger = Ledger()
        let pool = StressPool()
        let rounds = StressBudget.rounds
        let problems = Lock<[String]>([])
        // The rounds' shutdowns run in tasks: coordinate them from a thread of our own, so that
        // this test never occupies one of the cooperative pool's threads while they wait for it.
        let completed = await offCooperativePool {
            pool.run(
                rounds: rounds,
                setup: { _ in Round(ledger: ledger) },
                body: { (round: Round, thread: Int) in
                    var random = SystemRandomNumberGenerator()
                    switch thread {
                    case 0:
                        // The writer: overrides, removals and resets.
                        for version in 1...4 {
                            switch Int.random(in: 0..<4, using: &random) {
                            case 0:
                                round.container.remove(Versioned.self)
                                round.register(version: version)
                                round.published.store(version, ordering: .releasing)
                            case 1: round.container.reset()
                            case 2: round.scopes[version % 2].reset()
                            default:
                                round.register(version: version)
                                round.published.store(version, ordering: .releasing)
                            }
                        }
                    case 1:
                        // The closer: after a few resolves, closes the scopes (or leaves them
                        // open for the shutdown to close) and shuts down.
                        for _ in 0..<Int.random(in: 0..<6, using: &random) { round.resolveAndCheck(through: thread) }
                        let closesScopes = Bool.random(using: &random)
                        blocking {
                            if closesScopes {
                                for scope in round.scopes { try? await scope.close() }
                            }
                            try? await round.container.shutdown()
                        }
                        round.isShutDown.store(true, ordering: .releasing)
                    case 2, 3:
                        // Two clashing installs at once, then the async singleton that uses wired().
                        round.install(thread == 2 ? LeftInstallModule() : RightInstallModule())
                        round.resolveInjectsMarker()
                        for _ in 0..<4 { round.resolveAndCheck(through: thread) }
                    default:
                        for _ in 0..<8 { round.resolveAndCheck(through: thread) }
                    }
                },
                check: { round, index in
                    let built = ledger.built.load(ordering: .relaxed)
                    let disposed = ledger.disposed.load(ordering: .relaxed)
                    if built != disposed {
                        problems.withLock { $0.append("round \(index): \(built) disposable instances built, \(disposed) disposed") }
                    }
                    if round.installs.load(ordering: .relaxed) > 1 { ledger.bothInstalled.add(1, ordering: .relaxed) }
                }
            )
        }
        pool.stop()
        #expect(completed)
        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0.prefix(5) })")
        #expect(ledger.disposedTwice.load(ordering: .relaxed) == 0)
        #expect(ledger.stale.load(ordering: .relaxed) == 0)
        #expect(ledger.servedAfterShutdown.load(ordering: .relaxed) == 0)
        #expect(ledger.wrongContainer.load(ordering: .relaxed) == 0, "an async factory's wired() used another container")
        #expect(ledger.bothInstalled.load(ordering: .relaxed) == 0, "two clashing modules both installed")
        #expect(ledger.live.load(ordering: .relaxed) == 0, "instances still alive after every round ended")
        // Progress, not only the absence of bad events: the resolves raced the teardowns and
        // mostly won (each round runs 6 threads of 4 to 8 resolves before or beside one shutdown),
        // and none failed for a reason the races do not explain.
        let served = ledger.served.load(ordering: .relaxed)
        #expect(served >= rounds, "only \(served) resolves served an instance in \(rounds) rounds")
        let unexpected = ledger.unexpected.withLock { $0 }
        #expect(unexpected.isEmpty, "\(unexpected.count) unexpected errors, first: \(unexpected.first ?? "")")
    }
}
