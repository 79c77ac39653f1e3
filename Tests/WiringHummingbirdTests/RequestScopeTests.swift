#if Hummingbird && ServiceLifecycle
    import Dispatch
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
        var requestScope: RequestScope?
        init(source: DirectSource) { coreContext = .init(source: source) }
    }

    /// A response writer whose connection has gone: every write throws.
    struct DisconnectedWriter: ResponseBodyWriter {
        struct Disconnected: Error {}
        mutating func write(_ buffer: ByteBuffer) async throws { throw Disconnected() }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws { throw Disconnected() }
    }

    /// What a response body wrote: each write, and the trailing headers it finished with.
    final class WrittenBody: Sendable {
        private let state = Lock<(writes: [String], trailers: HTTPFields?, finished: Bool)>(([], nil, false))
        var writes: [String] { state.withLock { $0.writes } }
        var trailers: HTTPFields? { state.withLock { $0.trailers } }
        var finished: Bool { state.withLock { $0.finished } }
        func write(_ buffer: ByteBuffer) { state.withLock { $0.writes.append(String(buffer: buffer)) } }
        func finish(_ trailers: HTTPFields?) {
            state.withLock {
                $0.trailers = trailers
                $0.finished = true
            }
        }
    }

    /// A response writer that records what the body writes.
    struct RecordingWriter: ResponseBodyWriter {
        let written: WrittenBody
        mutating func write(_ buffer: ByteBuffer) async throws { written.write(buffer) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws { written.finish(trailingHeaders) }
    }

    /// A body whose writing fails half-way.
    struct BodyFailed: Error {}

    /// The kinds of body a handler returns, and whether each is collected before the response is returned.
    enum BodyKind: String, CaseIterable, CustomTestStringConvertible {
        /// `ResponseBody(byteBuffer:)`: collected.
        case buffer
        /// A closure of known length at most the limit: collected.
        case smallClosure
        /// A closure of unknown length: streamed.
        case unknownLength
        /// A closure of known length above the limit: streamed.
        case largeClosure

        var isCollected: Bool { self == .buffer || self == .smallClosure }
        var testDescription: String { rawValue }

        /// The body, which resolves the request's transaction as it writes when it is a closure, and
        /// fails half-way when `failing`.
        func body(_ context: DirectContext, failing: Bool = false) -> ResponseBody {
            let large = RequestScopeMiddleware<DirectContext>.collectedBodyLimit + 1
            let write: @concurrent @Sendable (inout any ResponseBodyWriter) async throws -> Void = { writer in
                let transaction = try context.resolve(Transaction.self)
                try await writer.write(ByteBuffer(string: "part 1 of \(transaction.number);"))
                if failing { throw BodyFailed() }
                try await writer.write(ByteBuffer(string: "part 2"))
                try await writer.finish(nil)
            }
            switch self {
            case .buffer: return ResponseBody(byteBuffer: ByteBuffer(string: "done"))
            case .smallClosure: return ResponseBody(contentLength: 20, write)
            case .unknownLength: return ResponseBody(write)
            case .largeClosure: return ResponseBody(contentLength: large, write)
            }
        }
    }

    @Suite("Request scopes and response bodies: closed before an in-memory body is returned, after a streamed one")
    struct ResponseBodyTests {
        let journal = Journal()

        func serve(
            _ middleware: RequestScopeMiddleware<DirectContext>,
            resolving: Bool = true,
            _ body: @escaping @Sendable (DirectContext) -> ResponseBody
        ) async throws -> Response {
            var logger = Logger(label: "direct")
            logger[metadataKey: "hb.request.id"] = "direct-1"
            let context = DirectContext(source: DirectSource(logger: logger))
            let request = Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/"), body: .init(buffer: ByteBuffer()))
            return try await middleware.handle(request, context: context) { _, context in
                if resolving { _ = try context.resolve(Transaction.self) }
                return Response(status: .ok, body: body(context))
            }
        }

        func makeMiddleware(asyncTeardown: Bool = false) throws -> RequestScopeMiddleware<DirectContext> {
            let container = Container()
            let journal = self.journal
            let registration = container.register(Transaction.self, lifetime: .scoped("request")) { _ in Transaction() }
            if asyncTeardown {
                registration.onDispose { (_: Transaction) async in
                    await Task.yield()
                    journal.write("dispose transaction")
                }
            } else {
                registration.onDispose { _ in journal.write("dispose transaction") }
            }
            return try RequestScopeMiddleware<DirectContext>(container: container)
        }

        @Test(
            "an in-memory body is collected with the scope open, and the scope is closed before the response is returned",
            arguments: [false, true])
        func inMemoryBodyClosesFirst(asyncTeardown: Bool) async throws {
            for kind in BodyKind.allCases where kind.isCollected {
                let middleware = try makeMiddleware(asyncTeardown: asyncTeardown)
                let before = journal.all.count
                let response = try await serve(middleware) { kind.body($0) }
                #expect(journal.all.count == before + 1, "\(kind): its teardown ran before the response was returned")
                #expect(middleware.counters.opened == 1 && middleware.counters.closed == 1, "\(kind)")
                let written = WrittenBody()
                try await response.body.write(RecordingWriter(written: written))
                // One buffer: Hummingbird writes a byte-buffer body with its head in one write.
                #expect(written.writes.count == 1, "\(kind): \(written.writes)")
                #expect(written.finished)
                #expect(response.body.contentLength == written.writes.first?.utf8.count)
                #expect(middleware.counters.closed == 1, "\(kind): closed once")
            }
            #expect(journal.all == ["dispose transaction", "dispose transaction"])
        }

        @Test("a closure body collected resolves the handler's own scoped instances", arguments: [false, true])
        func collectedClosureSeesTheHandlersScope(streamed: Bool) async throws {
            let middleware = try makeMiddleware()
            let handlers = Lock<Int?>(nil)
            let response = try await serve(middleware) { context in
                handlers.withLock { $0 = try? context.resolve(Transaction.self).number }
                return (streamed ? BodyKind.unknownLength : .smallClosure).body(context)
            }
            let written = WrittenBody()
            try await response.body.write(RecordingWriter(written: written))
            let number = try #require(handlers.withLock { $0 })
            #expect(written.writes.joined() == "part 1 of \(number);part 2")
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.closed == 1)
        }

        @Test("a streamed body keeps the scope open until its last byte is written", arguments: [BodyKind.unknownLength, .largeClosure])
        func streamedBodyClosesAfterWriting(kind: BodyKind) async throws {
            let middleware = try makeMiddleware()
            let response = try await serve(middleware) { kind.body($0) }
            #expect(journal.all.isEmpty, "the scope must stay open until the body is written")
            #expect(middleware.counters.closed == 0)
            let written = WrittenBody()
            try await response.body.write(RecordingWriter(written: written))
            #expect(written.writes.count == 2)
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.closed == 1)
        }

        @Test("trailing headers of a collected body are kept")
        func collectedTrailers() async throws {
            let middleware = try makeMiddleware()
            let response = try await serve(middleware) { _ in
                ResponseBody(contentLength: 5) { writer in
                    try await writer.write(ByteBuffer(string: "he"))
                    try await writer.write(ByteBuffer(string: "llo"))
                    try await writer.finish([.init("x-checksum")!: "42"])
                }
            }
            #expect(journal.all == ["dispose transaction"])
            let written = WrittenBody()
            try await response.body.write(RecordingWriter(written: written))
            #expect(written.writes == ["hello"])
            #expect(written.trailers?[.init("x-checksum")!] == "42")
        }

        @Test("a body that fails while it is collected closes the scope once and the error goes on")
        func collectionFails() async throws {
            let middleware = try makeMiddleware()
            await #expect(throws: BodyFailed.self) {
                _ = try await serve(middleware) { BodyKind.smallClosure.body($0, failing: true) }
            }
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.opened == 1 && middleware.counters.closed == 1)
        }

        @Test("a streamed body whose write fails closes the scope once", arguments: [false, true])
        func streamedWriteFails(disconnected: Bool) async throws {
            let middleware = try makeMiddleware()
            let response = try await serve(middleware) { BodyKind.unknownLength.body($0, failing: !disconnected) }
            #expect(journal.all.isEmpty)
            if disconnected {
                await #expect(throws: DisconnectedWriter.Disconnected.self) { try await response.body.write(DisconnectedWriter()) }
            } else {
                await #expect(throws: BodyFailed.self) { try await response.body.write(RecordingWriter(written: WrittenBody())) }
            }
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.closed == 1)
        }

        @Test("a streamed response dropped without being written still closes its scope")
        func droppedResponse() async throws {
            let middleware = try makeMiddleware()
            _ = try await serve(middleware) { BodyKind.unknownLength.body($0) }
            let clock = ContinuousClock()
            // A condition, polled: the deadline only turns a hang into a failure, on however busy a machine.
            let deadline = clock.now + .seconds(30)
            while middleware.counters.closed < 1, clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(journal.all == ["dispose transaction"])
            #expect(middleware.counters.closed == 1)
        }

        @Test(
            "a request whose handler resolves nothing costs no scope, and its response is returned as it is", arguments: BodyKind.allCases)
        func unusedScopeIsNeverMade(kind: BodyKind) async throws {
            let middleware = try makeMiddleware()
            let response = try await serve(middleware, resolving: false) { _ in
                kind == .buffer
                    ? ResponseBody(byteBuffer: ByteBuffer(string: "static"))
                    : ResponseBody { writer in
                        try await writer.write(ByteBuffer(string: "static"))
                        try await writer.finish(nil)
                    }
            }
            let written = WrittenBody()
            try await response.body.write(RecordingWriter(written: written))
            #expect(written.writes == ["static"])
            #expect(middleware.counters.opened == 0 && middleware.counters.closed == 0)
        }

        @Test("a handler's concurrent first resolves share one scope")
        func concurrentFirstResolves() async throws {
            let middleware = try makeMiddleware()
            let numbers = Lock<Set<Int>>([])
            let response = try await serve(middleware, resolving: false) { context in
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    if let number = try? context.resolve(Transaction.self).number { numbers.withLock { _ = $0.insert(number) } }
                }
                return ResponseBody(byteBuffer: ByteBuffer(string: "done"))
            }
            _ = response
            #expect(numbers.withLock { $0.count } == 1)
            #expect(middleware.counters.opened == 1 && middleware.counters.closed == 1)
            #expect(journal.all == ["dispose transaction"])
        }

        @Test("a context given a scope of its own resolves from it until its owner closes it")
        func scopeGivenByItsOwner() throws {
            let container = Container()
            container.register(Transaction.self, lifetime: .scoped("request")) { _ in Transaction() }
            let scope = container.makeScope("request")
            var context = DirectContext(source: DirectSource(logger: Logger(label: "test")))
            context.requestScope = RequestScope(scope)
            #expect(try context.resolve(Transaction.self) === (try scope.resolve(Transaction.self)))
            try scope.syncClose()
            let error = #expect(throws: WiringError.self) { try context.resolve(Transaction.self) }
            #expect(error?.code == .shutDown, "the scope is its owner's to close")
        }
    }
#endif
