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

    /// Where a request value's registration says it was made, whichever way it is made: by a
    /// middleware, by ``Wiring/Container/registerRequestLogger(_:metadataKey:scope:)``, or by a
    /// request-values module. One site per value, so that a module installed over a registration
    /// made another way is the same declaration again, not a second one ("declared twice"), and
    /// a registration made over the module's is not a replacement ("registered twice").
    package struct RequestValueSite: Sendable {
        package let file: StaticString
        package let line: UInt

        /// The site of the line that makes it, in the integration that owns the value.
        package init(file: StaticString = #fileID, line: UInt = #line) {
            self.file = file
            self.line = line
        }

        /// ``RequestIdentifier``'s, shared by both server integrations and the request logger.
        package static let requestIdentifier = RequestValueSite()
    }

    /// How a dry run is given a sample ``RequestIdentifier`` outside the server integrations,
    /// whose sample requests give one too.
    package let requestIdentifierSample = #"options.provide(RequestIdentifier("sample"))"#

    extension RegistrationDeclaring {
        /// Declares `type` as a value that the server integrations give each request scope, in a
        /// module: the declaration form of `Container.registerRequestValue`, with the same
        /// modifiers and site, for the request-values modules an app validates its own modules with.
        package func requestValue<T: Sendable>(
            _ type: T.Type,
            in scope: ScopeName?,
            site: RequestValueSite,
            sample: String,
            missing: @escaping @Sendable () -> any Error
        ) -> Declaration<T> {
            scoped(type, in: scope, file: site.file, line: site.line) { () throws -> T in throw missing() }
                .providedToScopes(sample: sample)
                .validatedAsRoot()
        }

        /// Declares ``RequestIdentifier`` as a request value, with the message that
        /// `Container.registerRequestIdentifier(lifetime:sample:)` gives a scope that lacks one;
        /// `sample` is how the integration's dry run gets one.
        package func requestIdentifierValue(in scope: ScopeName?, sample: String) -> Declaration<RequestIdentifier> {
            requestValue(RequestIdentifier.self, in: scope, site: .requestIdentifier, sample: sample) { NoRequestIdentifier() }
        }
    }

    extension Container {
        /// Registers ``RequestIdentifier`` with `lifetime`, with a factory that throws for a scope
        /// that was not given one: here and in WiringHummingbird's middleware, one registration and
        /// one message.
        /// `sample` is how a dry run gets one: the integration's sample request, by default a
        /// value of its own.
        package func registerRequestIdentifier(lifetime: Lifetime, sample: String = requestIdentifierSample) {
            registerRequestValue(RequestIdentifier.self, lifetime: lifetime, site: .requestIdentifier, sample: sample) {
                NoRequestIdentifier()
            }
        }

        /// Registers `type` as a value that the server integrations give each request scope
        /// (`scope.provide`): with a factory that throws `missing()` for a scope that was not given
        /// one, provided to scopes, and validated as a root, since it is provided to every request
        /// scope, used or not, and must never be reported as unreachable.
        package func registerRequestValue<T: Sendable>(
            _ type: T.Type,
            lifetime: Lifetime,
            site: RequestValueSite,
            sample: String,
            missing: @escaping @Sendable () -> any Error
        ) {
            register(type, lifetime: lifetime, file: site.file, line: site.line) { _ in throw missing() }
                .providedToScopes(sample: sample)
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
