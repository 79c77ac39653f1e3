#if Vapor
    public import Vapor
    public import Wiring
    import WiringLogging

    /// The values ``WiringMiddleware`` gives every request scope, `Request`, `RequestIdentifier`
    /// and `Logger`, declared as a module, for validating an app's own modules without a server.
    ///
    /// The middleware registers them itself when it is made, unless they are registered already,
    /// so an app does not need this module. A test that validates the app's modules does: without
    /// it, a scoped factory that resolves the `Request` is reported as depending on something
    /// nothing registers.
    ///
    /// ```swift
    /// var options = ValidationOptions(roots: [Mailer.self], dryRun: true)
    /// options.provideSampleVaporRequest(app)
    /// let report = Container.validate(modules: [MailModule(), VaporRequestValues()], options: options)
    /// ```
    ///
    /// Installing it in `app.wiring` is harmless: the middleware then finds the values declared
    /// and does not declare them again. Use the middleware's scope name.
    public struct VaporRequestValues: Module {
        /// The name of the scopes the values live in: the middleware's `scopeName`.
        public let scope: ScopeName?

        /// The request values of scopes named `scope` (`"request"`, as the middleware's default).
        public init(scope: ScopeName? = "request") {
            self.scope = scope
        }

        /// `Request`, `RequestIdentifier` and `Logger`, each given to scopes
        /// (`providedToScopes()`) and counted as a validation root.
        public var registrations: Registrations {
            requestValue(Request.self, in: scope, site: .vaporRequest, sample: vaporRequestSample) { RequestOutsideRequestScope() }
            requestIdentifierValue(in: scope, sample: vaporRequestSample)
            requestValue(Logger.self, in: scope, site: .vaporLogger, sample: vaporRequestSample) { RequestOutsideRequestScope() }
        }
    }

    /// How a dry run is given a sample `Request` and `Logger`, for the finding of one that had none.
    let vaporRequestSample = "options.provideSampleVaporRequest(app)"

    extension RequestValueSite {
        /// `Request`'s, shared by ``WiringMiddleware`` and ``VaporRequestValues``.
        static let vaporRequest = RequestValueSite()
        /// `Logger`'s, shared by ``WiringMiddleware`` and ``VaporRequestValues``.
        static let vaporLogger = RequestValueSite()
    }

    extension ValidationOptions {
        /// Gives a dry run a sample of each value ``WiringMiddleware`` gives a request scope: a
        /// `GET` request for `path` on `app`, its id and its logger. The dry run then checks the
        /// scoped factories past their resolves of them, as a request would run them; without
        /// samples it reports each such factory as not checked.
        public mutating func provideSampleVaporRequest(_ app: Application, path: String = "/") {
            let request = Request(application: app, url: URI(path: path), on: app.eventLoopGroup.any())
            provide(request)
            provide(RequestIdentifier(request.id))
            provide(request.logger)
        }
    }
#endif
