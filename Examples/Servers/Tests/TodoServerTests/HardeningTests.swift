import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ServerTestSupport
import Testing
import TodoServer

/// What the example server does with clients that are slow, idle, malformed or greedy, and with
/// the input a first user tried against it: each over loopback against the real server.
@Suite("The example server against hostile clients")
struct HardeningTests {
    @Test("control characters in a name or title are refused with 422, and nothing is stored")
    func controlCharactersAreRefused() async throws {
        try await withServer { live in
            let names = [#"\u0000"#, #"a\u0000b"#, #"line\nbreak"#, #"tab\there"#, #"\u001b[31mred"#, #"\u0085"#, #"a\u2028b"#]
            for name in names {
                let reply = try await live.send(.POST, "/users", body: #"{"name": ""# + name + #""}"#)
                #expect(reply.status == 422, "\(name)")
                #expect(reply.errorMessage.hasPrefix("name must not contain control characters or line breaks (found U+"), "\(name)")
            }
            #expect(try await live.send(.GET, "/users").array.isEmpty)
            let user = try await live.send(.POST, "/users", body: #"{"name": "Ada"}"#).object["id"] as! Int
            let title = try await live.send(.POST, "/users/\(user)/todos", body: #"{"title": "a\u0000b"}"#)
            #expect(title.status == 422)
            #expect(title.errorMessage == "title must not contain control characters or line breaks (found U+0000)")
            // Text beyond ASCII round-trips, emoji joined with U+200D included.
            let stored = try await live.send(.POST, "/users", body: #"{"name": "Zoë 🦊 ناصر 👩‍💻"}"#)
            #expect(try await live.send(.GET, "/users/\(stored.object["id"] as! Int)").object["name"] as? String == "Zoë 🦊 ناصر 👩‍💻")
        }
    }

    @Test("lists come in pages: a default and a maximum size, a cursor, and a Link to the next page")
    func pagination() async throws {
        try await withServer { live in
            let user = try await live.send(.POST, "/users", body: #"{"name": "Ada"}"#).object["id"] as! Int
            for index in 1...5 {
                _ = try await live.send(.POST, "/users/\(user)/todos", body: #"{"title": "todo \#(index)"}"#)
            }
            var titles: [String] = []
            var path: String? = "/users/\(user)/todos?limit=2"
            var pages = 0
            while let next = path, pages < 10 {
                let reply = try await live.send(.GET, next)
                #expect(reply.status == 200)
                #expect(reply.array.count <= 2)
                titles += reply.array.compactMap { $0["title"] as? String }
                pages += 1
                path = reply.headers["link"].flatMap { link in
                    link.hasSuffix(#">; rel="next""#) ? String(link.dropFirst().prefix { $0 != ">" }) : nil
                }
            }
            #expect(pages == 3)
            #expect(titles == (1...5).map { "todo \($0)" })
            let all = try await live.send(.GET, "/users/\(user)/todos")
            #expect(all.array.count == 5)
            #expect(all.headers["link"] == nil)
            for query in ["limit=0", "limit=201", "limit=abc", "after=-1", "after=x"] {
                let reply = try await live.send(.GET, "/users?\(query)")
                #expect(reply.status == 400, "\(query)")
                #expect(reply.errorMessage.contains("must be an integer"), "\(query): \(reply.errorMessage)")
            }
            #expect(try await live.send(.GET, "/users?limit=200").status == 200)
        }
    }

    @Test("HEAD answers GET routes without a body; another method on a known path is 405 with Allow; OPTIONS lists them")
    func methods() async throws {
        try await withServer { live in
            let head = try await live.send(.HEAD, "/users")
            #expect(head.status == 200)
            #expect(head.json == nil)
            #expect(try await live.send(.HEAD, "/health").status == 200)
            let cases: [(HTTPMethod, String, String)] = [
                (.PUT, "/users", "GET, HEAD, POST, OPTIONS"),
                (.DELETE, "/users", "GET, HEAD, POST, OPTIONS"),
                (.PUT, "/users/1", "GET, HEAD, DELETE, OPTIONS"),
                (.GET, "/users/1/todos/batch", "POST, OPTIONS"),
                (.PUT, "/todos/1", "GET, HEAD, PATCH, DELETE, OPTIONS"),
                (.POST, "/health", "GET, HEAD, OPTIONS"),
                (.TRACE, "/users", "GET, HEAD, POST, OPTIONS"),
                (.POST, "/bench/manual", "GET, HEAD, OPTIONS"),
                (.DELETE, "/bench/wired", "GET, HEAD, OPTIONS"),
            ]
            for (method, path, allow) in cases {
                let reply = try await live.send(method, path)
                #expect(reply.status == 405, "\(method) \(path)")
                #expect(reply.headers["allow"] == allow, "\(method) \(path)")
                #expect(
                    reply.errorMessage == "\(method.rawValue) is not allowed on \(path.replacing(/\d+/, with: ":id")); allowed: \(allow)")
            }
            let options = try await live.send(.OPTIONS, "/users/1/todos")
            #expect(options.status == 204)
            #expect(options.headers["allow"] == "GET, HEAD, POST, OPTIONS")
            #expect(try await live.send(.GET, "/no-such-route").status == 404)
        }
    }
}

@Suite("The todo-server command line")
struct CommandLineTests {
    /// The executable `name` (`todo-server`, `todo-vapor`), built beside the test bundle.
    static func executable(_ name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// Runs `program` (`todo-server` by default) with `arguments` until it exits; its status and
    /// what it printed.
    static func run(_ arguments: [String], program: String = "todo-server") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable(program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("--help lists the options and exits 0, starting nothing")
    func help() throws {
        let (status, output) = try Self.run(["--help"])
        #expect(status == 0)
        for option in ["--host", "--port", "--database", "--idle-timeout", "--max-connections", "--debug"] {
            #expect(output.contains(option), "\(option)")
        }
        #expect(!output.contains("listening"))
    }

    @Test(
        "a malformed or unknown option is a usage error with status 64, naming it",
        arguments: [
            (["--port", "abc"], "'abc' is invalid for '--port <port>'"),
            (["--port", "70000"], "--port must be from 0 to 65535, not 70000."),
            (["--idle-timeout", "0"], "--idle-timeout must be from 1 to 86400 seconds, not 0."),
            (["--prot", "8080"], "Unknown option '--prot'"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let (status, output) = try Self.run(arguments)
        #expect(status == 64, "\(output)")
        #expect(output.contains(message), "\(output)")
        #expect(output.contains("Usage: todo-server"), "\(output)")
    }

    @Test("either server closes a connection that sends nothing for --idle-timeout seconds", arguments: ["todo-server", "todo-vapor"])
    func idleTimeoutOption(program: String) async throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        let server = try RunningCommand(program: program, arguments: ["--port", "0", "--idle-timeout", "1", "--database", database])
        defer { server.stop() }
        let port = try #require(server.port(timeout: .seconds(60)), "\(server.output)")
        let start = ContinuousClock.now
        let silent = try RawConnection(port: port)
        #expect(try await silent.readUntilClosed(timeout: .seconds(10)) != nil, "\(program) kept an idle connection open")
        #expect(ContinuousClock.now - start >= .milliseconds(900))
    }

    @Test(
        "a database it cannot open stops either server with one message that names it and the fix, exit status 1",
        arguments: ["todo-server", "todo-vapor"])
    func unopenableDatabase(program: String) throws {
        let (status, output) = try Self.run(["--port", "0", "--database", "/no-such-directory/todos.sqlite"], program: program)
        #expect(status == 1, "\(output)")
        #expect(output.contains("\(program): cannot open the database /no-such-directory/todos.sqlite: "), "\(output)")
        #expect(output.contains("To fix: pass --database a file in a folder that exists"), "\(output)")
        #expect(!output.contains("\(program): stopped with an error"), "\(output)")
        #expect(!output.contains("Fatal error"), "\(output)")
        // Said once, as two lines: no log of the failed build or of a pool's failed connection.
        #expect(output.split(separator: "\n").count == 2, "\(output)")
    }

    @Test(
        "a busy port stops either server before it creates its database, with one message and the fix",
        arguments: ["todo-server", "todo-vapor"])
    func busyPort(program: String) throws {
        let listener = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).wait()
        defer { try? listener.close().wait() }
        let port = try #require(listener.localAddress?.port)
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(UUID().uuidString).sqlite").path
        let (status, output) = try Self.run(["--port", "\(port)", "--database", database], program: program)
        #expect(status == 1, "\(output)")
        #expect(
            output == "\(program): cannot listen on 127.0.0.1:\(port): address already in use.\n"
                + "To fix: stop what listens on port \(port), or pass another with --port (0 takes any free one).\n",
            "\(output)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}

/// A server command running in the background, its output gathered as it comes.
final class RunningCommand: @unchecked Sendable {
    // @unchecked: `collected` is read and written only under `lock`; `process` is set in `init`.
    private let process = Process()
    private let lock = NSLock()
    private var collected = ""

    /// Starts `program` (`todo-server`, `todo-vapor`) with `arguments`.
    init(program: String, arguments: [String]) throws {
        process.executableURL = CommandLineTests.executable(program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.collected += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// What it printed so far.
    var output: String { lock.withLock { collected } }

    /// The port in the first `http://127.0.0.1:PORT` it printed (its "listening" or "Server
    /// started" line), waiting up to `timeout`; `nil` if it printed none or exited.
    func port(timeout: Duration) -> Int? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, process.isRunning {
            let text = output
            if let range = text.range(of: "http://127.0.0.1:") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if !digits.isEmpty, digits.endIndex < text.endIndex, let port = Int(digits) { return port }
            }
            usleep(20_000)
        }
        return nil
    }

    /// Stops it with SIGTERM and waits for it to exit.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
