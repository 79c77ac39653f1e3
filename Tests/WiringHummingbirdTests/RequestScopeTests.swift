#if Hummingbird && ServiceLifecycle
    import HTTPTypes
    import Hummingbird
    import HummingbirdTesting
    import LogCapture
    import Logging
    import NIOCore
    import Testing
    import Wiring
    import WiringHummingbird
    import WiringLogging

    /// What the request's scoped services did, in order.
    final class Journal: Sendable {
        private let lines = Lock<[String]>([])
        func write(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// A request's transaction: one per request, numbered.
    final class Transaction: Sendable {
        static let counter = AtomicCell<Int>(0)
        let number = Transaction.counter.add(1, ordering: .relaxed).newValue
    }

    /// Depends on the transaction and on the request's own values.
    final class Repository: Sendable {
        let transaction: Transaction
        let path: String
        let requestID: RequestIdentifier

        init(transaction: Transaction, request: Request, requestID: RequestIdentifier) {
            self.transaction = transaction
            self.path = request.uri.path
            self.requestID = requestID
        }
    }

    struct Unregistered {}

    @Suite("Request scopes in Hummingbird")
    struct RequestScopeTests {
        let journal = Journal()

        func makeContainer() -> Container {
            let container = Container()
            let journal = self.journal
            container.register(Transaction.self, lifetime: .scoped("request")) { _ in Transaction() }
                .onDispose { _ in journal.write("dispose transaction") }
            container.register(Repository.self, lifetime: .scoped("request")) { r in
                Repository(transaction: try r.resolve(), request: try r.resolve(), requestID: try r.resolve())
            }
            .onDispose { _ in journal.write("dispose repository") }
            return container
        }

        func makeApp(
            _ container: Container,
            _ middleware: RequestScopeMiddleware<BasicWiringRequestContext>
        ) -> some ApplicationProtocol {
            let router = Router(context: BasicWiringRequestContext.self)
            router.add(middleware: middleware)
            router.get("/repository") { _, context -> String in
                let repository = try context.resolve(Repository.self)
                #expect(repository === (try context.resolve(Repository.self)))
                return "\(repository.path) \(repository.transaction.number)"
            }
            router.get("/fails") { _, context -> String in
                _ = try context.resolve(Repository.self)
                throw HTTPError(.conflict, message: "taken")
            }
            router.get("/cancelled") { _, context -> String in
                _ = try context.resolve(Repository.self)
                throw CancellationError()
            }
            router.get("/request-id") { _, context -> String in
                let repository = try context.resolve(Repository.self)
                return repository.requestID.value == context.id ? "matches" : "differs"
            }
            return Application(router: router)
        }

        @Test("a handler's scoped services are the request's own, and are disposed in reverse order once the response is written")
        func disposedAfterResponse() async throws {
            let container = makeContainer()
            let middleware = try RequestScopeMiddleware<BasicWiringRequestContext>(container: container)
            try await makeApp(container, middleware).test(.router) { client in
                let first = try await client.execute(uri: "/repository", method: .get)
                let second = try await client.execute(uri: "/repository", method: .get)
                let numbers = [first, second].map { String(buffer: $0.body).split(separator: " ") }
                #expect(numbers.map { $0[0] } == ["/repository", "/repository"])
                #expect(numbers[0][1] != numbers[1][1])
            }
            #expect(journal.all == ["dispose repository", "dispose transaction", "dispose repository", "dispose transaction"])
            #expect(middleware.counters.opened == 2)
            #expect(middleware.counters.closed == 2)
        }

        @Test("the scope is closed when the handler throws, and when its task is cancelled")
        func closedOnErrorAndCancellation() async throws {
            let container = makeContainer()
            let middleware = try RequestScopeMiddleware<BasicWiringRequestContext>(container: container)
            try await makeApp(container, middleware).test(.router) { client in
                let conflict = try await client.execute(uri: "/fails", method: .get)
                #expect(conflict.status == .conflict)
                _ = try? await client.execute(uri: "/cancelled", method: .get)
            }
            #expect(journal.all == ["dispose repository", "dispose transaction", "dispose repository", "dispose transaction"])
            #expect(middleware.counters.closed == 2)
        }

        @Test("scoped factories get the request and Hummingbird's request id")
        func requestValues() async throws {
            let container = makeContainer()
            let middleware = try RequestScopeMiddleware<BasicWiringRequestContext>(container: container)
            try await makeApp(container, middleware).test(.router) { client in
                let response = try await client.execute(uri: "/request-id", method: .get)
                #expect(String(buffer: response.body) == "matches")
            }
        }

        @Test("concurrent requests never share a scoped instance")
        func concurrentRequests() async throws {
            let container = makeContainer()
            let middleware = try RequestScopeMiddleware<BasicWiringRequestContext>(container: container)
            try await makeApp(container, middleware).test(.router) { client in
                let numbers = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<200 {
                        group.addTask {
                            let response = try await client.execute(uri: "/repository", method: .get)
                            return String(String(buffer: response.body).split(separator: " ")[1])
                        }
                    }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(Set(numbers).count == 200)
            }
            #expect(middleware.counters.opened == 200)
            #expect(middleware.counters.closed == 200)
        }

        @Test("the Request and RequestIdentifier registrations the middleware adds are never reported as unreachable")
        func middlewareRegistrationsAreNotReported() throws {
            let container = Container()
            container.register(Transaction.self, lifetime: .scoped("request")) { _ in Transaction() }
            _ = try RequestScopeMiddleware<BasicWiringRequestContext>(container: container, roots: [Transaction.self])
            let report = container.validate(ValidationOptions(roots: [Transaction.self], dryRun: true))
            #expect(report.isClean, "\(report)")
        }

        @Test("a handler dependency that cannot be resolved stops the app at start-up, naming it and the fix")
        func validationAtStartup() throws {
            let container = makeContainer()
            container.autowire(Needy.self, lifetime: .scoped("request"), Needy.init)
            let error = #expect(throws: RequestScopeValidationError.self) {
                _ = try RequestScopeMiddleware<BasicWiringRequestContext>(
                    container: container,
                    roots: [Repository.self, Needy.self]
                )
            }
            let message = "\(error!)"
            #expect(message.contains("Needy"))
            #expect(message.contains("Unregistered"))
            #expect(message.contains("Needy → Unregistered"))
            #expect(message.contains("To fix: register it"))
        }

        @Test(
            "a request value registered another way stops the middleware when it is made, saying where and how to fix it",
            arguments: [Lifetime.singleton, .transient, .scoped("session")]
        )
        func clashingRequestValueFoundAtStartup(lifetime: Lifetime) throws {
            let container = Container()
            container.register(RequestIdentifier.self, lifetime: lifetime) { _ in RequestIdentifier("fixed") }
            let error = #expect(throws: RequestScopeValidationError.self) {
                _ = try RequestScopeMiddleware<BasicWiringRequestContext>(container: container)
            }
            guard let error else { return }
            let message = "\(error)"
            #expect(error.clashes.count == 1)
            #expect(message.contains("RequestIdentifier is registered as \(lifetime)"), "\(message)")
            #expect(message.contains(#"RequestScopeMiddleware gives every scope named "request" its own RequestIdentifier"#), "\(message)")
            #expect(message.contains("registered at: WiringHummingbirdTests/RequestScopeTests.swift"), "\(message)")
            #expect(
                message.contains(
                    #"To fix:\#n  - remove this registration: RequestScopeMiddleware registers RequestIdentifier itself, as .scoped("request")."#
                ), "\(message)")
        }

        @Test("a request value the app registered scoped, unnamed or in the middleware's scope, is given to each request")
        func scopedRequestValueIsAccepted() async throws {
            for lifetime in [Lifetime.scoped, .scoped("request")] {
                let container = Container()
                container.register(RequestIdentifier.self, lifetime: lifetime) { _ in RequestIdentifier("never built") }
                let router = Router(context: BasicWiringRequestContext.self)
                router.add(middleware: try RequestScopeMiddleware(container: container))
                router.get("/id") { _, context in try context.resolve(RequestIdentifier.self).value }
                try await Application(router: router).test(.router) { client in
                    let response = try await client.execute(uri: "/id", method: .get)
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) != "never built")
                }
            }
        }
    }

    /// Depends on a type nothing registers.
    final class Needy: Sendable {
        init(_: Unregistered) {}
    }

    /// A context source for calling the middleware directly, without a server.
    struct DirectSource: RequestContextSource {
        var logger: Logger
    }

    struct DirectContext: WiringRequestContext {
        typealias Source = DirectSource
        var coreContext: CoreRequestContextStorage
        var requestScope: Scope?
        init(source: DirectSource) { coreContext = .init(source: source) }
    }

    /// A response writer whose connection has gone: every write throws.
    struct DisconnectedWriter: ResponseBodyWriter {
        struct Disconnected: Error {}
        mutating func write(_ buffer: ByteBuffer) async throws { throw Disconnected() }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws { throw Disconnected() }
    }

    @Suite("Request scopes when the response is never written")
    struct UnwrittenResponseTests {
        let journal = Journal()

        func serve(
            _ middleware: RequestScopeMiddleware<DirectContext>
        ) async throws -> Response {
            var logger = Logger(label: "direct")
            logger[metadataKey: "hb.request.id"] = "direct-1"
            let context = DirectContext(source: DirectSource(logger: logger))
            let request = Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/"), body: .init(buffer: ByteBuffer()))
            return try await middleware.handle(request, context: context) { _, context in
                _ = try context.resolve(Transaction.self)
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "done")))
            }
        }

        func makeMiddleware() throws -> RequestScopeMiddleware<DirectContext> {
            let container = Container()
            let journal = self.journal
            container.register(Transaction.self, lifetime: .scoped("request")) { _ in Transaction() }
                .onDispose { _ in journal.write("dispose transaction") }
            return try RequestScopeMiddleware<DirectContext>(container: container)
        }

        @Test("a client that disconnects while the body is written: the scope closes as the write fails")
        func disconnectDuringWrite() async throws {
            let middleware = try makeMiddleware()
            let response = try await serve(middleware)
            #expect(journal.all.isEmpty, "the scope must stay open until the body is written")
            await #expect(throws: DisconnectedWriter.Disconnected.self) {
                try await response.body.write(DisconnectedWriter())
            }
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.closed == 1)
        }

        @Test("a response dropped without being written still closes its scope")
        func droppedResponse() async throws {
            let middleware = try makeMiddleware()
            _ = try await serve(middleware)
            let clock = ContinuousClock()
            // A condition, polled: the deadline only turns a hang into a failure, on however busy a machine.
            let deadline = clock.now + .seconds(30)
            while middleware.counters.closed < 1, clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.closed == 1)
        }
    }
#endif
