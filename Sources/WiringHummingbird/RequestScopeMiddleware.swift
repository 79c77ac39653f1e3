#if Hummingbird
    public import Hummingbird
    import Logging
    public import Wiring
    import WiringLogging

    /// Opens a `Scope` for every request, gives it the request's own values, hands it to
    /// the handler through the context, and closes it — disposing of the request's scoped
    /// instances in reverse order of creation — when the response is done.
    ///
    /// ```swift
    /// let router = Router(context: BasicWiringRequestContext.self)
    /// router.add(middleware: try RequestScopeMiddleware(container: container, roots: [TodoService.self]))
    /// router.get("/todos") { _, context in try await context.resolve(TodoService.self).all() }
    /// ```
    ///
    /// - Request values: the scope is given the `Request` and a `RequestIdentifier`
    ///   (Hummingbird's request id) with `Scope.provide`, so scoped factories can depend on them.
    ///   Give it more, such as the authenticated user, from a later middleware:
    ///   `try context.scope().provide(user)`.
    /// - Opening: the scope is made when the handler first resolves (``WiringRequestContext/resolve(_:tag:file:line:)``,
    ///   ``WiringRequestContext/scope()``); a request that resolves nothing costs no scope.
    /// - Closing, exactly once:
    ///   - a body in memory (a byte buffer, or any body of known length up to
    ///     ``collectedBodyLimit``): collected while the scope is open, then the scope closes, its
    ///     teardowns run, and the response is returned as one buffer. A unit of work committed on
    ///     dispose is committed before the client sees the response.
    ///   - a streamed body (unknown length, or longer): after its last byte is written, or when
    ///     the write fails (a client that went away).
    ///   - when the handler or a later middleware throws, or the task is cancelled: before the
    ///     error goes on.
    ///   - when the response is dropped unwritten: as it is released.
    ///
    ///   In one step (`Scope.syncClose()`) on the request's own task, unless an instance of the
    ///   scope has an asynchronous teardown: then it is awaited (`Scope.close()`).
    /// - Validation: `init` validates `roots`, the services your handlers resolve, and throws
    ///   if one of them cannot be built, so the app fails at start-up, before the server binds.
    public struct RequestScopeMiddleware<Context: WiringRequestContext>: RouterMiddleware {
        let container: Container
        let scopeName: ScopeName?
        /// Counts of scopes opened and closed: equal whenever no request is in flight.
        public let counters: RequestScopeCounters

        /// A middleware that opens a scope named `scopeName` in `container` for every request.
        ///
        /// It registers `Request` and `RequestIdentifier` as scoped in `container`,
        /// unless they are registered already, so that factories can depend on them and validation
        /// knows them.
        ///
        /// - Parameters:
        ///   - container: The container the scopes are made in.
        ///   - scopeName: The scopes' name, for `.scoped("request")` registrations; `nil` makes
        ///     unnamed scopes, for `.scoped` ones.
        ///   - roots: The services handlers resolve. They are validated with their dependencies
        ///     (as far as registrations declare them: auto-wired initializers and forwarded types;
        ///     closure factories hide theirs), and errors stop here.
        /// - Throws: ``RequestScopeValidationError`` listing what cannot be resolved, and the
        ///   values it gives every request scope that are registered in a way that cannot take
        ///   them (its `clashes`): `Request` or `RequestIdentifier`
        ///   registered as a singleton, say, or scoped in scopes of another name.
        public init(
            container: Container,
            scopeName: ScopeName? = "request",
            roots: [Any.Type] = []
        ) throws(RequestScopeValidationError) {
            self.container = container
            self.scopeName = scopeName
            self.counters = RequestScopeCounters()
            let lifetime: Lifetime = scopeName.map { .scoped($0) } ?? .scoped
            if !container.isRegistered(Request.self) {
                container.registerRequestValue(
                    Request.self, lifetime: lifetime, site: .hummingbirdRequest, sample: hummingbirdRequestSample
                ) {
                    RequestOutsideRequestScope()
                }
            }
            if !container.isRegistered(RequestIdentifier.self) {
                container.registerRequestIdentifier(lifetime: lifetime, sample: hummingbirdRequestSample)
            }
            // A value registered another way before the middleware was made could not be given to
            // the scopes: found now, not on every request.
            let clashes = container.providedValueClashes(
                [Request.self, RequestIdentifier.self], scopeName: scopeName, provider: "RequestScopeMiddleware")
            let report = container.validate(ValidationOptions(roots: roots))
            if !report.isValid || !clashes.isEmpty {
                throw RequestScopeValidationError(
                    provider: "RequestScopeMiddleware", services: "the request handlers' services", report: report, clashes: clashes)
            }
        }

        /// The largest body, in bytes, that is collected so that the scope closes before the
        /// response is returned (64 KiB): an in-memory body's bytes are held already, and a body
        /// of known length up to this is a JSON answer or a small file, whose bytes cost less to
        /// hold for a moment than a response written in three parts costs to send. A larger body,
        /// or one of unknown length, is streamed with the scope open until its last byte.
        public static var collectedBodyLimit: Int { 64 * 1024 }

        /// Serves one request with a scope of its own, made when the handler first resolves.
        /// (`@concurrent`, as Hummingbird's protocol declares it, compiled without
        /// nonisolated-nonsending semantics.)
        @concurrent
        public func handle(
            _ request: Request,
            context: Context,
            next: @concurrent (Request, Context) async throws -> Response
        ) async throws -> Response {
            let requestScope = RequestScope(
                container: container, scopeName: scopeName, counters: counters,
                request: request, identifier: context.id, logger: context.logger)
            var context = context
            context.requestScope = requestScope
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                await requestScope.end()
                throw error
            }
            let body = response.body
            if let length = body.contentLength, length <= Self.collectedBodyLimit {
                // In memory: collected while the scope is open, then the scope closes, and the
                // response goes out as one buffer, which Hummingbird writes in one write.
                if requestScope.isOpen {
                    response.body = try await Self.collect(body, closing: requestScope)
                } else {
                    // Nothing resolved: no scope to close. A body written later that resolves gets a
                    // closed scope, whose resolves throw `shutDown`.
                    await requestScope.end()
                }
                return response
            }
            // Streamed: the scope stays open until the last byte is written, or the write fails;
            // a response dropped unwritten closes it when `requestScope` is released.
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                do {
                    try await body.write(writer)
                } catch {
                    await requestScope.end()
                    throw error
                }
                await requestScope.end()
            }
            return response
        }

        /// Runs `body`'s writer into memory, closes the scope (whether that succeeds or throws),
        /// and returns the bytes as a body of one buffer (with its trailing headers, if it wrote any).
        private static func collect(_ body: ResponseBody, closing requestScope: RequestScope) async throws -> ResponseBody {
            let collected = CollectedBody()
            do {
                try await body.write(CollectingBodyWriter(collected: collected))
            } catch {
                await requestScope.end()
                throw error
            }
            await requestScope.end()
            return collected.body
        }
    }

    /// The bytes and trailing headers of a body collected by ``CollectingBodyWriter``: one per
    /// collected response, used by the request's own task only.
    private final class CollectedBody {
        var buffer: ByteBuffer?
        var trailers: HTTPFields?

        /// The collected body: one buffer, or empty, or, with trailing headers, a closure that
        /// writes the buffer and then finishes with them.
        var body: ResponseBody {
            guard let trailers else { return buffer.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody() }
            let buffer = buffer ?? ByteBuffer()
            return ResponseBody(contentLength: buffer.readableBytes) { writer in
                try await writer.write(buffer)
                try await writer.finish(trailers)
            }
        }
    }

    /// A response body writer that keeps what is written: the first buffer as it is (a byte-buffer
    /// body is not copied), later ones appended to it.
    private struct CollectingBodyWriter: ResponseBodyWriter {
        let collected: CollectedBody

        mutating func write(_ buffer: ByteBuffer) async throws {
            if collected.buffer == nil {
                collected.buffer = buffer
            } else {
                collected.buffer?.writeImmutableBuffer(buffer)
            }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            collected.trailers = trailingHeaders
        }
    }

    /// `Request` was resolved in a scope that no request opened.
    struct RequestOutsideRequestScope: Error, CustomStringConvertible {
        var description: String {
            "Request exists only in a request scope that RequestScopeMiddleware opened; resolve it from a handler's context (context.resolve), or provide it to your own scope with scope.provide(_:)."
        }
    }

    /// The services a ``RequestScopeMiddleware`` was told handlers resolve cannot all be built,
    /// or a value it gives every request scope (`Request`, `RequestIdentifier`) is registered in a
    /// way that cannot take it: its `report` and its `clashes`, each with its path and fix.
    public typealias RequestScopeValidationError = RequestScopeStartError
#endif
