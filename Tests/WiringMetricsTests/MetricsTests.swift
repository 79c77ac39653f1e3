#if Metrics
    import CoreMetrics
    import MetricsTestKit
    import Testing
    import Wiring
    import WiringMetrics

    final class Clock: Sendable { init() {} }
    final class Store: Sendable { init(clock: Clock) {} }
    struct DiskFull: Error {}

    /// A connection whose teardown can be told to fail.
    final class Connection: Disposable, Sendable {
        let fails: Bool
        init(fails: Bool = false) { self.fails = fails }
        func dispose() throws { if fails { throw DiskFull() } }
    }

    /// Loops on itself: resolving it is refused as a cycle.
    final class Loop: Sendable { init(loop: Loop) {} }

    @Suite("Metrics")
    struct MetricsTests {
        @Test("each counter, timer and meter after a scripted run of builds, hits, failures, scopes and disposals")
        func scriptedRun() async throws {
            let metrics = TestMetrics()
            let container = Container()
            container.autowire(Clock.self, Clock.init)
            container.autowire(Store.self, lifetime: .singleton, Store.init(clock:))
            container.register(Connection.self, lifetime: .scoped("request")) { _ in Connection() }
            container.register(Connection.self, tag: "failing", lifetime: .scoped("request")) { _ in Connection(fails: true) }
            container.register(Config.self) { _ in throw DiskFull() }
            container.autowire(Loop.self, Loop.init(loop:))
            container.recordMetrics(factory: metrics)

            // Two builds (Store, Clock), then two cache hits.
            _ = try container.resolve(Store.self)
            _ = try container.resolve(Store.self)
            _ = try container.resolve(Store.self)
            // A failure, and a cycle.
            _ = try? container.resolve(Config.self)
            _ = try? container.resolve(Loop.self)
            // Two request scopes: one closed with a teardown that throws, one still open.
            let first = container.makeScope("request")
            _ = try first.resolve(Connection.self)
            _ = try first.resolve(Connection.self, tag: "failing")
            let second = container.makeScope("request")
            _ = try second.resolve(Connection.self)
            #expect(try metrics.expectMeter("wiring_open_scopes", [("scope", "request")]).values.last == 2)
            #expect(try metrics.expectMeter("wiring_tracked_instances").values.last == 3)
            await #expect(throws: DisposalError.self) { try await first.close() }

            #expect(try metrics.expectCounter("wiring_builds_total", [("type", "Store")]).totalValue == 1)
            #expect(try metrics.expectCounter("wiring_builds_total", [("type", "Clock")]).totalValue == 1)
            #expect(try metrics.expectCounter("wiring_builds_total", [("type", "Connection")]).totalValue == 2)
            #expect(try metrics.expectCounter("wiring_cache_hits_total", [("type", "Store")]).totalValue == 2)
            #expect(try metrics.expectCounter("wiring_build_failures_total", [("type", "Config")]).totalValue == 1)
            #expect(try metrics.expectCounter("wiring_refused_total", [("reason", "cycle")]).totalValue == 1)
            #expect(try metrics.expectTimer("wiring_build_duration", [("type", "Store")]).values.count == 1)
            #expect(try metrics.expectTimer("wiring_scope_duration", [("scope", "request")]).values.count == 1)
            #expect(try metrics.expectMeter("wiring_open_scopes", [("scope", "request")]).values.last == 1)
            #expect(try metrics.expectMeter("wiring_tracked_instances").values.last == 1)
            let failures = try metrics.expectCounter("wiring_disposal_failures_total", [("type", "Connection")])
            #expect(failures.totalValue == 1)

            // The second scope is released without its close: abandoned, its instance untracked.
            _ = consume second
            #expect(try metrics.expectCounter("wiring_scopes_abandoned_total", [("scope", "request")]).totalValue == 1)
            #expect(try metrics.expectMeter("wiring_open_scopes", [("scope", "request")]).values.last == 0)
            #expect(try metrics.expectMeter("wiring_tracked_instances").values.last == 0)
        }

        @Test("without the type dimension, one series per metric; hits uncounted when asked")
        func lowCardinality() throws {
            let metrics = TestMetrics()
            let container = Container()
            container.autowire(Clock.self, Clock.init)
            container.autowire(Store.self, lifetime: .singleton, Store.init(clock:))
            container.recordMetrics(MetricsOptions(prefix: "app_di", typeDimension: false, countsCacheHits: false), factory: metrics)
            _ = try container.resolve(Store.self)
            _ = try container.resolve(Store.self)
            #expect(try metrics.expectCounter("app_di_builds_total").totalValue == 2)
            #expect(metrics.counters(label: "app_di_builds_total").count == 1)
            #expect(metrics.counters(label: "app_di_cache_hits_total").isEmpty)

            container.stopRecordingMetrics()
            _ = try container.resolve(Clock.self)
            #expect(try metrics.expectCounter("app_di_builds_total").totalValue == 2)
        }

        @Test("builds too deep are counted as refused, once per resolve")
        func depthExceeded() throws {
            let metrics = TestMetrics()
            let container = Container(maximumDepth: 4)
            container.register(Int.self) { (r: Resolver, n: Int) in n == 0 ? 0 : try r.resolve(Int.self, arguments: n - 1) + 1 }
            container.recordMetrics(factory: metrics)
            let error = #expect(throws: WiringError.self) { try container.resolve(Int.self, arguments: 10) }
            #expect(error?.code == .depthExceeded)
            #expect(try metrics.expectCounter("wiring_refused_total", [("reason", "depth_exceeded")]).totalValue == 1)
        }
    }

    struct Config: Sendable {}
#endif
