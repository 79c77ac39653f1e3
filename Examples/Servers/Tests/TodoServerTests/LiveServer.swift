import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import TodoServer

/// The example server, started for real on a loopback port with a new SQLite file, and an
/// HTTP client to drive it.
final class LiveServer: Sendable {
    let server: TodoServer
    let running: Task<Void, any Error>
    let client: HTTPClient
    let base: String
    let databasePath: String

    /// A response: status, headers and the JSON body, decoded as `Any`.
    struct Reply {
        let status: Int
        let headers: [String: String]
        let json: Any?

        var object: [String: Any] { json as? [String: Any] ?? [:] }
        var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
        var errorMessage: String { (object["error"] as? [String: Any])?["message"] as? String ?? "" }
    }

    /// Starts a server with the test defaults, then what `configure` changes.
    static func start(_ configure: (inout TodoServerConfiguration) -> Void = { _ in }) async throws -> LiveServer {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-\(UUID().uuidString).sqlite").path
        var configuration = TodoServerConfiguration()
        configuration.port = 0
        configuration.databasePath = path
        configuration.handlesSignals = false
        configuration.logLevel = .warning
        configure(&configuration)
        let server = try await TodoServer(configuration: configuration)
        let running = Task { try await server.run() }
        let port = await server.port()
        return LiveServer(server: server, running: running, port: port, databasePath: path)
    }

    private init(server: TodoServer, running: Task<Void, any Error>, port: Int, databasePath: String) {
        self.server = server
        self.running = running
        self.client = HTTPClient(eventLoopGroupProvider: .singleton)
        self.base = "http://127.0.0.1:\(port)"
        self.databasePath = databasePath
    }

    /// The port the server listens on.
    var port: Int { Int(base.split(separator: ":").last ?? "") ?? 0 }

    func send(_ method: HTTPMethod, _ path: String, body: String? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let body {
            request.body = .bytes(ByteBuffer(string: body))
            request.headers.add(name: "content-type", value: "application/json")
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        let json = bytes.readableBytes == 0 ? nil : try? JSONSerialization.jsonObject(with: Data(buffer: bytes))
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return Reply(status: Int(response.status.code), headers: headers, json: json)
    }

    /// Shuts the server down gracefully and waits for it, then the client.
    func stop() async throws {
        await server.stop()
        try await running.value
        try await client.shutdown()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
    }
}
