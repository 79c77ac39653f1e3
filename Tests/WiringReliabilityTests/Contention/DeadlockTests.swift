import Testing
import Wiring

/// Builds that could wait for each other: opposite dependency orders, loops split across
/// threads, re-entrant resolves from factories and hooks. Each must finish, with a result or a
/// `.cycle` error, never hang; every operation runs under a watchdog.
@Suite("Deadlock freedom", .serialized, .timeLimit(.minutes(10)))
struct DeadlockTests {
    final class Round: Sendable {
        let container = Container()
        let built = Counter()
        let failures = Counter()
        let codes = Lock<[WiringError.Code]>([])
    }

    @Test("two threads building singletons that need each other's dependencies in opposite orders both finish")
    func oppositeDependencyOrdersFinish() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            rounds: max(StressBudget.rounds / 4, 50),
            setup: { _ in
                let round = Round()
                let built = round.built
                round.container.register(NodeX.self, lifetime: .singleton) { _ in
                    built.increment()
                    return NodeX()
                }
                round.container.register(NodeY.self, lifetime: .singleton) { _ in
                    built.increment()
                    return NodeY()
                }
                round.container.register(NodeA.self, lifetime: .singleton) { r in
                    _ = try r.resolve(NodeX.self)
                    _ = try r.resolve(NodeY.self)
                    return NodeA()
                }
                round.container.register(NodeB.self, lifetime: .singleton) { r in
                    _ = try r.resolve(NodeY.self)
                    _ = try r.resolve(NodeX.self)
                    return NodeB()
                }
                return round
            },
            body: { (round: Round, thread: Int) in
                do throws(WiringError) {
                    if thread.isMultiple(of: 2) {
                        _ = try round.container.resolve(NodeA.self)
                    } else {
                        _ = try round.container.resolve(NodeB.self)
                    }
                } catch {
                    round.failures.increment()
                }
            },
            check: { round, index in
                #expect(round.failures.count == 0, "round \(index)")
                #expect(round.built.count == 2, "round \(index): dependencies built \(round.built.count) times")
            }
        )
    }

    @Test("a loop between singletons split across threads throws a cycle error on every thread instead of deadlocking")
    func crossThreadSingletonLoopThrows() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            rounds: max(StressBudget.rounds / 4, 50),
            setup: { _ in
                let round = Round()
                round.container.register(NodeA.self, lifetime: .singleton) { r in
                    _ = try r.resolve(NodeB.self)
                    return NodeA()
                }
                round.container.register(NodeB.self, lifetime: .singleton) { r in
                    _ = try r.resolve(NodeA.self)
                    return NodeB()
                }
                return round
            },
            body: { (round: Round, thread: Int) in
                do throws(WiringError) {
                    if thread.isMultiple(of: 2) {
                        _ = try round.container.resolve(NodeA.self)
                    } else {
                        _ = try round.container.resolve(NodeB.self)
                    }
                    round.failures.increment()
                } catch {
                    round.codes.withLock { $0.append(error.code) }
                }
            },
            check: { round, index in
                #expect(round.failures.count == 0, "round \(index): a loop resolved")
                #expect(round.codes.withLock { $0.allSatisfy { $0 == .cycle } }, "round \(index): \(round.codes.withLock { $0 })")
            }
        )
    }

    @Test(
        "a hook that resolves its own caching registration gets the instance being built",
        arguments: [Lifetime.singleton, .weakSingleton, .scoped, .graph]
    )
    func hookClosingACycleGetsThePendingInstance(lifetime: Lifetime) throws {
        let outcome = withWatchdog(.seconds(20), "a hook resolving its own \(lifetime) registration") { () -> String in
            let container = Container()
            let sameInHook = AtomicCell<Bool>(false)
            container.register(Probe.self, lifetime: lifetime) { _ in Probe(source: 1) }
                .onResolved { r, probe in
                    let again: Probe = try r.resolve()
                    sameInHook.store(again === probe, ordering: .relaxed)
                }
            do throws(WiringError) {
                let scope = container.makeScope()
                let probe: Probe = try scope.resolve()
                _ = probe
                return sameInHook.load(ordering: .relaxed) ? "same" : "different"
            } catch {
                return "error: \(error.code)"
            }
        }
        #expect(outcome == "same")
    }

    @Test(
        "a factory that resolves its own caching registration throws a cycle error",
        arguments: [Lifetime.singleton, .eagerSingleton, .weakSingleton, .scoped, .graph, .transient]
    )
    func factoryResolvingItselfThrowsCycle(lifetime: Lifetime) {
        let outcome = withWatchdog(.seconds(20), "a factory resolving its own \(lifetime) registration") { () -> String in
            let container = Container()
            container.register(Probe.self, lifetime: lifetime) { r in
                _ = try r.resolve(Probe.self)
                return Probe(source: 1)
            }
            do throws(WiringError) {
                _ = try container.makeScope().resolve(Probe.self)
                return "resolved"
            } catch {
                return "\(error.code)"
            }
        }
        #expect(outcome == "cycle")
    }

    @Test("factories that resolve other registrations, through the resolver or a captured container, finish under contention")
    func reentrantResolutionFinishes() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            rounds: max(StressBudget.rounds / 4, 50),
            setup: { _ in
                let round = Round()
                let container = round.container
                let built = round.built
                container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 0, serial: built.increment()) }
                container.register(Probe.self, tag: "scoped", lifetime: .scoped) { r in Probe(source: try r.resolve(Probe.self).source) }
                container.register(Left.self, lifetime: .weakSingleton) { r in Left(shared: try r.resolve()) }
                // Resolves through the captured container rather than the resolver, and registers
                // during a resolve.
                container.register(Right.self, lifetime: .singleton) { [unowned container] _ in
                    container.register(NodeX.self, tag: "late") { _ in NodeX() }
                    _ = try container.resolve(NodeX.self, tag: "late")
                    return Right(shared: try container.resolve())
                }
                container.register(Pair.self) { r in Pair(left: try r.resolve(), right: try r.resolve()) }
                return round
            },
            body: { (round: Round, _: Int) in
                do throws(WiringError) {
                    let scope = round.container.makeScope()
                    let pair = try scope.resolve(Pair.self)
                    let scoped = try scope.resolve(Probe.self, tag: "scoped")
                    if pair.left.shared !== pair.right.shared || scoped.source != 0 { round.failures.increment() }
                } catch {
                    round.failures.increment()
                }
            },
            check: { round, index in
                #expect(round.failures.count == 0, "round \(index)")
                #expect(round.built.count == 1, "round \(index)")
            }
        )
    }
}
