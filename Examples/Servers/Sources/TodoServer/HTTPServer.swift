import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import TodoConnections
import TodoDomain
import TodoTelemetry
import Wiring
import WiringHummingbird
import WiringLogging

/// The Hummingbird application, as a service of the container.
final class HTTPServer: Service, CustomStringConvertible {
    let application: Application<RouterResponder<TodoContext>>
    let scopes: RequestScopeCounters

    /// Builds the router: JSON errors outermost, then a request scope per request, then the
    /// unit of work, then the routes. Validates the routes' services before anything binds.
    ///
    /// `pool` is unused here but declares the dependency: the pool is built first, so the
    /// service group starts it first and stops it after the server.
    init(
        container: Container,
        pool _: ConnectionPool,
        address: ServerAddress,
        configuration: TodoServerConfiguration,
        logger: Logger
    ) throws {
        let scopes = try RequestScopeMiddleware<TodoContext>(
            container: container,
            roots: [UnitOfWork.self, (any UserStore).self, (any TodoStore).self, UserService.self, Greeting.self]
        )
        self.scopes = scopes.counters
        // HEAD answers every GET route with its status and headers and no body.
        let router = Router(context: TodoContext.self, options: .autoGenerateHeadEndpoints)
        // Before the request scopes: the scope and the builds are spans of the request's span.
        if configuration.telemetry?.tracer != nil { router.add(middleware: TracingMiddleware()) }
        router.add(middleware: APIErrorMiddleware())
        var methods = AllowedMethods()
        methods.on(router, "health", .get) { _, _ in "ok" }
        if let telemetry = configuration.telemetry, telemetry.prometheus != nil {
            methods.on(router, "metrics", .get) { _, _ in telemetry.prometheusText() }
        }
        let api = router.group().add(middleware: scopes).add(middleware: UnitOfWorkMiddleware())
        Routes.add(to: api, recording: &methods)
        BenchRoutes.add(to: router, scopes: scopes, recording: &methods)
        methods.answerOtherMethods(on: router)
        // In nanoseconds, saturating: a timeout too long to count in them is as good as none.
        let (seconds, attoseconds) = configuration.idleTimeout.components
        let (wholeSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let idleTimeout = overflow ? Int64.max : wholeSeconds.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
        let connections = OpenConnections(maximum: configuration.maximumConnections)
        application = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [HTTP10ConnectionCloseInstaller(), ConnectionActivity(connections)],
                    idleTimeout: .nanoseconds(idleTimeout)
                )),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "todo-server",
                availableConnectionsDelegate: SheddingConnectionLimit(connections: connections, logger: logger)
            ),
            onServerRunning: { channel in address.bound(to: channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    func run() async throws {
        try await application.run()
    }

    var description: String { "HTTP server" }
}

/// The port the server listens on, once it does (the configuration may ask for any free port).
final class ServerAddress: Sendable {
    private let state = Mutex<(port: Int?, waiters: [CheckedContinuation<Int, Never>])>((nil, []))

    func bound(to port: Int) {
        let waiters = state.withLock { state in
            state.port = port
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: port) }
    }

    /// Waits until the server has bound.
    func port() async -> Int {
        await withCheckedContinuation { continuation in
            let port = state.withLock { state in
                if state.port == nil { state.waiters.append(continuation) }
                return state.port
            }
            if let port { continuation.resume(returning: port) }
        }
    }
}
