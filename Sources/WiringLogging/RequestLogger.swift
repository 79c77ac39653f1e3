#if Logging
    public import Logging
    public import Wiring

    /// The id of the request a scope serves, as the code that opens the scope gives it
    /// (`scope.provide(RequestIdentifier("…"))`; WiringHummingbird's middleware does it for you).
    public struct RequestIdentifier: Hashable, Sendable, CustomStringConvertible {
        /// The id as text.
        public let value: String

        /// An id with the given text.
        public init(_ value: String) { self.value = value }

        /// The id as text.
        public var description: String { value }
    }

    /// Thrown by the `RequestIdentifier` registration in a scope that was not given one.
    struct NoRequestIdentifier: Error, CustomStringConvertible {
        var description: String {
            "this scope was not given a RequestIdentifier. Open request scopes with WiringHummingbird's RequestScopeMiddleware, or call scope.provide(RequestIdentifier(…)) right after makeScope()."
        }
    }

    extension RegistrationDeclaring {
        /// Declares `type` as a value that the server integrations give each request scope, in a
        /// module: the declaration form of `Container.registerRequestValue`, with the same
        /// modifiers, for the request-values modules an app validates its own modules with.
        package func requestValue<T: Sendable>(
            _ type: T.Type,
            in scope: ScopeName?,
            missing: @escaping @Sendable () -> any Error
        ) -> Declaration<T> {
            scoped(type, in: scope) { () throws -> T in throw missing() }
                .providedToScopes()
                .validatedAsRoot()
        }

        /// Declares ``RequestIdentifier`` as a request value, with the message that
        /// `Container.registerRequestIdentifier(lifetime:)` gives a scope that lacks one.
        package func requestIdentifierValue(in scope: ScopeName?) -> Declaration<RequestIdentifier> {
            requestValue(RequestIdentifier.self, in: scope) { NoRequestIdentifier() }
        }
    }

    extension Container {
        /// Registers ``RequestIdentifier`` with `lifetime`, with a factory that throws for a scope
        /// that was not given one: here and in WiringHummingbird's middleware, one registration and
        /// one message.
        package func registerRequestIdentifier(lifetime: Lifetime) {
            registerRequestValue(RequestIdentifier.self, lifetime: lifetime) { NoRequestIdentifier() }
        }

        /// Registers `type` as a value that the server integrations give each request scope
        /// (`scope.provide`): with a factory that throws `missing()` for a scope that was not given
        /// one, provided to scopes, and validated as a root, since it is provided to every request
        /// scope, used or not, and must never be reported as unreachable.
        package func registerRequestValue<T: Sendable>(
            _ type: T.Type,
            lifetime: Lifetime,
            missing: @escaping @Sendable () -> any Error
        ) {
            register(type, lifetime: lifetime) { _ in throw missing() }
                .providedToScopes()
                .validatedAsRoot()
        }

        /// Registers a `Logger` per scope: `base`, with the scope's ``RequestIdentifier`` as the
        /// metadata value `metadataKey`, so that everything a request's services log can be told
        /// apart by request.
        ///
        /// ```swift
        /// container.registerRequestLogger(Logger(label: "todo"))
        /// let request = container.makeScope("request")
        /// try request.provide(RequestIdentifier("7f3a"))
        /// try request.resolve(Logger.self).info("hello")   // request.id=7f3a hello
        /// ```
        ///
        /// It also registers ``RequestIdentifier`` itself in that scope, with a factory that throws
        /// for a scope that was not given one. Both live in the scope named `scope` (by default the
        /// innermost scope).
        public func registerRequestLogger(_ base: Logger, metadataKey: String = "request.id", scope: ScopeName? = nil) {
            let lifetime: Lifetime = scope.map { .scoped($0) } ?? .scoped
            registerRequestIdentifier(lifetime: lifetime)
            register(Logger.self, lifetime: lifetime) { resolver in
                var logger = base
                logger[metadataKey: metadataKey] = "\(try resolver.resolve(RequestIdentifier.self))"
                return logger
            }
        }
    }
#endif
