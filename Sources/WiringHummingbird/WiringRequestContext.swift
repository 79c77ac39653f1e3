#if Hummingbird
    public import Hummingbird
    public import Wiring

    /// A Hummingbird request context that carries the request's scope, for handlers to resolve
    /// request-scoped services from: adopt it in your own context, or use
    /// ``BasicWiringRequestContext``.
    ///
    /// ```swift
    /// struct AppContext: WiringRequestContext {
    ///     var coreContext: CoreRequestContextStorage
    ///     var requestScope: RequestScope?
    ///     init(source: Source) { coreContext = .init(source: source) }
    /// }
    /// ```
    ///
    /// ``RequestScopeMiddleware`` sets ``requestScope`` for every request it serves.
    public protocol WiringRequestContext: RequestContext {
        /// The scope of the request being served, made when first used; `nil` where no
        /// ``RequestScopeMiddleware`` runs before the handler.
        var requestScope: RequestScope? { get set }
    }

    extension WiringRequestContext {
        /// The scope of the request being served, made on first use.
        ///
        /// - Throws: ``MissingRequestScope`` if no ``RequestScopeMiddleware`` runs before the handler.
        public func scope() throws(MissingRequestScope) -> Scope {
            guard let requestScope else { throw MissingRequestScope(endpoint: endpointPath) }
            return requestScope.scope
        }

        /// Resolves `type` in the request's scope: `.scoped` services are the request's own, the
        /// rest are resolved as the container would.
        ///
        /// ```swift
        /// router.get("/users/:id") { request, context in
        ///     let users = try context.resolve(UserRepository.self)
        ///     return try await users.find(context.parameters.require("id", as: Int.self))
        /// }
        /// ```
        public func resolve<T>(
            _ type: T.Type = T.self,
            tag: (any Hashable & Sendable)? = nil,
            file: StaticString = #fileID,
            line: UInt = #line
        ) throws -> T {
            try scope().resolve(T.self, tag: tag, file: file, line: line)
        }

        /// Resolves `type` in the request's scope, awaiting async factories (a connection pool, a
        /// unit of work that opens a transaction).
        public func resolveAsync<T: Sendable>(
            _ type: T.Type = T.self,
            tag: (any Hashable & Sendable)? = nil,
            file: StaticString = #fileID,
            line: UInt = #line
        ) async throws -> T {
            try await scope().resolveAsync(T.self, tag: tag, file: file, line: line)
        }
    }

    /// A ready-made ``WiringRequestContext``: Hummingbird's basic context plus the request scope.
    public struct BasicWiringRequestContext: WiringRequestContext {
        /// Hummingbird's per-request storage.
        public var coreContext: CoreRequestContextStorage
        /// See ``WiringRequestContext/requestScope``.
        public var requestScope: RequestScope?

        /// A context for a request arriving from `source`.
        public init(source: Source) {
            coreContext = .init(source: source)
        }
    }

    /// A handler asked for the request scope, and no ``RequestScopeMiddleware`` had opened one.
    public struct MissingRequestScope: Error, CustomStringConvertible {
        /// The route whose handler asked, if known.
        public let endpoint: String?

        /// What went wrong and the fix.
        public var description: String {
            """
            Wiring: the handler of \(endpoint ?? "this route") resolved from the request scope, and no request scope is open.
            To fix: add the middleware before the route: router.add(middleware: try RequestScopeMiddleware(container: container)).
            """
        }
    }
#endif
