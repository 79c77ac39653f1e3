import Foundation
import Testing
import Wiring

/// How hard the stress tests push: 10,000 rounds in release builds (the CI's release step), fewer
/// in debug builds so that the whole `swift test` stays within a few minutes on two cores.
/// `WIRING_STRESS_ROUNDS` overrides both, for a long local soak.
enum StressBudget {
    static let threads = 8

    static var rounds: Int {
        if let text = ProcessInfo.processInfo.environment["WIRING_STRESS_ROUNDS"], let value = Int(text), value > 0 {
            return value
        }
        #if DEBUG
            return 2_000
        #else
            return 10_000
        #endif
    }

    /// How long one round of a stress run may take before the watchdog reports it as hung:
    /// per round, so that a run of many rounds on a busy machine is not mistaken for a hang.
    static let watchdog: Duration = .seconds(90)
}

/// A fixed set of threads that run many cheap rounds, released together at the start of each
/// round and joined at its end, so that 10,000 rounds cost 10,000 barriers rather than 80,000
/// thread creations.
///
/// Each round: `setup` (on the calling thread) makes the round's state, every thread runs `body`
/// on it, then `check` (on the calling thread) inspects it. The calling thread waits for each
/// round with a deadline: a round that does not finish in time is reported as an issue naming
/// the round and the threads still inside it, and the pool is abandoned, so a deadlock fails
/// the test instead of hanging CI.
final class StressPool: Sendable {
    private struct Shared: @unchecked Sendable {
        // @unchecked: written by the coordinator before it bumps `generation` (releasing), read by
        // workers after they observe the bump (acquiring).
        var state: AnyObject?
        var body: (@Sendable (AnyObject, Int) -> Void)?
    }

    private let threads: Int
    private let generation = AtomicCell<Int>(0)
    private let finished = AtomicCell<Int>(0)
    /// The threads inside the current round's body, for the watchdog's report.
    private let inside = Lock<Set<Int>>([])
    private let shared = Lock(Shared())
    private let stopped = AtomicCell<Bool>(false)

    init(threads: Int = StressBudget.threads) {
        self.threads = threads
        for index in 0..<threads {
            let thread = Thread { [self] in work(index) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func work(_ index: Int) {
        var seen = 0
        while true {
            var current = generation.load(ordering: .acquiring)
            var spins = 0
            while current == seen {
                spins += 1
                if spins > 64 { sched_yield() }
                current = generation.load(ordering: .acquiring)
            }
            if current < 0 { return }
            seen = current
            let (state, body) = shared.withLock { ($0.state, $0.body) }
            if let state, let body {
                _ = inside.withLock { $0.insert(index) }
                body(state, index)
                _ = inside.withLock { $0.remove(index) }
            }
            finished.add(1, ordering: .acquiringAndReleasing)
        }
    }

    /// Runs `rounds` rounds; returns `false` if the watchdog fired because a round took longer
    /// than `timeLimit` (an issue is then recorded).
    @discardableResult
    func run<State: AnyObject & Sendable>(
        rounds: Int = StressBudget.rounds,
        timeLimit: Duration = StressBudget.watchdog,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        setup: (Int) -> State,
        body: @escaping @Sendable (State, Int) -> Void,
        check: (State, Int) -> Void
    ) -> Bool {
        let typedBody: @Sendable (AnyObject, Int) -> Void = { state, index in
            body(unsafeDowncast(state, to: State.self), index)
        }
        var progress = Progress("\(sourceLocation.fileName):\(sourceLocation.line)", total: rounds, unit: "rounds")
        for round in 0..<rounds {
            progress.update(round)
            let state = setup(round)
            shared.withLock {
                $0.state = state
                $0.body = typedBody
            }
            finished.store(0, ordering: .releasing)
            let deadline = ContinuousClock.now + timeLimit
            generation.add(1, ordering: .acquiringAndReleasing)
            var spins = 0
            while finished.load(ordering: .acquiring) < threads {
                spins += 1
                if spins > 64 { sched_yield() }
                if spins % 4096 == 0, ContinuousClock.now > deadline {
                    let stuck = inside.withLock { $0.sorted() }
                    Issue.record(
                        "Watchdog: round \(round) of \(rounds) did not finish within \(timeLimit); threads still inside it: \(stuck). Likely a deadlock.",
                        sourceLocation: sourceLocation
                    )
                    stopped.store(true, ordering: .relaxed)
                    return false
                }
            }
            check(state, round)
        }
        return true
    }

    /// Lets the threads exit (unless a round is stuck, in which case they are abandoned).
    func stop() {
        if stopped.load(ordering: .relaxed) { return }
        shared.withLock {
            $0.state = nil
            $0.body = nil
        }
        generation.store(-1, ordering: .releasing)
    }

    deinit {
        stop()
    }
}

/// Runs `body` on a new thread and waits for it up to `timeLimit`; returns `nil` (after
/// recording an issue) if it did not finish: a watchdog for single operations that could hang.
func withWatchdog<R: Sendable>(
    _ timeLimit: Duration = .seconds(30),
    _ what: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> R
) -> R? {
    let result = Lock<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    let seconds = Double(timeLimit.components.seconds)
    if done.wait(timeout: .now() + seconds) == .timedOut {
        Issue.record("Watchdog: \(what) did not finish within \(timeLimit); likely a deadlock.", sourceLocation: sourceLocation)
        return nil
    }
    return result.withLock { $0 }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = AtomicCell<Int>(0)
    var count: Int { value.load(ordering: .acquiring) }
    @discardableResult
    func increment() -> Int { value.add(1, ordering: .acquiringAndReleasing).newValue }
}

/// One slot per pool thread, for results a round's `check` inspects.
final class Slots<Value: Sendable>: Sendable {
    private let values: Lock<[Value?]>
    init(_ count: Int = StressBudget.threads) { values = Lock(Array(repeating: nil, count: count)) }
    subscript(index: Int) -> Value? {
        get { values.withLock { $0[index] } }
        set { values.withLock { $0[index] = newValue } }
    }
    var all: [Value?] { values.withLock { $0 } }
}
