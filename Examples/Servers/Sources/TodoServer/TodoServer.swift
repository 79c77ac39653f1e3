public import Logging
public import ServiceLifecycle
public import TodoDomain
public import TodoTelemetry
import UnixSignals
public import Wiring
import WiringHummingbird
import WiringLogging
import WiringServiceLifecycle

/// Where and how the server runs.
public struct TodoServerConfiguration: Sendable {
    /// The address to listen on: loopback unless you mean otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 takes any free one (tests, the load test).
    public var port = 8080
    /// The SQLite file, created if missing.
    public var databasePath = "todos.sqlite"
    /// How many connections the pool keeps: at most this many requests query at once.
    public var connections = 4
    /// The log level of the server's logger; `debug` also logs every build the container makes.
    public var logLevel: Logger.Level = .info
    /// Whether SIGTERM and SIGINT shut the server down gracefully (off for servers in tests).
    public var handlesSignals = true
    /// How long a connection may send nothing before the server closes it: between requests,
    /// and in the middle of one (headers or a body that stopped arriving). A response being
    /// written is never cut off.
    public var idleTimeout: Duration = .seconds(30)
    /// About this many connections are served at once (the server accepts up to 4 in one batch
    /// and checks the limit between batches); further ones wait in the kernel's accept queue
    /// until one closes. Below Linux's default limit of 1,024 open files, with room for the
    /// database and logs.
    public var maximumConnections = 512
    /// Where traces and metrics go (`--telemetry`); `nil`, the default, records none.
    public var telemetry: Telemetry?

    /// The defaults: 127.0.0.1:8080, `todos.sqlite` in the working directory.
    public init() {}
}

/// The example server: a JSON API of users and todos on SQLite, wired with modules, run by
/// WiringServiceLifecycle, logging through WiringLogging.
public final class TodoServer: Sendable {
    /// The container the server was wired in.
    public let container: Container
    /// The service group that runs it; `run()` returns once it has stopped.
    public let group: ServiceGroup
    /// The request scopes opened and closed so far.
    public let scopes: RequestScopeCounters
    /// The units of work created and disposed of so far.
    public let unitsOfWork: UnitOfWorkStatistics
    /// The database pool, to check that shutdown closed it.
    public let pool: ConnectionPool
    private let address: ServerAddress

    /// Wires the server and opens the database; `run()` starts serving.
    ///
    /// - Throws: a `WiringError` or `RequestScopeValidationError` if the wiring is
    ///   incomplete, or what opening the database threw. Nothing has bound a port then.
    public init(configuration: TodoServerConfiguration) async throws {
        var logger = Logger(label: "todo-server")
        logger.logLevel = configuration.logLevel
        let container = Container()
        if let telemetry = configuration.telemetry {
            // First, so that the service group starts the exporter first and stops it last.
            if let exporter = telemetry.exporter {
                container.register(TelemetryExporter.self, lifetime: .singleton) { _ in TelemetryExporter(exporter) }
            }
            telemetry.observe(container)
        }
        try container.install(
            PersistenceModule(configuration: configuration, logger: logger),
            ServerModule(configuration: configuration, logger: logger),
            DomainModule(),
            GreetingModule()
        )
        container.registerRequestLogger(logger, scope: "request")
        // At debug level every build is logged from the start, a failed one with the engine's
        // whole message. Otherwise logging starts once the container has: a start-up failure
        // (a database it cannot open) is then said once, by the command, with its fix.
        let logsStartUp = configuration.logLevel <= .debug
        if logsStartUp { container.log(to: logger) }
        do {
            // Opens the pool (an async eager singleton) before anything needs it synchronously.
            try await container.startAsync()
        } catch {
            try? await container.shutdown()
            throw error
        }
        if !logsStartUp { container.log(to: logger) }
        self.container = container
        group = try await container.serviceGroup(
            logger: logger,
            gracefulShutdownSignals: configuration.handlesSignals ? [.sigterm, .sigint] : []
        )
        scopes = try container.resolve(HTTPServer.self).scopes
        unitsOfWork = try container.resolve(UnitOfWorkStatistics.self)
        pool = try container.resolve(ConnectionPool.self)
        address = try container.resolve(ServerAddress.self)
    }

    /// Serves until the group shuts down: a signal, ``stop()``, or a failure.
    public func run() async throws {
        try await group.run()
    }

    /// The port the server listens on, once it does.
    public func port() async -> Int {
        await address.port()
    }

    /// Shuts down gracefully: the server stops accepting and finishes its requests, then the
    /// pool closes, then the container disposes of the rest. `run()` returns after that.
    public func stop() async {
        await group.triggerGracefulShutdown()
    }
}
