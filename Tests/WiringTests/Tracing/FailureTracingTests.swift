import Testing

@testable import Wiring

private struct TracedDiskFull: Error {}
private final class TracedDisk: Sendable {}
private final class TracedStore: Sendable {
    init(disk: TracedDisk) {}
}
private final class TracedClock: Sendable {}

/// An instrument that hears of nothing but builds.
private struct Quiet: ContainerInstrument {}

/// An instrument that hears of cache hits too, as WiringMetrics' `countsCacheHits` does.
private struct HitCounter: ContainerInstrument {
    var observesCacheHits: Bool { true }
}

@Suite("Tracing failures only")
struct FailureTracingTests {
    @Test("traceFailures reports each failed build with its path and the message, and nothing that succeeds")
    func failuresOnly() throws {
        let log = EventLog()
        let container = Container()
        container.register(TracedClock.self, lifetime: .singleton) { _ in TracedClock() }
        container.register(TracedDisk.self) { _ in throw TracedDiskFull() }
        container.register(TracedStore.self) { r in TracedStore(disk: try r.resolve()) }
        container.traceFailures(log.record)
        _ = try container.resolve(TracedClock.self)
        _ = try container.resolve(TracedClock.self)
        #expect(log.all.isEmpty)
        #expect(throws: WiringError.self) { try container.resolve(TracedStore.self) }
        let events = log.all
        #expect(events.map(\.registration) == ["TracedDisk", "TracedStore"])
        #expect(events.map(\.path) == [["TracedStore", "TracedDisk"], ["TracedStore"]])
        #expect(events.map(\.depth) == [1, 0])
        #expect(events.allSatisfy { $0.failure?.contains("TracedDiskFull") == true && !$0.cacheHit })
    }

    @Test(
        "a failure-only handler hears of no cached read when an instrument observes hits, added before or after it",
        arguments: [true, false])
    func failuresOnlyBesideAHitObserver(instrumentFirst: Bool) throws {
        let log = EventLog()
        let container = Container()
        container.register(TracedClock.self, lifetime: .singleton) { _ in TracedClock() }
        if instrumentFirst { container.addInstrument(HitCounter()) }
        container.traceFailures(log.record)
        if !instrumentFirst { container.addInstrument(HitCounter()) }
        for _ in 0..<3 { _ = try container.resolve(TracedClock.self) }
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test("an async build that fails is reported with its path; one that succeeds is not")
    func asyncFailures() async throws {
        let log = EventLog()
        let container = Container()
        container.register(TracedClock.self, lifetime: .singleton) { _ async in TracedClock() }
        container.register(TracedDisk.self) { _ async throws -> TracedDisk in throw TracedDiskFull() }
        container.register(TracedStore.self) { r async throws in TracedStore(disk: try await r.resolveAsync()) }
        container.traceFailures(log.record)
        _ = try await container.resolveAsync(TracedClock.self)
        await #expect(throws: WiringError.self) { try await container.resolveAsync(TracedStore.self) }
        #expect(log.all.map(\.registration) == ["TracedDisk", "TracedStore"])
        #expect(log.all.first?.path == ["TracedStore", "TracedDisk"])
    }

    @Test("cached reads keep their fast path under traceFailures, and under trace they do not")
    func cachedReadsKeepTheirFastPath() {
        let container = Container()
        container.register(TracedClock.self, lifetime: .singleton) { _ in TracedClock() }
        container.traceFailures { _ in }
        #expect(container.tracing.withLock { $0?.reportsHits } == false)
        container.addInstrument(Quiet())
        // Adding an instrument keeps the handler's mode.
        #expect(container.tracing.withLock { $0?.handlerHearsSuccesses } == false)
        #expect(container.tracing.withLock { $0?.reportsHits } == false)
        container.trace { _ in }
        #expect(container.tracing.withLock { $0?.reportsHits } == true)
    }
}
