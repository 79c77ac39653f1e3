#if ServiceLifecycle && Logging
    import LogCapture
    import Logging
    import ServiceLifecycle
    import Testing
    import Wiring
    import WiringServiceLifecycle

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// What the services did, in order.
    final class Journal: Sendable {
        private let lines = Lock<[String]>([])
        func write(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// A service that runs until the group shuts it down gracefully or cancels it, and writes
    /// when it stops; `failure` makes it throw as soon as it runs.
    final class JournaledService: Service, CustomStringConvertible {
        let name: String
        let journal: Journal
        let failure: (any Error)?

        init(_ name: String, journal: Journal, failure: (any Error)? = nil) {
            self.name = name
            self.journal = journal
            self.failure = failure
        }

        func run() async throws {
            if let failure { throw failure }
            // Returns on graceful shutdown; throws CancellationError when cancelled.
            let reason = (try? await gracefulShutdown()) != nil ? "gracefully" : "cancelled"
            journal.write("stop \(name) (\(reason))")
        }

        var description: String { name }
    }

    struct BindFailed: Error {}

    /// Starts `group` and returns once `count` services, and the service that shuts the container
    /// down, have started: a condition polled without any fixed delay.
    func start(_ group: ServiceGroup, log: LogCapture, services count: Int) async throws -> Task<Void, any Error> {
        let task = Task { try await group.run() }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while startedServices(log).count < count + 1 {
            #expect(clock.now < deadline, "the services did not start")
            if clock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        return task
    }

    /// The services the group's log says it started, in order.
    func startedServices(_ log: LogCapture) -> [String] {
        log.all.filter { $0.message == "Service starting" }.map { "\($0.metadata["wiring.service"]!)" }
    }

    @Suite("Services start in dependency order and stop in reverse", .serialized)
    struct ServiceOrderTests {
        /// Three services registered in the reverse of their dependency order: the server needs
        /// the cache and the database service, the cache needs the database service. Every
        /// service is disposed of with a journal line.
        func makeContainer(journal: Journal, serverFailure: (any Error)? = nil) -> Container {
            let container = Container()
            container.register(Server.self, lifetime: .singleton) { r in
                _ = try r.resolve(Cache.self)
                _ = try r.resolve(DatabaseService.self)
                return Server(JournaledService("server", journal: journal, failure: serverFailure))
            }
            .onDispose { _ in journal.write("dispose server") }
            container.register(Cache.self, lifetime: .singleton) { r in
                _ = try r.resolve(DatabaseService.self)
                return Cache(JournaledService("cache", journal: journal))
            }
            .onDispose { _ in journal.write("dispose cache") }
            container.register(DatabaseService.self, lifetime: .singleton) { _ in
                DatabaseService(JournaledService("database", journal: journal))
            }
            .onDispose { _ in journal.write("dispose database") }
            return container
        }

        @Test("services() lists the services in dependency order, whatever the registration order")
        func dependencyOrder() async throws {
            let journal = Journal()
            let container = makeContainer(journal: journal)
            let services = try await container.services()
            #expect(services.map { "\($0)" } == ["database", "cache", "server"])
        }

        @Test("graceful shutdown stops the services in reverse start order, then disposes everything")
        func gracefulShutdownOrder() async throws {
            let journal = Journal()
            let log = LogCapture()
            let container = makeContainer(journal: journal)
            let group = try await container.serviceGroup(logger: log.logger(), gracefulShutdownSignals: [])
            let running = try await start(group, log: log, services: 3)
            #expect(startedServices(log) == ["Container shutdown", "database", "cache", "server"])
            await group.triggerGracefulShutdown()
            try await running.value
            #expect(
                journal.all == [
                    "stop server (gracefully)", "stop cache (gracefully)", "stop database (gracefully)",
                    "dispose server", "dispose cache", "dispose database",
                ])
            #expect(throws: WiringError.self) { try container.resolve(Server.self) }
        }

        @Test("cancelling the group stops the services in reverse start order too, then disposes everything")
        func cancellationOrder() async throws {
            let journal = Journal()
            let log = LogCapture()
            let container = makeContainer(journal: journal)
            let group = try await container.serviceGroup(logger: log.logger(), gracefulShutdownSignals: [])
            let running = try await start(group, log: log, services: 3)
            running.cancel()
            _ = try? await running.value
            #expect(
                journal.all == [
                    "stop server (cancelled)", "stop cache (cancelled)", "stop database (cancelled)",
                    "dispose server", "dispose cache", "dispose database",
                ])
        }

        @Test("a service that fails stops the services started before it in reverse order, and the group throws its error")
        func failingService() async throws {
            let journal = Journal()
            let log = LogCapture()
            let container = makeContainer(journal: journal, serverFailure: BindFailed())
            let group = try await container.serviceGroup(logger: log.logger(), gracefulShutdownSignals: [])
            await #expect(throws: BindFailed.self) { try await group.run() }
            #expect(startedServices(log) == ["Container shutdown", "database", "cache", "server"])
            #expect(
                journal.all == [
                    "stop cache (gracefully)", "stop database (gracefully)",
                    "dispose server", "dispose cache", "dispose database",
                ])
            #expect(log.all.contains { $0.level == .error && $0.message == "Service failed" })
        }

        @Test("a service whose factory throws fails serviceGroup, and the services built before it are disposed in reverse order")
        func failingBuild() async throws {
            let journal = Journal()
            let container = makeContainer(journal: journal)
            container.register(Server.self, lifetime: .singleton) { r in
                _ = try r.resolve(Cache.self)
                throw BindFailed()
            }
            await #expect(throws: WiringError.self) {
                _ = try await container.serviceGroup(logger: LogCapture().logger(), gracefulShutdownSignals: [])
            }
            #expect(journal.all == ["dispose cache", "dispose database"])
        }

        @Test("SIGTERM shuts the group down gracefully, as swift-service-lifecycle's convention has it")
        func sigterm() async throws {
            let journal = Journal()
            let log = LogCapture()
            let container = makeContainer(journal: journal)
            let group = try await container.serviceGroup(logger: log.logger())
            let running = try await start(group, log: log, services: 3)
            kill(getpid(), SIGTERM)
            try await running.value
            #expect(journal.all.prefix(3) == ["stop server (gracefully)", "stop cache (gracefully)", "stop database (gracefully)"])
        }
    }

    // The three services, each a type of its own so that the container tells them apart.
    final class Server: Service, CustomStringConvertible {
        let inner: JournaledService
        init(_ inner: JournaledService) { self.inner = inner }
        func run() async throws { try await inner.run() }
        var description: String { inner.name }
    }

    final class Cache: Service, CustomStringConvertible {
        let inner: JournaledService
        init(_ inner: JournaledService) { self.inner = inner }
        func run() async throws { try await inner.run() }
        var description: String { inner.name }
    }

    final class DatabaseService: Service, CustomStringConvertible {
        let inner: JournaledService
        init(_ inner: JournaledService) { self.inner = inner }
        func run() async throws { try await inner.run() }
        var description: String { inner.name }
    }

    /// A queue that is not a `Service`: `runsAsService` runs it.
    final class MailQueue: Sendable {
        let journal: Journal
        init(journal: Journal) { self.journal = journal }

        func drain() async {
            try? await gracefulShutdown()
            journal.write("stop mail queue")
        }
    }

    @Suite("Which registrations are services")
    struct ServiceDiscoveryTests {
        @Test("a registration marked runsAsService runs with the Service registrations, in dependency order")
        func markedRegistration() async throws {
            let journal = Journal()
            let container = Container()
            container.register(MailQueue.self, lifetime: .singleton) { r in
                _ = try r.resolve(DatabaseService.self)
                return MailQueue(journal: journal)
            }
            .runsAsService { queue in await queue.drain() }
            container.register(DatabaseService.self, lifetime: .singleton) { _ in
                DatabaseService(JournaledService("database", journal: journal))
            }
            let services = try await container.services()
            #expect(services.map { "\($0)" } == ["database", "MailQueue"])
            let log = LogCapture()
            let group = try await container.serviceGroup(logger: log.logger(), gracefulShutdownSignals: [])
            let running = try await start(group, log: log, services: 2)
            await group.triggerGracefulShutdown()
            try await running.value
            #expect(journal.all == ["stop mail queue", "stop database (gracefully)"])
        }

        @Test("the registration runsAsService adds for its own bookkeeping never shows up in validation's findings")
        func rosterIsNotReported() {
            let container = Container()
            container.register(MailQueue.self, lifetime: .singleton) { _ in MailQueue(journal: Journal()) }
                .runsAsService { queue in await queue.drain() }
            let report = container.validate(ValidationOptions(roots: [MailQueue.self], dryRun: true))
            #expect(report.isClean, "\(report)")
        }

        @Test("a Service registered with a lifetime the container does not own is refused, with the reason and the fix")
        func transientServiceIsRefused() async throws {
            let container = Container()
            container.register(DatabaseService.self) { _ in DatabaseService(JournaledService("database", journal: Journal())) }
            let error = await #expect(throws: ServiceLifecycleError.self) { _ = try await container.services() }
            let message = "\(error!)"
            #expect(message.contains("DatabaseService"))
            #expect(message.contains("registered as transient"))
            #expect(message.contains("To fix: register it with lifetime: .singleton"))
        }

        @Test("a child container's services are its own registrations, not its parent's")
        func childContainer() async throws {
            let parent = Container()
            parent.register(DatabaseService.self, lifetime: .singleton) { _ in
                DatabaseService(JournaledService("database", journal: Journal()))
            }
            let child = parent.makeChild()
            child.register(Cache.self, lifetime: .singleton) { r in
                _ = try r.resolve(DatabaseService.self)
                return Cache(JournaledService("cache", journal: Journal()))
            }
            #expect(try await child.services().map { "\($0)" } == ["cache"])
        }
    }
#endif
