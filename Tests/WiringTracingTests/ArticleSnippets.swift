#if Tracing && Metrics && Hummingbird
    import Hummingbird
    import InMemoryTracing
    import Testing
    import Tracing
    import Wiring
    import WiringHummingbird
    import WiringMetrics
    import WiringTracing

    /// The snippets of the "Tracing and metrics" article and the modules' pages. Those that bootstrap
    /// an exporter are in the example servers' package (`ExporterSnippets`), the only one that
    /// depends on swift-otel and swift-prometheus.
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
#endif
