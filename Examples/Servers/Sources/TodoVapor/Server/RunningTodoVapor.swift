public import Logging
public import Vapor
public import WiringVapor

/// The Vapor example started in this process on its own server, as `todo-vapor` starts it but
/// without Vapor's command line or signal handling: for tests and the load test.
public final class RunningTodoVapor: Sendable {
    /// The application.
    public let app: Application
    /// The request-scope middleware, whose counters tell how many scopes were opened and closed.
    public let scopes: WiringMiddleware
    /// The port it listens on.
    public let port: Int

    private init(app: Application, scopes: WiringMiddleware, port: Int) {
        self.app = app
        self.scopes = scopes
        self.port = port
    }

    /// Configures the example on the SQLite file at `databasePath`, logging at `logLevel`, and
    /// starts it on `configuration` (port 0 takes any free one). Nothing is left running if it
    /// throws.
    public static func start(
        databasePath: String,
        configuration: TodoHTTPServer.Configuration,
        logLevel: Logger.Level = .warning
    ) async throws -> RunningTodoVapor {
        let app = try await Application.make(Environment(name: "production", arguments: ["todo-vapor"]))
        app.logger.logLevel = logLevel
        let server = TodoHTTPServer.use(on: app, configuration: configuration)
        do {
            let scopes = try await configureTodoVapor(app, databasePath: databasePath)
            try await app.asyncBoot()
            try await server.start(address: nil)
            guard let port = server.localAddress?.port else { throw Abort(.internalServerError, reason: "the server has no local address") }
            return RunningTodoVapor(app: app, scopes: scopes, port: port)
        } catch {
            await server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// Stops the server, letting each connection finish its request, then the application.
    public func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}
