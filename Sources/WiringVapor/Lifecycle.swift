#if Vapor
    import Vapor
    public import Wiring

    /// Registered on first use of `app.wiring`: validates and starts the container at boot, and
    /// puts the shutdown handler last, so that it runs first.
    struct WiringBootHandler: LifecycleHandler {
        let state: WiringState

        func willBoot(_ application: Application) throws {
            guard try prepare(application) else { return }
            try state.container.start()
        }

        func willBootAsync(_ application: Application) async throws {
            guard try prepare(application) else { return }
            try await state.container.startAsync()
        }

        /// Validates the roots and installs the shutdown handler; `false` when already booted.
        private func prepare(_ application: Application) throws -> Bool {
            guard state.markBooted() else { return false }
            let report = state.container.validate(ValidationOptions(roots: state.roots))
            if !report.isValid { throw WiringBootError(report: report) }
            // Handlers shut down in reverse: one added now, after every handler registered while
            // the app was configured (Fluent's included), shuts down before all of them.
            application.lifecycle.use(WiringShutdownHandler(container: state.container))
            return true
        }
    }

    /// Stops the server, then shuts the container down.
    struct WiringShutdownHandler: LifecycleHandler {
        let container: Container

        func shutdownAsync(_ application: Application) async {
            // Vapor stops the server only after the lifecycle handlers (with its storage): stop it
            // first, so no request arrives at a container that is shutting down.
            await application.server.shutdown()
            do {
                try await container.shutdown()
            } catch {
                application.logger.error("Wiring: shutting the container down", metadata: ["error": "\(error)"])
            }
        }

        func shutdown(_ application: Application) {
            // `Application.deinit` and the synchronous `shutdown()`: no server to await, and only
            // synchronous teardowns can run.
            do {
                try container.syncShutdown()
            } catch {
                application.logger.error(
                    "Wiring: the container has asynchronous teardowns; shut the app down with `try await app.asyncShutdown()` to run them",
                    metadata: ["error": "\(error)"]
                )
            }
        }
    }

    /// The roots declared to ``WiringMiddleware`` cannot all be resolved: thrown from the app's
    /// boot, before the server binds.
    public struct WiringBootError: Error, CustomStringConvertible {
        /// The full validation report.
        public let report: ValidationReport

        /// The errors, each with its path and fix.
        public var description: String {
            "Wiring: the app's services cannot all be resolved:\n" + report.errors.map { "\($0)" }.joined(separator: "\n")
        }
    }
#endif
