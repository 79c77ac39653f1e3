#if Logging
    import LogCapture
    import Logging
    import Testing
    import Wiring
    import WiringLogging

    /// The code of the WiringLogging catalog, compiled and run here.
    @Suite("The WiringLogging catalog's code")
    struct LoggingCatalogSnippets {
        func bridge(_ container: Container) {
            var logger = Logger(label: "wiring")
            logger.logLevel = .debug
            container.log(to: logger)
        }

        func requestScope(_ container: Container, logger: Logger) throws {
            container.registerRequestLogger(logger, scope: "request")
            let request = container.makeScope("request")
            try request.provide(RequestIdentifier("7f3a"))
            try request.resolve(Logger.self).info("hello")  // request.id=7f3a hello
        }

        @Test("the request-scope example logs with the request id, as the catalog says")
        func requestScopeExample() throws {
            let capture = LogCapture()
            let container = Container()
            bridge(container)
            try requestScope(container, logger: capture.logger())
            #expect(capture.all.map { "request.id=\($0.metadata["request.id"] ?? "") \($0.message)" } == ["request.id=7f3a hello"])
        }
    }
#endif
