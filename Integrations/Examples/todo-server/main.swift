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
let server = try await TodoServer(configuration: configuration)
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
try await server.run()
print("todo-server: stopped.")
