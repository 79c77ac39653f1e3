import Testing
import Wiring

/// Two modules that declare the same key on different lines: installing both is a clash.
struct FirstProbeModule: Module {
    var registrations: Registrations {
        singleton { Probe(source: 1) }
    }
}

struct SecondProbeModule: Module {
    var registrations: Registrations {
        singleton { Probe(source: 2) }
        contribution(to: [Probe].self) { _ in Probe(source: 3) }
    }
}

/// What the two threads of one round saw.
final class InstallRound: Sendable {
    let container = Container()
    let installed = AtomicCell<Int>(0)
    let clashed = AtomicCell<Int>(0)
}

/// `install` checks for clashes and publishes in one step: two threads installing clashing
/// modules at once never both succeed.
@Suite("Concurrent installs", .timeLimit(.minutes(10)))
struct ConcurrentInstallTests {
    @Test("of two clashing modules installed at once, one installs and the other throws duplicateRegistration, every round")
    func clashingInstallsRace() {
        let pool = StressPool(threads: 2)
        defer { pool.stop() }
        let bothInstalled = AtomicCell<Int>(0)
        pool.run(
            rounds: 300,
            setup: { _ in InstallRound() },
            body: { (round: InstallRound, thread: Int) in
                do throws(WiringError) {
                    try round.container.install(thread == 0 ? FirstProbeModule() : SecondProbeModule())
                    round.installed.add(1, ordering: .relaxed)
                } catch {
                    if error.code == .duplicateRegistration { round.clashed.add(1, ordering: .relaxed) }
                }
            },
            check: { round, _ in
                if round.installed.load(ordering: .relaxed) == 2 { bothInstalled.add(1, ordering: .relaxed) }
                #expect(round.installed.load(ordering: .relaxed) == 1)
                #expect(round.clashed.load(ordering: .relaxed) == 1)
                // The loser installed nothing: no contribution of its module is left behind.
                let source = try? round.container.resolve(Probe.self).source
                let contributions = (try? round.container.resolve([Probe].self))?.count ?? 0
                #expect(contributions == (source == 2 ? 1 : 0), "Probe \(String(describing: source)), \(contributions) contributions")
            }
        )
        #expect(bothInstalled.load(ordering: .relaxed) == 0)
    }

    @Test("one module installed by two threads at once is installed once, and neither throws")
    func sameModuleInstallsRace() {
        let pool = StressPool(threads: 2)
        defer { pool.stop() }
        pool.run(
            rounds: 300,
            setup: { _ in InstallRound() },
            body: { (round: InstallRound, _: Int) in
                do throws(WiringError) {
                    try round.container.install(FirstProbeModule())
                    round.installed.add(1, ordering: .relaxed)
                } catch {
                    round.clashed.add(1, ordering: .relaxed)
                }
            },
            check: { round, _ in
                #expect(round.installed.load(ordering: .relaxed) == 2)
                #expect((try? round.container.resolve(Probe.self).source) == 1)
            }
        )
    }
}
