import Testing
import Wiring

/// Registering, overriding, removing and resetting while other threads resolve.
@Suite("Mutation while resolving", .serialized, .timeLimit(.minutes(10)))
struct MutationWhileResolvingTests {
    final class ScopeRound: Sendable {
        let container = Container()
        let scope: Scope
        let failures = Counter()
        init() {
            container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 7) }
            container.register(Left.self, lifetime: .scoped) { r in Left(shared: try r.resolve()) }
            scope = container.makeScope()
        }
    }

    final class Round: Sendable {
        let container = Container()
        /// The newest registration whose `register` call has returned.
        let published = AtomicCell<Int>(0)
        let builds = Counter()
        let failures = Lock<[String]>([])

        func fail(_ message: String) { failures.withLock { $0.append(message) } }

        func register(_ source: Int, lifetime: Lifetime) {
            let builds = self.builds
            container.register(Probe.self, lifetime: lifetime) { _ in
                builds.increment()
                return Probe(source: source)
            }
        }
    }

    @Test(
        "a resolve that starts after an override returns never sees an older registration",
        arguments: [Lifetime.singleton, .transient, .weakSingleton]
    )
    func overrideIsVisibleToLaterResolves(lifetime: Lifetime) {
        let pool = StressPool()
        defer { pool.stop() }
        let overrides = 4
        pool.run(
            rounds: max(StressBudget.rounds / 10, 40),
            setup: { _ in
                let round = Round()
                round.register(0, lifetime: lifetime)
                return round
            },
            body: { (round: Round, thread: Int) in
                if thread == 0 {
                    for source in 1...overrides {
                        round.register(source, lifetime: lifetime)
                        round.published.store(source, ordering: .releasing)
                    }
                    return
                }
                for _ in 0..<overrides * 2 {
                    let floor = round.published.load(ordering: .acquiring)
                    do throws(WiringError) {
                        let probe = try round.container.resolve(Probe.self)
                        if probe.source < floor { round.fail("got \(probe.source) after \(floor) was published") }
                    } catch {
                        round.fail("\(error.code)")
                    }
                }
            },
            check: { round, index in
                let failures = round.failures.withLock { $0 }
                #expect(failures.isEmpty, "round \(index): \(failures.prefix(3))")
                let last = try? round.container.resolve(Probe.self)
                #expect(last?.source == overrides, "round \(index)")
            }
        )
    }

    @Test("removing, re-registering and resetting while resolving gives an instance or notRegistered, nothing else")
    func removeAndResetWhileResolving() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            rounds: max(StressBudget.rounds / 10, 40),
            setup: { _ in
                let round = Round()
                round.register(0, lifetime: .singleton)
                return round
            },
            body: { (round: Round, thread: Int) in
                switch thread {
                case 0:
                    for source in 1...3 {
                        round.container.remove(Probe.self)
                        round.register(source, lifetime: .singleton)
                    }
                case 1:
                    for _ in 0..<3 { round.container.reset() }
                case 2:
                    let child = round.container.makeChild()
                    for _ in 0..<6 {
                        do throws(WiringError) {
                            _ = try child.resolve(Probe.self)
                        } catch  where error.code == .notRegistered {
                        } catch {
                            round.fail("child: \(error.code)")
                        }
                    }
                default:
                    for _ in 0..<6 {
                        do throws(WiringError) {
                            let probe = try round.container.resolve(Probe.self)
                            if !(0...3).contains(probe.source) { round.fail("source \(probe.source)") }
                        } catch  where error.code == .notRegistered {
                        } catch {
                            round.fail("\(error.code)")
                        }
                    }
                }
            },
            check: { round, index in
                let failures = round.failures.withLock { $0 }
                #expect(failures.isEmpty, "round \(index): \(failures.prefix(3))")
                let first = try? round.container.resolve(Probe.self)
                let second = try? round.container.resolve(Probe.self)
                #expect(first?.source == 3 && first === second, "round \(index)")
            }
        )
    }

    @Test("resetting a scope while threads resolve through it hands each thread a complete instance")
    func scopeResetWhileResolving() {
        let pool = StressPool()
        defer { pool.stop() }
        pool.run(
            rounds: max(StressBudget.rounds / 10, 40),
            setup: { _ in ScopeRound() },
            body: { (round: ScopeRound, thread: Int) in
                for _ in 0..<4 {
                    if thread == 0 {
                        round.scope.reset()
                    } else if (try? round.scope.resolve(Left.self).shared.source) != 7 {
                        round.failures.increment()
                    }
                }
            },
            check: { round, index in #expect(round.failures.count == 0, "round \(index)") }
        )
    }
}
