import ArgumentParser
import Foundation
import ServiceLifecycle
import TodoDomain
import TodoTelemetry
import TodoVapor
import Vapor

/// `todo-vapor`: the example API on Vapor and Fluent. `--help` lists the options.
@main
struct TodoVaporCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-vapor",
        abstract: "The example API on Vapor and Fluent with SQLite, wired with Wiring.",
        discussion:
            "SIGTERM or Ctrl-C stops it: the server stops and finishes its requests, then the container shuts down, then Fluent closes the database."
    )

    @ArgumentParser.Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @ArgumentParser.Option(help: "The port to listen on; 0 takes any free one, which the \"Server started on\" line names.")
    var port = 8081

    @ArgumentParser.Option(help: "The SQLite file, created (with its tables) if missing.")
    var database = "todos-vapor.sqlite"

    @ArgumentParser.Option(help: "Seconds a connection may send nothing, between requests or within one, before it is closed.")
    var idleTimeout = 30

    @ArgumentParser.Option(
        help: "About this many connections are kept open; at the limit, the one idle the longest is closed for a new client."
    )
    var maxConnections = 512

    @OptionGroup var telemetry: TelemetryOption

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port).") }
        guard (1...86_400).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be from 1 to 86400 seconds, not \(idleTimeout).")
        }
        guard maxConnections > 0 else {
            throw ValidationError("--max-connections must be at least 1, not \(maxConnections).")
        }
    }

    func run() async throws {
        do {
            // Before the database is created and migrated: a busy port leaves no new file behind.
            try PortCheck.ensureAvailable(host: host, port: port)
        } catch {
            FileHandle.standardError.write(Data(StartupProblem.message(program: "todo-vapor", for: error).utf8))
            throw ExitCode.failure
        }
        // Vapor reads its own command line from the process's: give it only `serve`.
        let environment = Environment(name: "production", arguments: ["todo-vapor", "serve"])
        let app = try await Application.make(environment)
        var server = TodoHTTPServer.Configuration()
        server.hostname = host
        server.port = port
        server.idleTimeout = .seconds(Int64(idleTimeout))
        server.maximumConnections = maxConnections
        // As todo-server: a shutdown waits for a stalled client no longer than the idle timeout.
        server.shutdownGracePeriod = server.idleTimeout
        TodoHTTPServer.use(on: app, configuration: server)
        // The exporters (swift-otel's) run beside the app and stop after it, sending what is left.
        var exporters: (group: ServiceGroup, task: Task<Void, any Error>)?
        defer { exporters?.task.cancel() }
        do {
            let telemetry = try self.telemetry.bootstrap(serviceName: "todo-vapor")
            if let exporter = telemetry?.exporter {
                let group = ServiceGroup(services: [exporter], logger: app.logger)
                exporters = (group, Task { try await group.run() })
            }
            try await configureTodoVapor(app, databasePath: database, telemetry: telemetry)
            try await app.execute()
        } catch {
            try? await app.asyncShutdown()
            await exporters?.group.triggerGracefulShutdown()
            FileHandle.standardError.write(Data(StartupProblem.message(program: "todo-vapor", for: error).utf8))
            throw ExitCode.failure
        }
        try await app.asyncShutdown()
        if let exporters {
            await exporters.group.triggerGracefulShutdown()
            _ = await exporters.task.result
        }
        print("todo-vapor: stopped.")
    }
}
