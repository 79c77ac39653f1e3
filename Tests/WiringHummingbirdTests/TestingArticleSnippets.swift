#if Hummingbird && Tracing && Metrics
    import Hummingbird
    import HummingbirdTesting
    import InMemoryTracing
    import Logging
    import MetricsTestKit
    import Testing
    import Wiring
    import WiringHummingbird
    import WiringLogging
    import WiringMetrics
    import WiringTesting
    import WiringTracing

    /// The "Testing a server" section of "Wiring in a Hummingbird server", compiled and run: a
    /// small notes app, its route tests on a per-test container, the disposal check, the
    /// validation test with the request values, and spans and metrics without a bootstrap.
    @Suite("The Hummingbird article's testing section")
    struct HummingbirdTestingArticle {
        struct AppContext: WiringRequestContext {
            var coreContext: CoreRequestContextStorage
            var requestScope: RequestScope?
            init(source: Source) { coreContext = .init(source: source) }
        }

        final class NoteStore: Sendable {
            let notes: [String]
            init(_ notes: [String]) { self.notes = notes }
        }

        /// Counts the request audits closed.
        final class AuditLog: Sendable {
            private let count = Lock(0)
            var closed: Int { count.withLock { $0 } }
            func close() { count.withLock { $0 += 1 } }
        }

        /// A per-request audit, disposed of when the request's scope closes.
        final class AuditTrail: Disposable, Sendable {
            let request: RequestIdentifier
            let log: AuditLog
            init(request: RequestIdentifier, log: AuditLog) {
                self.request = request
                self.log = log
            }
            func dispose() { log.close() }
        }

        final class NoteService: Sendable {
            let store: NoteStore
            let audit: AuditTrail
            init(store: NoteStore, audit: AuditTrail) {
                self.store = store
                self.audit = audit
            }
            func titles() -> [String] { store.notes }
        }

        struct NotesModule: Module {
            var registrations: Registrations {
                singleton { NoteStore(["first note"]) }
                singleton { AuditLog() }
                scoped(in: "request") { r in AuditTrail(request: try r.resolve(), log: try r.resolve()) }
                scoped(in: "request") { r in NoteService(store: try r.resolve(), audit: try r.resolve()) }
            }
        }

        func buildRouter(container: Container) throws -> Router<AppContext> {
            let router = Router(context: AppContext.self)
            router.add(middleware: try RequestScopeMiddleware(container: container, roots: [NoteService.self]))
            router.get("/notes") { _, context in
                try context.resolve(NoteService.self).titles()
            }
            return router
        }

        @Test(
            .isolatedContainer(installing: NotesModule()) { container in
                container.register(NoteStore.self, lifetime: .singleton) { _ in NoteStore(["test note"]) }
            })
        func listsNotes() async throws {
            let app = Application(router: try buildRouter(container: Container.current))
            try await app.test(.router) { client in
                let response = try await client.execute(uri: "/notes", method: .get)
                #expect(String(buffer: response.body) == #"["test note"]"#)
            }
        }

        @Test(.isolatedContainer(installing: NotesModule()))
        func auditClosedWithTheRequest() async throws {
            let app = Application(router: try buildRouter(container: Container.current))
            try await app.test(.router) { client in
                _ = try await client.execute(uri: "/notes", method: .get)
                _ = try await client.execute(uri: "/notes", method: .get)
            }
            #expect(try Container.current.resolve(AuditLog.self).closed == 2)
        }

        @Test func wiringIsValid() {
            var options = ValidationOptions(roots: [NoteService.self], dryRun: true)
            options.provideSampleHummingbirdRequest()
            let report = Container.validate(modules: [NotesModule(), HummingbirdRequestValues()], options: options)
            #expect(report.isClean, "\(report)")
        }

        @Test(.isolatedContainer(installing: NotesModule()))
        func requestsAreTracedAndCounted() async throws {
            let tracer = InMemoryTracer()
            let metrics = TestMetrics()
            Container.current.traceSpans(tracer: tracer)
            Container.current.recordMetrics(factory: metrics)
            let app = Application(router: try buildRouter(container: Container.current))
            try await app.test(.router) { client in
                _ = try await client.execute(uri: "/notes", method: .get)
            }
            #expect(tracer.finishedSpans.map(\.operationName).contains("wiring.scope request"))
            #expect(try metrics.expectCounter("wiring_builds_total", [("type", "NoteService")]).totalValue == 1)
        }

        // What the section says the validation test reports without the request values, and
        // without the sample: the real cause and its fix, never a suggestion to forward.
        @Test("without the request values the report names Request as missing; without a sample, the factories left unchecked")
        func validationNamesTheRealCause() {
            let withoutValues = Container.validate(
                modules: [NotesModule()], options: ValidationOptions(roots: [NoteService.self], dryRun: true))
            #expect(!withoutValues.isValid)
            #expect(withoutValues.errors.contains { $0.kind == .missingRegistration && "\($0)".contains("RequestIdentifier") })
            #expect(!"\(withoutValues)".contains(".forwarding(to:"), "\(withoutValues)")

            let withoutSample = Container.validate(
                modules: [NotesModule(), HummingbirdRequestValues()],
                options: ValidationOptions(roots: [NoteService.self], dryRun: true))
            #expect(!withoutSample.errors.isEmpty && withoutSample.errors.allSatisfy { $0.kind == .dryRunIncomplete }, "\(withoutSample)")
            // The fix names the middleware's own sample, which gives every value it provides.
            #expect("\(withoutSample)".contains("options.provideSampleHummingbirdRequest()"), "\(withoutSample)")
            #expect(!"\(withoutSample)".contains("options.provide(<a"), "\(withoutSample)")
        }

        @Test("the request logger and the request values combine in either order, and the validation test passes with Logger a root")
        func requestLoggerWithRequestValues() throws {
            for loggerFirst in [true, false] {
                let container = Container()
                if loggerFirst { container.registerRequestLogger(Logger(label: "notes"), scope: "request") }
                try container.install(NotesModule(), HummingbirdRequestValues())
                if !loggerFirst { container.registerRequestLogger(Logger(label: "notes"), scope: "request") }
                var options = ValidationOptions(roots: [NoteService.self, Logger.self], dryRun: true)
                options.provideSampleHummingbirdRequest()
                let report = container.validate(options)
                #expect(report.isClean, "logger first: \(loggerFirst): \(report)")
            }
        }

        @Test("the request values installed after the middleware registered them are the same declarations")
        func requestValuesAfterTheMiddleware() throws {
            let container = Container()
            try container.install(NotesModule())
            _ = try buildRouter(container: container)
            try container.install(HummingbirdRequestValues())
            var options = ValidationOptions(roots: [NoteService.self], dryRun: true)
            options.provideSampleHummingbirdRequest()
            let report = container.validate(options)
            #expect(report.isClean, "\(report)")
        }

        @Test("the middleware finds the request values declared and serves with them")
        func middlewareKeepsDeclaredValues() async throws {
            let container = Container()
            try container.install(NotesModule(), HummingbirdRequestValues())
            let app = Application(router: try buildRouter(container: container))
            try await app.test(.router) { client in
                let response = try await client.execute(uri: "/notes", method: .get)
                #expect(String(buffer: response.body) == #"["first note"]"#)
            }
            #expect(try container.resolve(AuditLog.self).closed == 1)
        }
    }
#endif
