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
    /// - Closing: after the response body has been written; when the handler or a later middleware
    ///   throws (the scope is closed before the error goes on); and when the response is dropped
    ///   unwritten, as when the client disconnects or the task is cancelled. Synchronously
    ///   (`Scope.syncClose()`), on the request's own task, unless an instance of the scope has an
    ///   asynchronous teardown: then it is awaited (`Scope.close()`).
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

        /// Serves one request in a scope of its own. (`@concurrent`, as Hummingbird's protocol
        /// declares it, compiled without nonisolated-nonsending semantics.)
        @concurrent
        public func handle(
            _ request: Request,
            context: Context,
            next: @concurrent (Request, Context) async throws -> Response
        ) async throws -> Response {
            let scope = scopeName.map(container.makeScope) ?? container.makeScope()
            let closer = ScopeCloser(scope: scope, counters: counters, reporter: LoggedScopeFailures(context.logger))
            counters.recordOpen()
            var context = context
            context.requestScope = scope
            var response: Response
            do {
                try scope.provide(request)
                try scope.provide(RequestIdentifier(context.id))
                response = try await next(request, context)
            } catch {
                await closer.close()
                throw error
            }
            let body = response.body
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                do {
                    try await body.write(writer)
                } catch {
                    await closer.close()
                    throw error
                }
                await closer.close()
            }
            return response
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
