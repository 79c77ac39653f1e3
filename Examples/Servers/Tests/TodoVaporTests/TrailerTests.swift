import Foundation
import ServerTestSupport
import Testing
import TodoVapor
import Vapor

/// Vapor 4.122.3's request decoder asserts that a request has no trailer fields, and the example
/// cannot put anything before it (its pipeline is internal): what that does to each build.
@Suite("The Vapor example and a chunked body with trailers")
struct TrailerTests {
    #if DEBUG
        @Test("a debug build stops: Vapor's 'Tail headers are not supported' assertion traps")
        func debugBuildStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = try await postWithTrailers()
            }
            let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(output.contains("Tail headers are not supported"), "\(output.suffix(2_000))")
        }
    #else
        @Test("a release build answers 201, ignoring the trailers")
        func releaseBuildAnswers() async throws {
            #expect(try await postWithTrailers() == 201)
        }
    #endif
}

/// Starts the example on a loopback port and posts a user in a chunked body that ends with a
/// trailer field; the response's status.
func postWithTrailers() async throws -> Int? {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trailers-\(UUID().uuidString).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let app = try await Application.make(.testing)
    app.logger.logLevel = .critical
    app.http.server.configuration.hostname = "127.0.0.1"
    app.http.server.configuration.port = 0
    try await configureTodoVapor(app, databasePath: path)
    try await app.asyncBoot()
    try await app.server.start(address: nil)
    let port = try #require(app.http.server.shared.localAddress?.port)
    let connection = try RawConnection(port: port)
    try connection.send(
        "POST /users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            + "Connection: close\r\n\r\nf\r\n{\"name\":\"Trai\"}\r\n0\r\nX-Check: 1\r\n\r\n"
    )
    let response = try await connection.readUntilClosed(timeout: .seconds(10))
    await app.server.shutdown()
    try await app.asyncShutdown()
    return response.flatMap(RawConnection.status)
}
