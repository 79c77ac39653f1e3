import BenchHarness
import BenchModel
import Dispatch
import MallocCounter
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Settings of one child process.
struct ChildOptions {
    var quick = false
    /// Target duration of one timed repetition, in nanoseconds.
    var repetitionNanoseconds: Double { quick ? 10e6 : 50e6 }
    var repetitions: Int { 9 }
    var raceRounds: Int { quick ? 1_000 : 10_000 }
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Median ns/op: warm-up, calibration to ~one repetition's duration, then timed repetitions.
func timeOperation(_ options: ChildOptions, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var operations = 1_000
    for _ in 0..<operations { body() }
    while true {
        let elapsed = nanoseconds(clock.measure { for _ in 0..<operations { body() } })
        if elapsed >= options.repetitionNanoseconds / 4 || operations > 100_000_000 {
            operations = max(1, Int(Double(operations) * options.repetitionNanoseconds / max(elapsed, 1)))
            break
        }
        operations *= 4
    }
    var samples: [Double] = []
    for _ in 0..<options.repetitions {
        let elapsed = nanoseconds(clock.measure { for _ in 0..<operations { body() } })
        samples.append(elapsed / Double(operations))
    }
    return median(samples)
}

/// Mallocs per call of `body`, over 1,000 calls after a warm-up.
func allocationsPerOperation(_ body: () -> Void) -> Double {
    for _ in 0..<100 { body() }
    let before = malloc_counter_value()
    for _ in 0..<1_000 { body() }
    return Double(malloc_counter_value() - before) / 1_000
}

/// One result line on standard output: `RESULT key=value …`; the parent reads these.
func emit(_ fields: [(String, String)]) {
    print("RESULT " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
}

func runChild(library: String, scenario: String, options: ChildOptions) {
    guard let type = subjectType(named: library) else { fatalError("unknown library \(library)") }
    switch scenario {
    case "S1", "S2", "S3", "S4":
        let subject = type.init()
        let body: () -> Void
        switch scenario {
        case "S1": body = { blackHole(subject.s1()) }
        case "S2": body = { blackHole(subject.s2()) }
        case "S3": body = { blackHole(subject.s3()) }
        default: body = { blackHole(subject.s4()) }
        }
        let allocations = allocationsPerOperation(body)
        let ns = timeOperation(options, body)
        emit([("ns", "\(ns)"), ("allocs", "\(allocations)")])
    case "S5":
        runS5(type, options: options)
    case "S8":
        runS8(type, options: options)
    case "S6":
        runS6(type, options: options)
    case "S7":
        runS7(type, options: options)
    case "S9", "S10":
        runTaggedScope(scenario, type, options: options)
    default:
        fatalError("unknown scenario \(scenario)")
    }
}

func runS5(_ type: any BenchSubject.Type, options: ChildOptions) {
    let clock = ContinuousClock()
    var resolved: Int?
    let cold = nanoseconds(clock.measure { resolved = type.s5(count: 1_000) }) / 1e6
    guard resolved == 1_000 else {
        emit([("supported", "false")])
        return
    }
    let warmRuns = options.quick ? 5 : 10
    let warm = median((0..<warmRuns).map { _ in nanoseconds(clock.measure { blackHole(type.s5(count: 1_000)) }) / 1e6 })
    var fields = [("supported", "true"), ("cold_ms", "\(cold)"), ("warm_ms", "\(warm)")]
    for count in options.quick ? [100, 1_000] : [100, 1_000, 10_000] {
        blackHole(type.s5(count: count))
        let runs = options.quick ? 3 : 5
        let ms = median((0..<runs).map { _ in nanoseconds(clock.measure { blackHole(type.s5(count: count)) }) / 1e6 })
        fields.append(("growth_\(count)_ms", "\(ms)"))
    }
    emit(fields)
}

/// S8: one request per operation, then the concurrent variant — 8 workers (`concurrentPerform`)
/// serving requests for a fixed time, in requests per second.
func runS8(_ type: any BenchSubject.Type, options: ChildOptions) {
    let subject = type.init()
    guard subject.s8() != nil else {
        emit([("supported", "false")])
        return
    }
    let body = { blackHole(subject.s8()) }
    let disposedBefore = s8Disposals.load(ordering: .relaxed)
    let allocations = allocationsPerOperation(body)
    // Every request disposes its unit of work exactly once (1,100 requests above, plus the one
    // of the check), for the libraries that dispose; the others report 0.
    let disposed = s8Disposals.load(ordering: .relaxed) - disposedBefore
    let ns = timeOperation(options, body)
    let workers = 8
    let perWorker = options.quick ? 5_000 : 20_000
    // @unchecked Sendable: `s8()` must be safe to call from several threads (BenchSubject says
    // so), and that is the very thing this variant exercises.
    struct Shared: @unchecked Sendable { let subject: any BenchSubject }
    let shared = Shared(subject: subject)
    var rates: [Double] = []
    for _ in 0..<(options.quick ? 3 : 5) {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                for _ in 0..<perWorker { blackHole(shared.subject.s8()) }
            }
        }
        rates.append(Double(workers * perWorker) / (nanoseconds(elapsed) / 1e9))
    }
    emit([
        ("supported", "true"), ("ns", "\(ns)"), ("allocs", "\(allocations)"), ("rps8", "\(median(rates))"),
        ("disposed_per_request", "\(Double(disposed) / 1_100)"),
    ])
}

