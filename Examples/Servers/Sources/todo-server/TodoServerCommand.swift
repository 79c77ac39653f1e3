import ArgumentParser
import Foundation
import Logging
import TodoDomain
import TodoServer
import TodoTelemetry

/// `todo-server`: the example server's command line. `--help` lists the options; a malformed or
/// unknown one (`--port abc`) is a usage error with exit status 64, before anything starts.
@main
struct TodoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-server",
        abstract: "The example server: a JSON API of users and todos on SQLite, wired with Wiring.",
        discussion: "SIGTERM or Ctrl-C stops it gracefully: it finishes the requests in flight, then closes the database."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free one.")
    var port = 8080

    @Option(help: "The SQLite file, created if missing.")
    var database = "todos.sqlite"

    @Option(help: "Seconds a connection may send nothing, between requests or within one, before it is closed.")
    var idleTimeout = 30

    @Option(
        help: "About this many connections are kept open; at the limit, the one idle the longest is closed for a new client."
    )
    var maxConnections = 512

    @Flag(help: "Log at debug level, every build the container makes included.")
    var debug = false

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
        var configuration = TodoServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.databasePath = database
        configuration.idleTimeout = .seconds(idleTimeout)
        configuration.maximumConnections = maxConnections
        if debug { configuration.logLevel = .debug }
        let server: TodoServer
        do {
            // Before the database is opened: a busy port leaves no new file behind.
            try PortCheck.ensureAvailable(host: host, port: port)
            configuration.telemetry = try telemetry.bootstrap(serviceName: "todo-server")
            server = try await TodoServer(configuration: configuration)
        } catch {
            throw stopped(by: error)
        }
        Task {
            let port = await server.port()
            // Through FileHandle, unbuffered, so that it shows at once even when stdout is a pipe.
            FileHandle.standardOutput.write(
                Data("todo-server: listening on http://\(host):\(port), database \(database). Ctrl-C stops it.\n".utf8)
            )
        }
        do {
            try await server.run()
        } catch {
            throw stopped(by: error)
        }
        print("todo-server: stopped.")
    }

    /// Prints what stopped the server and the fix (a busy port, a database that cannot be
    /// opened), once, and returns the exit status 1 to throw: not a crash with a backtrace.
    private func stopped(by error: any Error) -> ExitCode {
        FileHandle.standardError.write(Data(StartupProblem.message(program: "todo-server", for: error).utf8))
        return ExitCode.failure
    }
}
