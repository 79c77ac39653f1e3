import Foundation
import Testing
@_spi(Testing) import Wiring

/// Factories and hooks that throw at every position of a graph `Root → Mid → Leaf`.
@Suite("Fault injection", .timeLimit(.minutes(10)))
struct FaultInjectionTests {
    enum Position: String, CaseIterable, Sendable {
        case root, mid, leaf, midHook
    }

    /// A graph whose nodes throw while `failing` names them.
    final class Graph: Sendable {
        let container = Container()
        let failing: Lock<Position?>
        let builds = Lock<[String: Int]>([:])

        init(failAt position: Position, lifetime: Lifetime) {
            failing = Lock(position)
            // Unowned: the graph owns the container that owns these closures.
            container.register(Probe.self, tag: "leaf", lifetime: lifetime) { [unowned self] _ in
                try step(.leaf) { Probe(source: 3) }
            }
            container.register(Probe.self, tag: "mid", lifetime: lifetime) { [unowned self] r in
                try step(.mid) { Probe(source: try r.resolve(Probe.self, tag: "leaf").source + 10) }
            }
            .onResolved { [unowned self] _, _ in
                if failing.withLock({ $0 }) == .midHook { throw InjectedFault(at: "midHook") }
            }
            container.register(Probe.self, tag: "root", lifetime: lifetime) { [unowned self] r in
                try step(.root) { Probe(source: try r.resolve(Probe.self, tag: "mid").source + 100) }
            }
        }

        private func step(_ name: Position, _ make: () throws -> Probe) throws -> Probe {
            if failing.withLock({ $0 }) == name { throw InjectedFault(at: name.rawValue) }
            let made = try make()
            builds.withLock { $0[name.rawValue, default: 0] += 1 }
            return made
        }

        func resolveRoot() throws(WiringError) -> Probe { try container.resolve(Probe.self, tag: "root") }
    }

    final class Round: Sendable {
        let container = Container()
        let attempts = Counter()
        let codes = Lock<[WiringError.Code]>([])
        let successes = Counter()
    }

    static let cases: [(Position, Lifetime)] = Position.allCases.flatMap { position in
        [Lifetime.transient, .singleton, .weakSingleton, .eagerSingleton].map { (position, $0) }
    }

    @Test("a throwing factory or hook surfaces with its path, caches nothing and the next resolve retries", arguments: cases)
    func faultSurfacesAndRetries(position: Position, lifetime: Lifetime) throws {
        let graph = Graph(failAt: position, lifetime: lifetime)
        let error = #expect(throws: WiringError.self) { try graph.resolveRoot() }
        #expect(error?.code == .factoryFailed)
        #expect((error?.underlyingError as? InjectedFault)?.at == position.rawValue)
        let depth: Int
        switch position {
        case .root: depth = 1
        case .mid, .midHook: depth = 2
        case .leaf: depth = 3
        }
        #expect(error?.path.count == depth, "path: \(error?.path ?? [])")
        #expect(error?.path.first?.contains("root") == true, "path: \(error?.path ?? [])")
        // Nothing that failed, nor anything above it, was completed.
        #expect(graph.builds.withLock { $0["root"] } == nil)
        graph.failing.withLock { $0 = nil }
        let retried = try graph.resolveRoot()
        #expect(retried.source == 113)
        // A caching lifetime now serves the retried instance.
        if lifetime != .transient { #expect(try graph.resolveRoot() === retried) }
        let builds = graph.builds.withLock { $0 }
        if lifetime == .singleton || lifetime == .eagerSingleton {
            // Every node was completed exactly once: the hook's failure discarded a built `mid`.
            let expected = position == .midHook ? ["root": 1, "mid": 2, "leaf": 1] : ["root": 1, "mid": 1, "leaf": 1]
            #expect(builds == expected)
        }
    }

    @Test("an eager singleton that throws at start-up reports its path, and start() retries it cleanly")
    func eagerSingletonFaultAtStart() throws {
        let graph = Graph(failAt: .leaf, lifetime: .eagerSingleton)
        let error = #expect(throws: WiringError.self) { try graph.container.start() }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path.last?.contains("leaf") == true, "path: \(error?.path ?? [])")
        graph.failing.withLock { $0 = nil }
        try graph.container.start()
        #expect(try graph.resolveRoot().source == 113)
        #expect(graph.builds.withLock { $0 } == ["root": 1, "mid": 1, "leaf": 1])
    }

    @Test("threads waiting on a singleton whose factory throws get the error instead of hanging")
    func waitersGetTheError() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            rounds: max(StressBudget.rounds / 10, 40),
            setup: { _ in
                let round = Round()
                let attempts = round.attempts
                round.container.register(Probe.self, lifetime: .singleton) { _ in
                    attempts.increment()
                    // Holds the build open for a moment so that the other threads come to wait
                    // for it: a short busy wait, not yields, which on a loaded machine would hand
                    // the core away for a whole time slice each.
                    let until = ContinuousClock.now + .microseconds(20)
                    while ContinuousClock.now < until {}
                    throw InjectedFault(at: "singleton")
                }
                return round
            },
            body: { (round: Round, _: Int) in
                do throws(WiringError) {
                    _ = try round.container.resolve(Probe.self)
                    round.successes.increment()
                } catch {
                    round.codes.withLock { $0.append(error.code) }
                }
            },
            check: { round, index in
                #expect(round.successes.count == 0, "round \(index)")
                let codes = round.codes.withLock { $0 }
                #expect(codes.count == StressBudget.threads && codes.allSatisfy { $0 == .factoryFailed }, "round \(index): \(codes)")
            }
        )
    }

    @Test("an async singleton whose factory throws gives every waiter the error, and the next resolve retries")
    func asyncSingletonFaultRetries() async throws {
        let container = Container()
        let attempts = Counter()
        // The first attempt waits here until the test lets it fail.
        let (gate, opener) = AsyncStream<Void>.makeStream()
        container.register(Probe.self, lifetime: .singleton) { (_: Resolver) async throws -> Probe in
            let attempt = attempts.increment()
            if attempt == 1 {
                for await _ in gate { break }
                throw InjectedFault(at: "async")
            }
            return Probe(source: attempt)
        }
        let codes = await withTaskGroup(of: WiringError.Code?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do throws(WiringError) {
                        _ = try await container.resolveAsync(Probe.self)
                        return nil
                    } catch {
                        return error.code
                    }
                }
            }
            // The first attempt fails only once all eight resolves wait for it: the engine
            // counts them, the one that started it included.
            while container.singleFlightCallers(Probe.self) < 8 { await Task.yield() }
            opener.yield()
            var codes: [WiringError.Code?] = []
            for await code in group { codes.append(code) }
            return codes
        }
        // Every one of the eight got the one failure; none started an attempt of its own.
        #expect(codes == Array(repeating: .factoryFailed, count: 8))
        #expect(attempts.count == 1)
        let probe = try await container.resolveAsync(Probe.self)
        #expect(probe.source == 2)
        #expect(try await container.resolveAsync(Probe.self) === probe)
        #expect(attempts.count == 2)
    }
}
