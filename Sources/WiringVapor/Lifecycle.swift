#if Vapor
    import Vapor
    public import Wiring
    import WiringLogging

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
            // Each value a middleware gives its scopes, as registered now that the app is configured.
            let clashes = state.requestScopeNames.flatMap { WiringMiddleware.clashes(in: state.container, scopeName: $0) }
            if !report.isValid || !clashes.isEmpty {
                throw WiringBootError(provider: "WiringMiddleware", services: "the app's services", report: report, clashes: clashes)
            }
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

    /// The roots declared to ``WiringMiddleware`` cannot all be resolved, or a value it gives
    /// every request scope (`Request`, `RequestIdentifier`, `Logger`) is registered in a way that
    /// cannot take it: thrown from the app's boot, before the server binds, with its `report` and
    /// its `clashes`, each with its path and fix.
    public typealias WiringBootError = RequestScopeStartError
#endif
