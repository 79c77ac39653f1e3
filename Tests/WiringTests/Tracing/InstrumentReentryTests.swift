import Testing
import Wiring

/// An instrument that resolves from inside the hooks that have no build frame of their own.
final class ResolvingInstrument: ContainerInstrument {
    let container: Container
    let hits = AtomicCell<Int>(0)
    let refusals = Lock<[WiringError.Code]>([])
    let nestedRefusals = Lock<[WiringError.Code]>([])

    init(container: Container) { self.container = container }

    var observesCacheHits: Bool { true }

    func resolvedFromCache(_ resolve: BuildInfo) {
        hits.add(1, ordering: .relaxed)
        // A cache hit of its own: served, and not reported again.
        _ = try? container.resolve(VStore.self)
    }

    func refused(_ error: WiringError) {
        refusals.withLock { $0.append(error.code) }
        // Resolves the very type whose cycle it heard of: refused again, to this resolve.
        do {
            _ = try container.resolve(RefusedLoopA.self)
        } catch {
            nestedRefusals.withLock { $0.append(error.code) }
        }
    }
}

final class RefusedLoopA: Sendable { init(_ b: RefusedLoopB) {} }
final class RefusedLoopB: Sendable { init(_ a: RefusedLoopA) {} }

@Suite("Instruments that resolve from their hooks")
struct InstrumentReentryTests {
    @Test("an instrument that resolves a cached instance inside resolvedFromCache gets it, once reported, without a crash")
    func resolvingInsideACacheHit() async {
        // In a process of its own: the defect overflowed the stack, which no test can catch.
        await #expect(processExitsWith: .success) {
            let container = Container()
            container.autowire(VClock.self, VClock.init)
            container.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
            let instrument = ResolvingInstrument(container: container)
            container.addInstrument(instrument)
            let first = try container.resolve(VStore.self)
            let second = try container.resolve(VStore.self)
            precondition(first === second)
            // One hit reported (the second resolve); the hook's own hit is served, not reported.
            let hits = instrument.hits.load(ordering: .relaxed)
            precondition(hits == 1, "hits reported: \(hits)")
        }
    }

    @Test("a trace handler that resolves a cached instance from its hit event is not called again for it")
    func resolvingInsideATraceHit() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            container.autowire(VClock.self, VClock.init)
            container.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
            let hits = AtomicCell<Int>(0)
            container.trace { [unowned container] event in
                guard event.cacheHit else { return }
                hits.add(1, ordering: .relaxed)
                _ = try? container.resolve(VStore.self)
            }
            _ = try container.resolve(VStore.self)
            _ = try container.resolve(VStore.self)
            precondition(hits.load(ordering: .relaxed) == 1, "hits reported: \(hits.load(ordering: .relaxed))")
        }
    }

    @Test("an instrument that resolves a cycle inside refused(_:) gets the cycle error, reported once")
    func resolvingInsideARefusal() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            container.autowire(RefusedLoopA.self, RefusedLoopA.init)
            container.autowire(RefusedLoopB.self, RefusedLoopB.init)
            let instrument = ResolvingInstrument(container: container)
            container.addInstrument(instrument)
            do throws(WiringError) {
                _ = try container.resolve(RefusedLoopA.self)
                preconditionFailure("a cycle resolved")
            } catch {
                precondition(error.code == .cycle, "\(error)")
            }
            let refusals = instrument.refusals.withLock { $0 }
            let nested = instrument.nestedRefusals.withLock { $0 }
            precondition(refusals == [.cycle], "refusals: \(refusals)")
            precondition(nested == [.cycle], "the hook's own resolve: \(nested)")
        }
    }
}
