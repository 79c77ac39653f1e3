import Hummingbird
import Logging
import Metrics
import OTel
import Prometheus
import ServiceLifecycle
import Testing
import Wiring
import WiringHummingbird
import WiringMetrics
import WiringTracing

/// The snippets of the "Tracing and metrics" article that bootstrap an exporter, swift-otel or
/// swift-prometheus. They live here, with the examples, because only this package depends on the
/// exporters: a user of the `Tracing` and `Metrics` traits never fetches them. They bootstrap the
/// process's tracing or metrics system, once per process, so they are compiled, not run.
@Suite("Tracing and metrics article: the exporters")
struct ExporterSnippets {
    static func otel(_ container: Container, server: some Service, logger: Logger) async throws {
        var configuration = OTel.Configuration.default
        configuration.serviceName = "todo-server"
        configuration.logs.enabled = false
        let exporter = try OTel.bootstrap(configuration: configuration)
        container.traceSpans()
        container.recordMetrics()
        let group = ServiceGroup(services: [exporter, server], logger: logger)
        try await group.run()
    }

    static func prometheus(_ container: Container, _ router: Router<BasicWiringRequestContext>) {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        container.recordMetrics()
        router.get("metrics") { _, _ in registry.emitToString() }
    }

    @Test("the exporter snippets compile against the exporters' current APIs")
    func compiled() {
        // Referencing them makes the compiler check both against swift-otel's and
        // swift-prometheus's APIs; running them would bootstrap this process's global systems.
        let snippets: [Any] = [Self.otel(_:server:logger:) as (Container, ServiceGroup, Logger) async throws -> Void, Self.prometheus]
        #expect(snippets.count == 2)
    }
}
