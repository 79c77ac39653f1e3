#if Vapor && Tracing
    import Foundation
    import NIOConcurrencyHelpers
    import Testing
    import VaporTesting
    import Wiring
    import WiringLogging
    import WiringVapor

    /// What the tests' services record, in order: builds and disposals.
    final class Journal: Sendable {
        private let entries = NIOLockedValueBox<[String]>([])
        func record(_ entry: String) { entries.withLockedValue { $0.append(entry) } }
        var all: [String] { entries.withLockedValue { $0 } }
    }

    /// A request-scoped service that records its disposal.
    final class RequestLedger: Sendable, Disposable {
        let journal: Journal
        let name: String
        let requestID: String

        init(journal: Journal, name: String, requestID: String) {
            self.journal = journal
            self.name = name
            self.requestID = requestID
            journal.record("built \(name)")
        }

        func dispose() { journal.record("disposed \(name)") }
    }

    /// A service over the ledger, also request-scoped: disposed of before it.
    final class RequestReport: Sendable, Disposable {
        let ledger: RequestLedger
        init(ledger: RequestLedger) {
            self.ledger = ledger
            ledger.journal.record("built report")
        }

        func dispose() { ledger.journal.record("disposed report") }
    }

    /// An app with a ledger and a report per request, and routes that use them.
    /// With `tracing`, Vapor's `TracingMiddleware` comes first, so the handlers run in a request span.
    func configureScopedApp(_ app: Application, journal: Journal, tracing: Bool = false) throws -> WiringMiddleware {
        if tracing { app.middleware.use(TracingMiddleware()) }
        app.wiring.register(RequestLedger.self, lifetime: .scoped("request")) { r in
            RequestLedger(journal: journal, name: "ledger", requestID: try r.resolve(RequestIdentifier.self).value)
        }
        app.wiring.autowire(RequestReport.self, lifetime: .scoped("request"), RequestReport.init(ledger:))
        let middleware = WiringMiddleware(app, roots: [RequestReport.self])
        app.middleware.use(middleware)
        app.get("report") { req in
            let report = try req.resolve(RequestReport.self)
            #expect(report.ledger === (try req.resolve(RequestLedger.self)))
            return report.ledger.requestID
        }
        app.get("plain") { _ in "no services" }
        app.get("fails") { req -> String in
            _ = try req.resolve(RequestReport.self)
            throw Abort(.conflict, reason: "on purpose")
        }
        return middleware
    }

    @Suite("WiringVapor: a scope per request")
    struct RequestScopeTests {
        @Test("a request's scoped services are built once, and disposed of in reverse order when the handler returns")
        func disposedInReverseOrder() async throws {
            let journal = Journal()
            try await withApp { app in
                let middleware = try configureScopedApp(app, journal: journal)
                try await app.testing().test(.GET, "report", headers: ["X-Request-Id": "req-7"]) { response in
                    #expect(response.status == .ok)
                    #expect(response.body.string == "req-7")
                }
                #expect(journal.all == ["built ledger", "built report", "disposed report", "disposed ledger"])
                #expect(middleware.counters.opened == 1)
                #expect(middleware.counters.closed == 1)
            }
        }

        @Test("a route that never resolves makes no scope")
        func unusedScopeCostsNothing() async throws {
            let journal = Journal()
            try await withApp { app in
                let middleware = try configureScopedApp(app, journal: journal)
                try await app.testing().test(.GET, "plain") { response in
                    #expect(response.body.string == "no services")
                }
                #expect(middleware.counters.opened == 0)
                #expect(journal.all.isEmpty)
            }
        }

        @Test("a handler that throws: the scope is closed before the error response")
        func closedOnError() async throws {
            let journal = Journal()
            try await withApp { app in
                let middleware = try configureScopedApp(app, journal: journal)
                try await app.testing().test(.GET, "fails") { response in
                    #expect(response.status == .conflict)
                }
                #expect(journal.all.suffix(2) == ["disposed report", "disposed ledger"])
                #expect(middleware.counters.opened == middleware.counters.closed)
            }
        }

        @Test("the scope's teardowns, asynchronous ones included, have run when the response goes on", arguments: [false, true])
        func teardownsRunBeforeTheResponse(asynchronous: Bool) async throws {
            let journal = Journal()
            try await withApp { app in
                let work = app.wiring.register(String.self, tag: "work", lifetime: .scoped("request")) { _ in "work" }
                if asynchronous {
                    work.onDispose { (_: String) async in
                        await Task.yield()
                        journal.record("disposed work")
                    }
                } else {
                    work.onDispose { _ in journal.record("disposed work") }
                }
                let middleware = WiringMiddleware(app)
                app.middleware.use(middleware)
                app.get("work") { req in try req.resolve(String.self, tag: "work") }
                try await app.testing().test(.GET, "work") { response in
                    #expect(response.body.string == "work")
                    #expect(journal.all == ["disposed work"], "the teardown ran before the response went on")
                }
                #expect(middleware.counters.opened == 1 && middleware.counters.closed == 1)
            }
        }

        @Test("50 concurrent requests never share a scoped instance, and every scope is closed")
        func concurrentRequests() async throws {
            let journal = Journal()
            try await withApp { app in
                let middleware = try configureScopedApp(app, journal: journal)
                let tester = try app.testing()
                let ids = try await withThrowingTaskGroup(of: String.self) { group in
                    for index in 0..<50 {
                        group.addTask {
                            try await tester.sendRequest(.GET, "report", headers: ["X-Request-Id": "r\(index)"]).body.string
                        }
                    }
                    return try await group.reduce(into: Set<String>()) { $0.insert($1) }
                }
                #expect(ids.count == 50)
                #expect(middleware.counters.opened == 50)
                #expect(middleware.counters.closed == 50)
                #expect(journal.all.filter { $0 == "disposed ledger" }.count == 50)
            }
        }

        @Test("many first uses of req.wiring at once share one scope, opened and closed once")
        func concurrentFirstUse() async throws {
            let journal = Journal()
            try await withApp { app in
                let middleware = try configureScopedApp(app, journal: journal)
                app.get("race") { req -> String in
                    let scopes = await withTaskGroup(of: ObjectIdentifier.self) { group in
                        for _ in 0..<20 { group.addTask { ObjectIdentifier(req.wiring) } }
                        return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
                    }
                    _ = try req.resolve(RequestReport.self)
                    return "\(scopes.count)"
                }
                // A race lost used to count a close no open matched: closed ran ahead of opened.
                for _ in 0..<100 {
                    try await app.testing().test(.GET, "race") { response in #expect(response.body.string == "1") }
                }
                #expect(middleware.counters.opened == 100)
                #expect(middleware.counters.closed == 100)
                #expect(journal.all.filter { $0 == "disposed ledger" }.count == 100)
            }
        }

        @Test("a streamed body closes the scope when the stream ends, not when the handler returns")
        func streamClosesTheScope() async throws {
            let journal = Journal()
            try await withApp { app in
                let middleware = try configureScopedApp(app, journal: journal)
                app.get("stream") { req in
                    Response(
                        body: req.wiringStream { writer in
                            let report = try req.resolve(RequestReport.self)
                            journal.record("streaming")
                            try await writer.writeBuffer(ByteBuffer(string: report.ledger.name))
                        })
                }
                try await app.testing().test(.GET, "stream") { response in
                    #expect(response.body.string == "ledger")
                }
                #expect(journal.all == ["built ledger", "built report", "streaming", "disposed report", "disposed ledger"])
                #expect(middleware.counters.opened == middleware.counters.closed)
            }
        }

        @Test("the request's own values are in its scope: Request, RequestIdentifier, Logger")
        func requestValues() async throws {
            try await withApp { app in
                app.middleware.use(WiringMiddleware(app))
                app.get("values") { req -> String in
                    let request = try req.resolve(Request.self)
                    let id = try req.resolve(RequestIdentifier.self)
                    let logger = try req.resolve(Logger.self)
                    #expect(request === req)
                    #expect(logger[metadataKey: "request-id"] == req.logger[metadataKey: "request-id"])
                    return id.value
                }
                try await app.testing().test(.GET, "values", headers: ["X-Request-Id": "abc"]) { response in
                    #expect(response.body.string == "abc")
                }
            }
        }
    }
#endif
