#if Vapor && Tracing
    import InMemoryTracing
    import Testing
    import Tracing
    import VaporTesting
    import Wiring
    import WiringTracing
    import WiringVapor

    @Suite("WiringVapor with tracing")
    struct VaporTracingTests {
        @Test("a request's scope is a span under Vapor's request span, its disposals inside it")
        func scopeSpanUnderRequestSpan() async throws {
            let tracer = InMemoryTracer()
            let journal = Journal()
            try await withTracer(tracer) {
                try await withApp { app in
                    _ = try configureScopedApp(app, journal: journal, tracing: true)
                    app.wiring.traceSpans()  // the task-local tracer, read now
                    try await app.testing().test(.GET, "report") { response in #expect(response.status == .ok) }
                }
            }
            let request = try #require(tracer.finishedSpans.first { $0.operationName == "GET /report" })
            let scope = try #require(tracer.finishedSpans.first { $0.operationName == "wiring.scope request" })
            let builds = tracer.finishedSpans.filter { $0.operationName.hasPrefix("wiring.build Request") }
            let disposals = tracer.finishedSpans.filter { $0.operationName.hasPrefix("wiring.dispose") }
            #expect(scope.parentSpanID == request.spanID)
            // The handler resolves the report, which needs the ledger: a path of two spans.
            let report = try #require(builds.first { $0.operationName == "wiring.build RequestReport" })
            #expect(report.parentSpanID == request.spanID)
            #expect(builds.first { $0.operationName == "wiring.build RequestLedger" }?.parentSpanID == report.spanID)
            #expect(builds.map(\.operationName).sorted() == ["wiring.build RequestLedger", "wiring.build RequestReport"])
            #expect(disposals.count == 2)
            #expect(disposals.allSatisfy { $0.parentSpanID == scope.spanID })
        }
    }
#endif
