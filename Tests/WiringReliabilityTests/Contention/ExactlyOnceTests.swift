import Testing
import Wiring

/// Exactly-once construction for every caching lifetime, under `StressBudget.threads` threads
/// times `StressBudget.rounds` rounds, each round on a fresh container.
@Suite("Exactly-once construction under contention", .serialized, .timeLimit(.minutes(10)))
struct ExactlyOnceTests {
    /// One round's container, build counter and what each thread got.
    final class Round: Sendable {
        let container = Container()
        let built = Counter()
        let seen = Slots<Probe>()
        let failures = Counter()
        let scope: Scope

        init(_ configure: (Container, Counter) -> Void) {
            configure(container, built)
            scope = container.makeScope()
        }

        func checkSharedOnce(_ round: Int) {
            let instances = seen.all
            let distinct = Set(instances.compactMap { $0.map(ObjectIdentifier.init) })
            #expect(failures.count == 0, "round \(round): resolves failed")
            #expect(built.count == 1, "round \(round): built \(built.count) times")
            #expect(distinct.count == 1, "round \(round): \(distinct.count) distinct instances")
        }
    }

    static let sharedLifetimes: [Lifetime] = [.singleton, .eagerSingleton, .weakSingleton, .scoped]

    @Test("a caching lifetime builds its instance exactly once under contention", arguments: sharedLifetimes)
    func cachingLifetimeBuildsOnce(lifetime: Lifetime) {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            setup: { _ in
                Round { container, built in
                    container.register(Probe.self, lifetime: lifetime) { _ in
                        Probe(source: 0, serial: built.increment())
                    }
                }
            },
            body: { (round: Round, thread: Int) in
                do throws(WiringError) {
                    // For the eager singleton, one thread races `start()` against the resolves.
                    if lifetime == .eagerSingleton, thread == 0 { try round.container.start() }
                    let probe: Probe = lifetime == .scoped ? try round.scope.resolve() : try round.container.resolve()
                    // Kept in the slot until `check`, so that a weak singleton stays alive.
                    round.seen[thread] = probe
                } catch {
                    round.failures.increment()
                }
            },
            check: { round, index in round.checkSharedOnce(index) }
        )
    }

    @Test("a singleton is built once even when its dependencies are being built by other threads")
    func singletonWithSharedDependenciesBuildsOnce() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            setup: { _ in
                Round { container, built in
                    container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 0, serial: built.increment()) }
                    container.register(Left.self, lifetime: .singleton) { r in Left(shared: try r.resolve()) }
                    container.register(Right.self, lifetime: .singleton) { r in Right(shared: try r.resolve()) }
                    container.register(Pair.self, lifetime: .singleton) { r in Pair(left: try r.resolve(), right: try r.resolve()) }
                }
            },
            body: { (round: Round, thread: Int) in
                do throws(WiringError) {
                    let probe: Probe
                    switch thread % 3 {
                    case 0: probe = try round.container.resolve(Pair.self).left.shared
                    case 1: probe = try round.container.resolve(Right.self).shared
                    default: probe = try round.container.resolve(Left.self).shared
                    }
                    round.seen[thread] = probe
                } catch {
                    round.failures.increment()
                }
            },
            check: { round, index in round.checkSharedOnce(index) }
        )
    }

    @Test("a graph instance is shared within one resolve and never across concurrent resolves")
    func graphInstancesStayWithinTheirResolve() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            setup: { _ in
                Round { container, built in
                    container.register(Probe.self, lifetime: .graph) { _ in Probe(source: 0, serial: built.increment()) }
                    container.register(Left.self) { r in Left(shared: try r.resolve()) }
                    container.register(Right.self) { r in Right(shared: try r.resolve()) }
                    container.register(Pair.self) { r in Pair(left: try r.resolve(), right: try r.resolve()) }
                }
            },
            body: { (round: Round, thread: Int) in
                do throws(WiringError) {
                    let pair = try round.container.resolve(Pair.self)
                    if pair.left.shared !== pair.right.shared { round.failures.increment() }
                    round.seen[thread] = pair.left.shared
                } catch {
                    round.failures.increment()
                }
            },
            check: { round, index in
                let distinct = Set(round.seen.all.compactMap { $0.map(ObjectIdentifier.init) })
                #expect(round.failures.count == 0, "round \(index): a resolve failed or split its graph")
                #expect(round.built.count == StressBudget.threads, "round \(index): built \(round.built.count) times")
                #expect(distinct.count == StressBudget.threads, "round \(index): graph instances leaked across resolves")
            }
        )
    }

    @Test("an async singleton is built exactly once under contention")
    func asyncSingletonBuildsOnce() async {
        let rounds = StressBudget.rounds
        var badRounds: [String] = []
        var progress = Progress("async singleton exactly once", total: rounds, unit: "rounds")
        for round in 0..<rounds {
            progress.update(round)
            let container = Container()
            let built = Counter()
            container.register(Probe.self, lifetime: .singleton) { (_: Resolver) async throws -> Probe in
                await Task.yield()
                return Probe(source: 0, serial: built.increment())
            }
            let results = await withTaskGroup(of: Probe?.self) { group in
                for _ in 0..<StressBudget.threads {
                    group.addTask { try? await container.resolveAsync(Probe.self) }
                }
                var results: [Probe?] = []
                for await probe in group { results.append(probe) }
                return results
            }
            let distinct = Set(results.compactMap { $0.map(ObjectIdentifier.init) })
            if results.contains(where: { $0 == nil }) || built.count != 1 || distinct.count != 1 {
                badRounds.append("round \(round): built \(built.count), distinct \(distinct.count)")
            }
        }
        #expect(badRounds.isEmpty, "\(badRounds.prefix(5))")
    }
}
