#if Logging
    package import Logging
    package import Wiring

    /// Where a request scope's closer (`ScopeCloser`, in Wiring) reports a failed teardown: the
    /// request's logger, as an error with the failures as metadata.
    package struct LoggedScopeFailures: RequestScopeFailureReporting {
        private let logger: Logger

        /// Reports to `logger`.
        package init(_ logger: Logger) {
            self.logger = logger
        }

        package func teardownFailed(_ error: DisposalError) {
            logger.error("Closing the request scope: a teardown failed", metadata: ["error": "\(error)"])
        }
    }
#endif
