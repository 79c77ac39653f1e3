import Testing
import Wiring

final class TracedPool: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

@Suite("Tracing async builds")
struct AsyncTracingTests {
    @Test("an async build is reported to the trace handler, decorated by the same pipeline as a sync one")
    func asyncBuildIsTraced() async throws {
        let events = Lock<[ResolutionEvent]>([])
        let container = Container()
        container.trace { event in events.withLock { $0.append(event) } }
        container.register(TracedPool.self, lifetime: .singleton) { _ async throws in TracedPool(label: "raw") }
            .decorated { _, pool in TracedPool(label: "decorated " + pool.label) }
        let pool = try await container.resolveAsync(TracedPool.self)
        #expect(pool.label == "decorated raw")
        let built = events.withLock { $0 }.filter { $0.type == TracedPool.self && !$0.cacheHit }
        #expect(built.count == 1)
        #expect(built.first?.lifetime == .singleton)
    }
}
