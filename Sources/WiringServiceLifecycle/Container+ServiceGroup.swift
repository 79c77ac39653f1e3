#if ServiceLifecycle
    public import Logging
    public import ServiceLifecycle
    public import UnixSignals
    public import Wiring

    extension Container {
        /// A `ServiceGroup` that runs the container's services (``services()``) in dependency
        /// order, stops them in reverse order, and then shuts the container down, disposing of
        /// everything it built.
        ///
        /// ```swift
        /// let group = try await container.serviceGroup(logger: logger)
        /// try await group.run()   // until SIGTERM or SIGINT
        /// ```
        ///
        /// - Start: each service's `run()` is called after those of the services it depends on.
        /// - Graceful shutdown (one of `gracefulShutdownSignals`, `triggerGracefulShutdown()`, or a
        ///   service returning or throwing): services are signalled in reverse order, each after
        ///   the one started after it has returned.
        /// - Cancellation (of the task running the group, or one of `cancellationSignals`): the
        ///   same order; each service's task is cancelled once the services started after it have
        ///   returned.
        /// - Then `shutdown()` runs, however the group ended, and its `DisposalError` (if
        ///   any teardown failed) is what the group throws, after a service's own error.
        ///
        /// The signals follow swift-service-lifecycle's and Hummingbird's convention: SIGTERM and
        /// SIGINT shut down gracefully, and nothing cancels unless you ask.
        ///
        /// - Throws: what ``services()`` throws. The container is then shut down before this
        ///   throws, so the services built before the failure are disposed in reverse order.
        public func serviceGroup(
            logger: Logger,
            gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
            cancellationSignals: [UnixSignal] = [],
            maximumGracefulShutdownDuration: Duration? = nil
        ) async throws -> ServiceGroup {
            let services: [any Service]
            do {
                services = try await self.services()
            } catch {
                // Services built before the failure are disposed in reverse order of creation.
                try? await shutdown()
                throw error
            }
            let all: [any Service] = [ContainerShutdownService(container: self)] + services
            let names = all.map { "\($0)" }
            let order = OrderedStartStop(names: names, logger: logger)
            var configuration = ServiceGroupConfiguration(
                services: all.enumerated().map { index, service in
                    ServiceGroupConfiguration.ServiceConfiguration(
                        service: OrderedService(index: index, service: service, order: order),
                        successTerminationBehavior: .gracefullyShutdownGroup,
                        failureTerminationBehavior: .gracefullyShutdownGroup,
                        serviceName: names[index]
                    )
                },
                gracefulShutdownSignals: gracefulShutdownSignals,
                cancellationSignals: cancellationSignals,
                logger: logger
            )
            configuration.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
            return ServiceGroup(configuration: configuration)
        }
    }

    /// One service in its place in an ``OrderedStartStop``.
    struct OrderedService: Service, CustomStringConvertible {
        let index: Int
        let service: any Service
        let order: OrderedStartStop

        func run() async throws { try await order.run(index, service) }

        var description: String { "\(service)" }
    }

    /// The first service of the group, so the last to stop: waits for the group to end, then shuts
    /// the container down.
    struct ContainerShutdownService: Service, CustomStringConvertible {
        let container: Container

        func run() async throws {
            // Returns on graceful shutdown, throws on cancellation: either way, the container goes.
            try? await gracefulShutdown()
            // In a task of its own, so that the group's cancellation cannot cut teardowns short.
            let container = self.container
            try await Task { try await container.shutdown() }.value
        }

        var description: String { "Container shutdown" }
    }
#endif
