import Foundation
import Logging
import TodoServer

// Usage: todo-server [--port N] [--database PATH] [--debug]
var configuration = TodoServerConfiguration()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port": configuration.port = arguments.popFirst().flatMap(Int.init) ?? configuration.port
    case "--database": configuration.databasePath = arguments.popFirst() ?? configuration.databasePath
    case "--debug": configuration.logLevel = .debug
    default:
        FileHandle.standardError.write(Data("usage: todo-server [--port N] [--database PATH] [--debug]\n".utf8))
        exit(2)
    }
}
/// Stops with the message and the fix for an error that ends the server (a busy port, a database
/// that cannot be opened): exit status 1, not a crash with a backtrace.
@MainActor func stop(_ error: any Error) -> Never {
    FileHandle.standardError.write(
        Data(
            """
            todo-server: stopped with an error: \(error)
            To fix: check that port \(configuration.port) is free (or pass another with --port) and that \(configuration.databasePath) can be opened.

            """.utf8
        )
    )
    exit(1)
}

let server: TodoServer
do {
    server = try await TodoServer(configuration: configuration)
} catch {
    stop(error)
}
Task {
    let port = await server.port()
    // Through FileHandle, unbuffered, so that it shows at once even when stdout is a pipe.
    FileHandle.standardOutput.write(
        Data(
            "todo-server: listening on http://\(configuration.host):\(port), database \(configuration.databasePath). Ctrl-C stops it.\n"
                .utf8
        )
    )
}
do {
    try await server.run()
} catch {
    stop(error)
}
print("todo-server: stopped.")
