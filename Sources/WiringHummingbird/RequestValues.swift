#if Hummingbird
    import Hummingbird
    public import Wiring
    import WiringLogging

    /// The values ``RequestScopeMiddleware`` gives every request scope, `Request` and
    /// `RequestIdentifier`, declared as a module, for validating an app's own modules without a
    /// server.
    ///
    /// The middleware registers them itself when it is made, unless they are registered already,
    /// so a server does not need this module. A test that validates the app's modules does:
    /// without it, a scoped factory that resolves the `Request` is reported as depending on
    /// something nothing registers.
    ///
    /// ```swift
    /// var options = ValidationOptions(roots: [NoteService.self], dryRun: true)
    /// options.provideSampleHummingbirdRequest()
    /// let report = Container.validate(modules: [NotesModule(), HummingbirdRequestValues()], options: options)
    /// ```
    ///
    /// Installing it in the server's container is harmless: the middleware then finds the values
    /// declared and does not declare them again. Use the middleware's scope name.
    public struct HummingbirdRequestValues: Module {
        /// The name of the scopes the values live in: the middleware's `scopeName`.
        public let scope: ScopeName?

        /// The request values of scopes named `scope` (`"request"`, as the middleware's default).
        public init(scope: ScopeName? = "request") {
            self.scope = scope
        }

        /// `Request` and `RequestIdentifier`, each given to scopes (`providedToScopes()`) and
        /// counted as a validation root.
        public var registrations: Registrations {
            requestValue(Request.self, in: scope, site: .hummingbirdRequest, sample: hummingbirdRequestSample) {
                RequestOutsideRequestScope()
            }
            requestIdentifierValue(in: scope, sample: hummingbirdRequestSample)
        }
    }

    /// How a dry run is given a sample `Request`, for the finding of one that had none.
    let hummingbirdRequestSample = "options.provideSampleHummingbirdRequest()"

    extension RequestValueSite {
        /// `Request`'s, shared by ``RequestScopeMiddleware`` and ``HummingbirdRequestValues``.
        static let hummingbirdRequest = RequestValueSite()
    }

    extension ValidationOptions {
        /// Gives a dry run a sample of each value ``RequestScopeMiddleware`` gives a request scope:
        /// a `GET` request for `path` with an empty body, and a `RequestIdentifier`. The dry run
        /// then checks the scoped factories past their resolves of them, as a request would run
        /// them; without samples it reports each such factory as not checked.
        public mutating func provideSampleHummingbirdRequest(path: String = "/") {
            let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path)
            provide(Request(head: head, body: RequestBody(buffer: ByteBuffer())))
            provide(RequestIdentifier("sample"))
        }
    }
#endif
