import Hummingbird
import InMemoryTracing
import Logging
import Metrics
import OTel
import Prometheus
import ServiceLifecycle
import Testing
import Tracing
import Wiring
import WiringHummingbird
import WiringMetrics
import WiringTracing

/// The snippets of the "Tracing and metrics" article and the modules' pages. Those that bootstrap
/// the process's tracing or metrics system (once per process) are compiled, not run.
@Suite("Tracing and metrics article")
struct TracingArticleSnippets {
    static func install(_ container: Container) {
        container.traceSpans()
        container.recordMetrics()
    }

    static func options(_ container: Container) {
        container.traceSpans(SpanOptions(minimumDuration: .milliseconds(2)))
        container.recordMetrics(MetricsOptions(prefix: "todo_wiring", typeDimension: false))
    }

    static func hummingbird(_ container: Container, _ router: Router<BasicWiringRequestContext>) throws {
        router.add(middleware: TracingMiddleware())
        router.add(middleware: try RequestScopeMiddleware(container: container, roots: [TodoService.self]))
    }

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

    @Test("in tests: an InMemoryTracer of the test's own sees the builds")
    func inTests() throws {
        let container = threeLevels()
        let tracer = InMemoryTracer()
        container.traceSpans(tracer: tracer)
        _ = try container.resolve(Repository.self)
        #expect(tracer.finishedSpans.map(\.operationName).contains("wiring.build Repository"))
    }

    @Test("the article's Hummingbird order compiles and validates its roots")
    func hummingbirdOrder() throws {
        let container = Container()
        container.register(TodoService.self, lifetime: .scoped("request")) { _ in TodoService() }
        try Self.hummingbird(container, Router(context: BasicWiringRequestContext.self))
    }
}

/// The article's service.
final class TodoService: Sendable {}
