#if Vapor
    import Instrumentation
    public import Vapor
    public import Wiring
    import WiringLogging

    extension Request {
        /// The request's scope of the app's container, made on first use; ``WiringMiddleware``
        /// closes it when the handler returns or throws. Without that middleware, this stops the
        /// program with a message saying so: nothing would close the scope.
        public var wiring: Scope {
            guard let slot = storage[RequestScopeSlotKey.self] else {
                fatalError(
                    """
                    Wiring: req.wiring was used on a request that WiringMiddleware did not see, so nothing would close its scope.
                    To fix: add the middleware before the routes that use it: app.middleware.use(WiringMiddleware(app)), or routes.grouped(WiringMiddleware(app)).
                    """
                )
            }
            return slot.scope(for: self)
        }

        /// Resolves `type` (with `tag`) from the request's scope: `try req.resolve(TodoService.self)`.
        /// It resolves in the request's `ServiceContext`: behind Vapor's `TracingMiddleware`, the
        /// builds it makes (see WiringTracing) are spans of the request, which Vapor's handlers do
        /// not otherwise have as their current context.
        public func resolve<T>(
            _ type: T.Type = T.self,
            tag: (any Hashable & Sendable)? = nil,
            file: StaticString = #fileID,
            line: UInt = #line
        ) throws -> T {
            let scope = wiring
            return try ServiceContext.withValue(serviceContext) { try scope.resolve(type, tag: tag, file: file, line: line) }
        }

        /// A streamed response body whose request scope closes when the stream ends, whether it
        /// finishes or throws, rather than when the handler returns: for a handler that returns
        /// before its body is written and whose stream uses scoped services.
        ///
        /// ```swift
        /// app.get("export") { req in
        ///     Response(body: req.wiringStream { writer in
        ///         for try await row in try req.resolve(Exporter.self).rows() { try await writer.writeBuffer(row) }
        ///     })
        /// }
        /// ```
        public func wiringStream(
            _ stream: @escaping @Sendable (any AsyncBodyStreamWriter) async throws -> Void
        ) -> Response.Body {
            guard let slot = storage[RequestScopeSlotKey.self] else {
                fatalError(
                    """
                    Wiring: req.wiringStream was used on a request that WiringMiddleware did not see, so nothing would close its scope.
                    To fix: add the middleware before the routes that use it: app.middleware.use(WiringMiddleware(app)).
                    """
                )
            }
            let closer = slot.handToStream(for: self)
            return Response.Body(managedAsyncStream: { writer in
                do {
                    try await stream(writer)
                } catch {
                    await closer?.close()
                    throw error
                }
                await closer?.close()
            })
        }
    }
#endif
