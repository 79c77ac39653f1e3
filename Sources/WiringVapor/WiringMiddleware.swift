#if Vapor
    import Instrumentation
    public import Vapor
    public import Wiring
    import WiringLogging

    /// Gives every request a `Scope` of the app's container (`req.wiring`), made on first use,
    /// and closes it — disposing of the request's scoped instances in reverse order of creation —
    /// when the handler's response is returned or its error thrown, exactly once.
    ///
    /// ```swift
    /// app.middleware.use(WiringMiddleware(app, roots: [TodoService.self]))
    /// app.get("todos") { req in try await req.resolve(TodoService.self).all() }
    /// ```
    ///
    /// - Request values: the scope is given the `Request`, a `RequestIdentifier` (Vapor's
    ///   `req.id`) and the request's `Logger` (`req.logger`), so scoped factories can depend on
    ///   them. Give it more from a later middleware: `try req.wiring.provide(user)`.
    /// - When it closes: Vapor does not cancel a handler whose client went away, and has no hook
    ///   for "response written", so the scope closes when the handler (and the middlewares after
    ///   this one) returned or threw, before the body is written: synchronous teardowns on the
    ///   request's event loop, asynchronous ones awaited in a task before the response goes on. A
    ///   body streamed after that uses ``Vapor/Request/wiringStream(_:)``, which closes the scope
    ///   when the stream ends instead.
    /// - Roots: the services handlers resolve, validated when the app boots, before the server
    ///   binds; a broken graph stops the boot with ``WiringBootError``.
    /// - `req.wiring` without this middleware stops the program with a message: nothing would
    ///   close the scope.
    public struct WiringMiddleware: Middleware {
        let container: Container
        let scopeName: ScopeName?
        /// Counts of scopes opened and closed: equal whenever no request is in flight.
        public let counters: RequestScopeCounters

        /// A middleware that gives each request a scope named `scopeName` of `app.wiring`.
        ///
        /// It registers `Request`, `RequestIdentifier` and `Logger` as scoped in the container,
        /// unless they are registered already, so that factories can depend on them and validation
        /// knows them. The scope name is WiringHummingbird's, so that modules move between the two.
        /// One registered in a way that cannot take the request's value (a singleton `Logger`,
        /// say) stops the app's boot with ``WiringBootError`` (its `clashes`), before any request.
        ///
        /// - Parameters:
        ///   - app: The application whose container the scopes are made in.
        ///   - scopeName: The scopes' name, for `.scoped("request")` registrations; `nil` makes
        ///     unnamed scopes, for `.scoped` ones.
        ///   - roots: The services handlers resolve, validated at boot.
        public init(_ app: Application, scopeName: ScopeName? = "request", roots: [any Any.Type] = []) {
            let state = app.wiringState
            container = state.container
            self.scopeName = scopeName
            counters = RequestScopeCounters()
            let lifetime: Lifetime = scopeName.map { .scoped($0) } ?? .scoped
            if !container.isRegistered(Request.self) {
                container.registerRequestValue(Request.self, lifetime: lifetime, site: .vaporRequest, sample: vaporRequestSample) {
                    RequestOutsideRequestScope()
                }
            }
            if !container.isRegistered(RequestIdentifier.self) {
                container.registerRequestIdentifier(lifetime: lifetime, sample: vaporRequestSample)
            }
            if !container.isRegistered(Logger.self) {
                container.registerRequestValue(Logger.self, lifetime: lifetime, site: .vaporLogger, sample: vaporRequestSample) {
                    RequestOutsideRequestScope()
                }
            }
            state.addRoots(roots)
            state.addRequestScopeName(scopeName)
        }

        /// The values this middleware gives every request scope that are registered in a way that
        /// cannot take them: checked at boot, with the roots.
        static func clashes(in container: Container, scopeName: ScopeName?) -> [WiringError] {
            container.providedValueClashes(
                [Request.self, RequestIdentifier.self, Logger.self], scopeName: scopeName, provider: "WiringMiddleware")
        }

        /// Serves one request with a scope of its own, made when the handler first uses it.
        ///
        /// A `Middleware`, not an `AsyncMiddleware`: Vapor runs each async middleware in a task of
        /// its own, and this one needs none. When the handler's response (or error) arrives, the
        /// scope is closed at once on the request's event loop if it is quiet (synchronous
        /// teardowns), else in a task that awaits its asynchronous teardowns before the response
        /// goes on.
        public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
            let slot = RequestScopeSlot(middleware: self)
            // Put in place before any handler runs, and never replaced: reads of `req.storage`
            // race only with its writes, and this is the request's one write of this key.
            request.storage[RequestScopeSlotKey.self] = slot
            let promise = request.eventLoop.makePromise(of: Response.self)
            next.respond(to: request).whenComplete { result in
                guard let closing = slot.endOfHandler(request) else { return promise.completeWith(result) }
                promise.completeWithTask {
                    await closing()
                    return try result.get()
                }
            }
            return promise.futureResult
        }

        /// A new scope for `request`, given its values. Made in the request's `ServiceContext`
        /// (its span, behind Vapor's `TracingMiddleware`), so that an instrument such as
        /// WiringTracing's sees the scope as part of the request wherever `req.wiring` is first read.
        /// A value the scope cannot take (registered otherwise after boot, which checks them all,
        /// or a scope of a container that has shut down) is logged and left out: a resolve of it
        /// then says why, and the request goes on.
        func makeScope(for request: Request) -> Scope {
            let scope = ServiceContext.withValue(request.serviceContext) {
                scopeName.map(container.makeScope) ?? container.makeScope()
            }
            do {
                try scope.provide(request)
                try scope.provide(RequestIdentifier(request.id))
                try scope.provide(request.logger)
            } catch {
                request.logger.error("Wiring: could not give the request's scope its values", metadata: ["error": "\(error)"])
            }
            return scope
        }
    }

    /// `Request` (or its `Logger`) was resolved in a scope that no request opened.
    struct RequestOutsideRequestScope: Error, CustomStringConvertible {
        var description: String {
            "Request and its Logger exist only in a request's scope, which WiringMiddleware makes; resolve them through req.wiring (req.resolve), or provide them to your own scope with scope.provide(_:)."
        }
    }
#endif
