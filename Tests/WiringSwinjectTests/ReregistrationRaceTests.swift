import Dispatch
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// An instance of one registration (its `generation`: the how-manyth registration of the key).
private final class GenerationBuilt: @unchecked Sendable {
    // @unchecked: `generation` is a constant; the counters are atomic.
    let generation: Int
    let disposals = AtomicCell<Int>(0)
    init(generation: Int) { self.generation = generation }
}

/// Issue 63, item 2: a `.container` registration registered again while six threads resolve its
/// key was seen built hundreds of times, the extra instances never disposed. The cause is the
/// chain itself: `register` makes the registration visible, as Swinject's does, and
/// `.inObjectScope(.container)` changes it a moment later; a resolve in between (hundreds, when
/// the registering thread is preempted there) sees a `.graph` registration with no teardown, and
/// builds what such a registration builds: a new instance per graph, which no container owns.
/// (A resolve that read the registration in that window may run the factory after the chain
/// has returned.) Every call is atomic and each resolve sees one state of the registration, so
/// the first test checks what the container owns: at most one instance per registration is
/// disposed, none twice, and the last registration's instance is built once and disposed. The
/// second, with the scope set before the registration is visible (the container's default
/// scope), checks Swinject's single-threaded promise under the race: once per registration,
/// every instance disposed exactly once, through retirement, a registration's release and
/// shutdown.
@Suite("Registering a key again while other threads resolve it", .serialized, .timeLimit(.minutes(3)))
struct ReregistrationRaceTests {
    /// Runs six threads that resolve `GenerationBuilt` 4,000 times each while thread 0 registers
    /// it again every 50th time with `configure`, then shuts the container down; returns what
    /// was built.
    private func race(
        runs: Int, makeContainer: () -> Container,
        configure: @escaping @Sendable (ServiceEntry<GenerationBuilt>) -> Void
    ) throws -> (built: [Int: [GenerationBuilt]], missing: Int, registrations: Int, last: [GenerationBuilt]) {
        var all: [Int: [GenerationBuilt]] = [:]
        var missing = 0
        var registrations = 0
        var last: [GenerationBuilt] = []
        for run in 0..<runs {
            let container = makeContainer()
            let ledger = Locked<[Int: [GenerationBuilt]]>([:])
            let generations = AtomicCell<Int>(0)
            @Sendable func register() {
                let generation = generations.add(1, ordering: .relaxed).newValue
                configure(
                    container.register(GenerationBuilt.self) { _ in
                        let instance = GenerationBuilt(generation: generation)
                        ledger.withLock { $0[generation, default: []].append(instance) }
                        return instance
                    })
            }
            register()
            let nils = AtomicCell<Int>(0)
            onThreads(6) { thread in
                for iteration in 0..<4_000 {
                    if thread == 0, iteration % 50 == 0 { register() }
                    if container.resolve(GenerationBuilt.self) == nil { nils.add(1, ordering: .relaxed) }
                }
            }
            // Resolved again on this thread once the race is over: the last registration's
            // instance, which the container owns.
            if let instance = container.resolve(GenerationBuilt.self) { last.append(instance) }
            try container.syncShutdown()
            for (generation, instances) in ledger.withLock({ $0 }) { all[run * 1_000 + generation] = instances }
            missing += nils.load(ordering: .relaxed)
            registrations += generations.load(ordering: .relaxed)
        }
        return (all, missing, registrations, last)
    }

    @Test("a .container registration configured in its chain: the container disposes at most one instance per registration, none twice")
    func disposedOncePerRegistration() throws {
        let (built, missing, registrations, last) = try race(runs: 30, makeContainer: { Container() }) { entry in
            entry.inObjectScope(.container).onDispose { $0.disposals.add(1, ordering: .relaxed) }
        }
        #expect(missing == 0)
        #expect(last.count == 30)
        #expect(last.allSatisfy { $0.disposals.load(ordering: .relaxed) == 1 }, "the last registration's instance, disposed once")
        let disposedTwice = built.values.joined().filter { $0.disposals.load(ordering: .relaxed) > 1 }
        #expect(disposedTwice.isEmpty)
        let owned = built.mapValues { $0.filter { $0.disposals.load(ordering: .relaxed) == 1 }.count }
        let ownedTwice = owned.filter { $0.value > 1 }.map { "registration \($0.key): \($0.value) disposed" }
        #expect(ownedTwice.isEmpty, "of \(registrations) registrations")
    }

    @Test(
        "a container whose default scope is .container has no such window: every registration builds once, every instance is disposed once"
    )
    func builtOnceWithTheScopeAsDefault() throws {
        let (built, missing, registrations, last) = try race(runs: 30, makeContainer: { Container(defaultObjectScope: .container) }) {
            entry in
            entry.onDispose { $0.disposals.add(1, ordering: .relaxed) }
        }
        #expect(missing == 0)
        let rebuilt = built.filter { $0.value.count > 1 }.map { "registration \($0.key): \($0.value.count) builds" }
        #expect(rebuilt.isEmpty, "of \(registrations) registrations")
        let undisposed = built.values.joined().filter { $0.disposals.load(ordering: .relaxed) != 1 }
        #expect(undisposed.isEmpty, "\(undisposed.count) instances not disposed exactly once")
        #expect(last.count == 30)
    }
}
