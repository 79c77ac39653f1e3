import Foundation
import ServerTestSupport
import Testing
import TodoServer
import TodoVapor
import Vapor

/// The two example servers, each run for real on a loopback port with a new SQLite file.
enum Framework: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case hummingbird, vapor

    var testDescription: String { rawValue }

    /// Starts the server with the idle timeout and connection limit given, runs `body` with its
    /// port, and stops it, removing its database.
    func withServer(
        idleTimeout: Duration = .seconds(30),
        maximumConnections: Int = 512,
        _ body: (Int) async throws -> Void
    ) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        switch self {
        case .hummingbird:
            var configuration = TodoServerConfiguration()
            configuration.port = 0
            configuration.databasePath = path
            configuration.handlesSignals = false
            configuration.logLevel = .critical
            configuration.idleTimeout = idleTimeout
            configuration.maximumConnections = maximumConnections
            let server = try await TodoServer(configuration: configuration)
            let running = Task { try await server.run() }
            do {
                try await body(await server.port())
            } catch {
                await server.stop()
                _ = await running.result
                throw error
            }
            await server.stop()
            try await running.value
        case .vapor:
            var configuration = TodoHTTPServer.Configuration()
            configuration.port = 0
            configuration.idleTimeout = .nanoseconds(
                Int64(idleTimeout.components.seconds) * 1_000_000_000 + idleTimeout.components.attoseconds / 1_000_000_000)
            configuration.maximumConnections = maximumConnections
            let running = try await RunningTodoVapor.start(databasePath: path, configuration: configuration, logLevel: .critical)
            do {
                try await body(running.port)
            } catch {
                try? await running.stop()
                throw error
            }
            try await running.stop()
        }
    }
}

/// A response read off the wire: its status, headers (names in lowercase) and body.
struct WireResponse {
    let status: Int
    let headers: [String: String]
    let body: String

    /// Parses the first response in `text`, undoing chunked transfer coding; `nil` if `text`
    /// holds no response.
    init?(_ text: String) {
        guard let status = RawConnection.status(of: text), let end = text.range(of: "\r\n\r\n") else { return nil }
        self.status = status
        var headers: [String: String] = [:]
        for line in text[..<end.lowerBound].split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        self.headers = headers
        var rest = Substring(text[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            var body = ""
            while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
                let start = lineEnd.upperBound
                let bytes = rest.utf8[start...].prefix(size)
                body += String(decoding: bytes, as: UTF8.self)
                rest = Substring(rest.utf8[bytes.endIndex...]).dropFirst(2)
            }
            self.body = body
        } else if let length = headers["content-length"].flatMap(Int.init) {
            self.body = String(decoding: rest.utf8.prefix(length), as: UTF8.self)
        } else {
            self.body = String(rest)
        }
    }

    /// The message of a JSON error body (`{"error": {"status": …, "message": …}}`).
    var errorMessage: String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["message"] as? String
    }

    /// The status in a JSON error body.
    var errorStatus: Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["status"] as? Int
    }
}

/// Sends `request` (the request line and any headers, without the blank line; a `Host` and
/// `Connection: close` are added) with `body`, on a connection of its own, and reads the whole
/// response; `nil` if the server closed the connection without one.
func exchange(_ request: String, body: String = "", port: Int) async throws -> (WireResponse?, raw: String) {
    let connection = try RawConnection(port: port)
    var head = request + "\r\nHost: conformance\r\nConnection: close\r\n"
    if !body.isEmpty || request.hasPrefix("POST") || request.hasPrefix("PATCH") {
        if !request.lowercased().contains("transfer-encoding:") {
            head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
    }
    try connection.send(head + "\r\n" + body)
    let raw = try await connection.readUntilClosed(timeout: .seconds(20)) ?? "[not closed within 20 s]"
    return (WireResponse(raw), raw)
}
