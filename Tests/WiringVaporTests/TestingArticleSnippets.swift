#if Vapor && Tracing && Metrics
    import InMemoryTracing
    import MetricsTestKit
    import Testing
    import VaporTesting
    import Wiring
    import WiringMetrics
    import WiringTracing
    import WiringVapor

    // The "Testing a server" section of the WiringVapor page, compiled and run.

    /// The hour the greeting depends on; tests replace it.
    struct Clock: Sendable {
        let hour: Int
        init(hour: Int = 15) { self.hour = hour }
    }

    /// Counts the request visits closed.
    final class VisitLog: Sendable {
        private let count = Wiring.Lock(0)
        var closed: Int { count.withLock { $0 } }
        func close() { count.withLock { $0 += 1 } }
    }

    /// A per-request record, disposed of when the request's scope closes.
    final class Visit: Disposable, Sendable {
        let log: VisitLog
        init(log: VisitLog) { self.log = log }
        func dispose() { log.close() }
    }

    final class Greeter: Sendable {
        let path: String
        let clock: Clock
        let visit: Visit
        init(request: Request, clock: Clock, visit: Visit) {
            path = request.url.path
            self.clock = clock
            self.visit = visit
        }
        func greeting() -> String { clock.hour < 12 ? "Good morning" : "Good afternoon" }
    }

    struct GreetingModule: Module {
        var registrations: Registrations {
            singleton { Clock() }
            singleton { VisitLog() }
            scoped(in: "request") { r in Visit(log: try r.resolve()) }
            scoped(in: "request") { r in Greeter(request: try r.resolve(), clock: try r.resolve(), visit: try r.resolve()) }
        }
    }

    func configure(_ app: Application) throws {
        try app.wiring.install(GreetingModule())
        app.middleware.use(WiringMiddleware(app, roots: [Greeter.self]))
        app.get("hello") { req in try req.resolve(Greeter.self).greeting() }
    }

    @Suite("WiringVapor's testing section")
    struct VaporTestingArticle {
        @Test func greetsInTheMorning() async throws {
            try await withApp { app in
                try configure(app)
                app.wiring.register(Clock.self, lifetime: .singleton) { _ in Clock(hour: 9) }
                try await app.testing().test(.GET, "hello") { response in
                    #expect(response.body.string == "Good morning")
                }
            }
        }

        @Test func visitClosedWithTheRequest() async throws {
            try await withApp { app in
                try configure(app)
                try await app.testing().test(.GET, "hello") { _ in }
                #expect(try app.wiring.resolve(VisitLog.self).closed == 1)
            }
        }

        @Test func wiringIsValid() async throws {
            try await withApp { app in
                var options = ValidationOptions(roots: [Greeter.self], dryRun: true)
                options.provideSampleVaporRequest(app)
                let report = Container.validate(modules: [GreetingModule(), VaporRequestValues()], options: options)
                #expect(report.isClean, "\(report)")
            }
        }

        @Test func requestsAreTracedAndCounted() async throws {
            try await withApp { app in
                try configure(app)
                let tracer = InMemoryTracer()
                let metrics = TestMetrics()
                app.wiring.traceSpans(tracer: tracer)
                app.wiring.recordMetrics(factory: metrics)
                try await app.testing().test(.GET, "hello") { _ in }
                #expect(tracer.finishedSpans.map(\.operationName).contains("wiring.scope request"))
                #expect(try metrics.expectCounter("wiring_builds_total", [("type", "Greeter")]).totalValue == 1)
            }
        }

        @Test("without VaporRequestValues, validating the modules names Request as missing")
        func validationNamesTheMissingRequest() {
            let report = Container.validate(modules: [GreetingModule()], options: ValidationOptions(roots: [Greeter.self], dryRun: true))
            #expect(report.errors.contains { $0.kind == .missingRegistration && "\($0)".contains("Request") }, "\(report)")
            #expect(!"\(report)".contains(".forwarding(to:"), "\(report)")
        }

        @Test("without a sample, the report's fix names the Vapor sample request")
        func validationNamesTheVaporSample() {
            let report = Container.validate(
                modules: [GreetingModule(), VaporRequestValues()], options: ValidationOptions(roots: [Greeter.self], dryRun: true))
            #expect(!report.errors.isEmpty && report.errors.allSatisfy { $0.kind == .dryRunIncomplete }, "\(report)")
            #expect("\(report)".contains("options.provideSampleVaporRequest(app)"), "\(report)")
        }

        @Test("the middleware finds the request values declared: the request's own values are served")
        func middlewareKeepsDeclaredValues() async throws {
            try await withApp { app in
                try app.wiring.install(VaporRequestValues())
                try configure(app)
                try await app.testing().test(.GET, "hello") { response in
                    #expect(response.body.string == "Good afternoon")
                }
            }
        }
    }
#endif