/// Two threads released together by a spin barrier, each running `body(thread)`.
func runTogether(_ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
        // @unchecked Sendable: the subjects under test are shared between the two threads on
        // purpose; that is what S6 measures.
        struct Unchecked: @unchecked Sendable { let body: (Int) -> Void }
        let unchecked = Unchecked(body: body)
        let arrived = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            arrived.add(1, ordering: .sequentiallyConsistent)
            while arrived.load(ordering: .sequentiallyConsistent) < 2 {}
            unchecked.body(thread)
        }
    }
}

final class Slots: @unchecked Sendable {
    // @unchecked Sendable: each thread writes only its own slot, and the reader waits for both
    // threads to finish (concurrentPerform returns after both bodies).
    var first: ObjectIdentifier?
    var second: ObjectIdentifier?
}

func runS6(_ type: any BenchSubject.Type, options: ChildOptions) {
    var fields: [(String, String)] = []
    for spins in [true, false] {
        raceSpins.store(spins, ordering: .relaxed)
        var doubles = 0
        var different = 0
        var rounds = 0
        for _ in 0..<options.raceRounds {
            guard let resolve = type.makeRace() else { break }
            let before = raceConstructions.load(ordering: .relaxed)
            let slots = Slots()
            runTogether { thread in
                let instance = ObjectIdentifier(resolve())
                if thread == 0 { slots.first = instance } else { slots.second = instance }
            }
            if raceConstructions.load(ordering: .relaxed) - before > 1 { doubles += 1 }
            if slots.first != slots.second { different += 1 }
            rounds += 1
        }
        let suffix = spins ? "spin" : "empty"
        if rounds > 0 {
            fields += [
                ("race_rounds_\(suffix)", "\(rounds)"), ("doubles_\(suffix)", "\(doubles)"),
                ("different_\(suffix)", "\(different)"),
            ]
        }
    }
    // Read scaling: the S1 loop on one thread, then on two at once.
    let subject = type.init()
    let operations = options.quick ? 200_000 : 2_000_000
    let clock = ContinuousClock()
    var speedups: [Double] = []
    for _ in 0..<(options.quick ? 5 : 9) {
        let one = nanoseconds(clock.measure { for _ in 0..<operations { blackHole(subject.s1()) } })
        let two = nanoseconds(
            clock.measure { runTogether { _ in for _ in 0..<operations { blackHole(subject.s1()) } } }
        )
        speedups.append(2 * one / two)
    }
    fields.append(("read_speedup", "\(median(speedups))"))
    emit(fields)
}

/// S9 and S10: milliseconds per scope of many tagged instances (median), for the libraries that
/// have one. S9 resolves 2,500 times in a scope of 1,000; S10's close disposes 2,000.
func runTaggedScope(_ scenario: String, _ type: any BenchSubject.Type, options: ChildOptions) {
    let subject = type.init()
    let (body, expected) = scenario == "S9" ? (subject.s9, 2 * s9Tags - s9Tags / 2) : (subject.s10, s10Tags)
    guard body() == expected else {
        emit([("supported", "false")])
        return
    }
    let clock = ContinuousClock()
    let ms = median((0..<(options.quick ? 5 : 15)).map { _ in nanoseconds(clock.measure { blackHole(body()) }) / 1e6 })
    emit([("supported", "true"), ("ms", "\(ms)")])
}

func runS7(_ type: any BenchSubject.Type, options: ChildOptions) {
    let subject = type.init()
    var fields: [(String, String)] = []
    if let message = subject.s7Throwing(describe: true) {
        let headline = message.split(separator: "\n").first.map(String.init) ?? ""
        fields.append(("message", headline.replacingSpaces()))
        fields.append(("throwing_ns", "\(timeOperation(options) { blackHole(subject.s7Throwing(describe: false)) })"))
    }
    if type.hasOptionalAPI {
        fields.append(("optional_nil", "\(subject.s7Optional() == nil)"))
        fields.append(("optional_ns", "\(timeOperation(options) { blackHole(subject.s7Optional()) })"))
    }
    emit(fields)
}

/// Runs warm-up and then exactly `operations` calls of scenario S1–S4, for callgrind.
func runFixed(library: String, scenario: String, operations: Int) {
    guard let type = subjectType(named: library) else { fatalError("unknown library \(library)") }
    let subject = type.init()
    let body: () -> AnyObject?
    switch scenario {
    case "S1": body = subject.s1
    case "S2": body = subject.s2
    case "S3": body = subject.s3
    case "S4": body = subject.s4
    case "S7":
        body = {
            _ = subject.s7Throwing(describe: false); return nil
        }
    case "S7opt": body = subject.s7Optional
    case "S8": body = subject.s8
    case "S9", "S10":
        let run = scenario == "S9" ? subject.s9 : subject.s10
        body = {
            blackHole(run())
            return nil
        }
    case "S5":
        // One operation: a fresh container, 1,000 registrations, each resolved once.
        body = {
            blackHole(type.s5(count: 1_000))
            return nil
        }
    default: fatalError("instructions are measured for S1–S5 and S7–S10 only")
    }
    for _ in 0..<(["S5", "S9", "S10"].contains(scenario) ? 2 : 100) { blackHole(body()) }
    for _ in 0..<operations { blackHole(body()) }
}

extension String {
    /// Spaces as `␠`, so a message fits in one `key=value` field.
    func replacingSpaces() -> String { String(map { $0 == " " ? "␠" : $0 }) }
}
