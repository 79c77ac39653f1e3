import Logging
import Metrics
import OTel
public import Prometheus
public import ServiceLifecycle
public import Tracing
public import Wiring
import WiringMetrics
import WiringTracing

/// Where the example servers send their traces and metrics (`--telemetry`).
public enum TelemetryBackend: String, CaseIterable, Sendable {
    /// Traces and metrics to an OpenTelemetry collector over OTLP/HTTP, through swift-otel: by
    /// default `http://localhost:4318`; the standard `OTEL_EXPORTER_OTLP_*` and `OTEL_*`
    /// variables change it. Without a collector the server runs as before, and swift-otel logs
    /// that it cannot export.
    case otel
    /// Metrics in Prometheus's text format at `GET /metrics`, through swift-prometheus; no
    /// traces.
    case prometheus
}

/// The observability an example server was started with: what to give its container and its
/// HTTP framework.
public struct Telemetry: Sendable {
    /// The tracer spans go to, if traces are exported.
    public let tracer: (any Tracer)?
    /// The registry `GET /metrics` reads, with `--telemetry prometheus`.
    public let prometheus: PrometheusCollectorRegistry?
    /// The exporters' service (swift-otel's batching and sending), to run beside the server and
    /// stop after it, so that the spans of the shutdown are sent.
    public let exporter: (any Service)?

    /// Bootstraps the process's tracing and metrics systems for `backend`: once per process.
    public static func bootstrap(_ backend: TelemetryBackend, serviceName: String) throws -> Telemetry {
        switch backend {
        case .otel:
            var configuration = OTel.Configuration.default
            configuration.serviceName = serviceName
            // Logs stay on the console; traces and metrics go to the collector. An export gives
            // up after 5 s (30 by default), which bounds the wait at shutdown without one.
            configuration.logs.enabled = false
            configuration.traces.otlpExporter.timeout = .seconds(5)
            configuration.traces.batchSpanProcessor.exportTimeout = .seconds(5)
            configuration.metrics.otlpExporter.timeout = .seconds(5)
            configuration.metrics.exportTimeout = .seconds(5)
            let exporter = try OTel.bootstrap(configuration: configuration)
            return Telemetry(tracer: InstrumentationSystem.tracer, prometheus: nil, exporter: exporter)
        case .prometheus:
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            return Telemetry(tracer: nil, prometheus: registry, exporter: nil)
        }
    }

    /// Records `container`'s builds and scopes as spans (when traces are exported) and its vital
    /// signs as metrics, with `todo_wiring` before each label.
    public func observe(_ container: Container) {
        if let tracer { container.traceSpans(SpanOptions(), tracer: tracer) }
        container.recordMetrics(MetricsOptions(prefix: "todo_wiring"))
    }

    /// The metrics in Prometheus's text format, for `GET /metrics`; empty without Prometheus.
    public func prometheusText() -> String {
        prometheus?.emitToString() ?? ""
    }
}

/// The exporters' service as a registration of the container, which runs the services it has
/// (WiringServiceLifecycle): registered before the server, it starts first and stops last.
public final class TelemetryExporter: Service, CustomStringConvertible {
    private let service: any Service

    /// Wraps the exporters' service.
    public init(_ service: any Service) { self.service = service }

    public func run() async throws { try await service.run() }

    public var description: String { "telemetry exporter" }
}
