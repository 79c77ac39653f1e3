import Testing
import Wiring

/// One test per engine bug this suite found, named after the behaviour that was broken.
@Suite("Regressions", .timeLimit(.minutes(10)))
struct RegressionTests {
    @Test("a scope stops serving a scoped instance once its registration is replaced")
    func scopeDropsInstanceOfReplacedRegistration() throws {
        let container = Container()
        container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 1) }
        let scope = container.makeScope()
        let old = try scope.resolve(Probe.self)
        container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 2) }
        let new = try scope.resolve(Probe.self)
        #expect(new.source == 2)
        #expect(try scope.resolve(Probe.self) === new)
        _ = old
    }

    @Test("a scope stops serving a scoped instance once its registration is removed and registered again")
    func scopeDropsInstanceOfRemovedRegistration() throws {
        let container = Container()
        container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 1) }
        let scope = container.makeScope()
        _ = try scope.resolve(Probe.self)
        container.remove(Probe.self)
        #expect(throws: WiringError.self) { try scope.resolve(Probe.self) }
        container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 3) }
        #expect(try scope.resolve(Probe.self).source == 3)
    }

    @Test("a scope keeps its instance when the registration only gains a hook or tracing")
    func scopeKeepsInstanceOfRefinedRegistration() throws {
        let container = Container()
        let registration = container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 1) }
        let scope = container.makeScope()
        let first = try scope.resolve(Probe.self)
        registration.onResolved { _, _ in }
        container.trace { _ in }
        #expect(try scope.resolve(Probe.self) === first)
    }

    @Test("a weak singleton resolved again from its own factory throws a cycle error instead of deadlocking")
    func weakSingletonSelfCycleThrows() {
        let code = withWatchdog(.seconds(20), "weak singleton self-cycle") { () -> String in
            let container = Container()
            container.register(Probe.self, lifetime: .weakSingleton) { r in Probe(source: try r.resolve(Probe.self).source) }
            do throws(WiringError) {
                _ = try container.resolve(Probe.self)
                return "resolved"
            } catch {
                return "\(error.code)"
            }
        }
        #expect(code == "cycle")
    }

    @Test("a traced weak singleton resolved again from its own hook gets the instance being built")
    func tracedWeakSingletonHookCycleResolves() {
        let same = withWatchdog(.seconds(20), "traced weak singleton hook cycle") { () -> Bool in
            let container = Container()
            container.trace { _ in }
            let matched = AtomicCell<Bool>(false)
            container.register(Probe.self, lifetime: .weakSingleton) { _ in Probe(source: 1) }
                .onResolved { r, probe in matched.store(try r.resolve(Probe.self) === probe, ordering: .relaxed) }
            _ = try? container.resolve(Probe.self)
            return matched.load(ordering: .relaxed)
        }
        #expect(same == true)
    }
}
