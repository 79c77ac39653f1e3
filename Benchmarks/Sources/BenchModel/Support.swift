import Synchronization

/// An opaque sink: the optimiser cannot remove the work whose result goes here.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// The lazy singleton of S6: its `init` counts constructions and, in the spinning variant,
/// spins ~1,000 iterations to widen the race window.
public protocol RaceService: AnyObject, Sendable {}

/// Constructions of ``RaceImpl`` since the process started.
public let raceConstructions = Atomic<Int>(0)
/// Whether ``RaceImpl/init()`` spins.
public let raceSpins = Atomic<Bool>(true)

public final class RaceImpl: RaceService {
    public init() {
        raceConstructions.add(1, ordering: .relaxed)
        if raceSpins.load(ordering: .relaxed) {
            var sum = 0
            for index in 0..<1_000 { sum &+= index }
            blackHole(sum)
        }
    }
}

/// One library's implementation of the scenarios, on the shared object graph.
///
/// `init()` makes the container, registers the graph and resolves the singletons (warm-up).
public protocol BenchSubject: AnyObject {
    init()
    /// S1: the cached singleton.
    func s1() -> AnyObject
    /// S2: a transient without dependencies.
    func s2() -> AnyObject
    /// S3: the transient chain of depth 5.
    func s3() -> AnyObject
    /// S4: the ten-registration graph.
    func s4() -> AnyObject
    /// S5: a fresh container, `count` transient registrations, each resolved once; returns the
    /// number resolved, or `nil` if the library has no registration step to measure.
    static func s5(count: Int) -> Int?
    /// S6 race: a fresh container with a lazy singleton of ``RaceService``; the returned closure
    /// resolves it. `nil` when the library has no per-container lazy singleton.
    static func makeRace() -> (@Sendable () -> AnyObject)?
    /// S7, throwing API: resolves an unregistered type and returns the error's description when
    /// `describe` is set (read once, for the report), else a marker: the timed loop measures
    /// the throw, not the formatting of a message nobody reads. `nil` when the library has no
    /// throwing API.
    func s7Throwing(describe: Bool) -> String?
    /// S7, optional API: resolves an unregistered type; `nil` is the expected answer.
    func s7Optional() -> AnyObject?
    /// Whether the library has an optional (non-crashing) API for S7.
    static var hasOptionalAPI: Bool { get }
    /// S8: one request (``s8IncomingRequest()``): its scope opened, the request and its id given
    /// to it, the ``S8Handler`` resolved, and the scope closed, which disposes the unit of work
    /// once. Returns the handler; `nil` when the library has no request scope. Must be safe to
    /// call from several threads at once (the concurrent variant).
    func s8() -> AnyObject?
    /// S9, many tagged scoped instances: one scope given 500 instances of one type under 500
    /// tags and made to build 500 more under 500 others, each of the 1,000 then resolved again
    /// (cached), and the scope closed. Returns how many instances it resolved; `nil` when the
    /// library has no scope with tags.
    func s9() -> Int?
    /// S10, a scope's end of many teardowns: one scope made to build ``s10Tags`` instances of one
    /// disposable type under as many tags, then closed, which disposes each once. Returns how many
    /// its close disposed; `nil` when the library has no scope with tags.
    func s10() -> Int?
}

extension BenchSubject {
    /// No request scope: the facades of archived libraries, which had none.
    public func s8() -> AnyObject? { nil }
    /// No scope with tagged instances: every library but Wiring's core.
    public func s9() -> Int? { nil }
    /// No scope with tagged instances: every library but Wiring's core.
    public func s10() -> Int? { nil }
}

/// How many tags S9 registers its scoped type under.
public let s9Tags = 1_000

/// How many tags S10 registers its disposable scoped type under.
public let s10Tags = 2_000

/// The type that nobody registers, for S7.
public protocol Unregistered: AnyObject, Sendable {}
