import Foundation
import ServerTestSupport
import Testing

/// What both servers do with clients that are slow, idle, malformed or many, over raw sockets:
/// the same connection behaviour, whatever the framework.
@Suite("Both example servers treat connections alike")
struct ConnectionTests {
    @Test(
        "a body the client frames wrongly gets 400, not 500: short of its Content-Length, a bad chunk size, a truncated chunked body",
        arguments: Framework.allCases,
        [
            "POST /users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\":",
            "POST /users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n",
            "POST /users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"na",
        ]
    )
    func framingErrorsAreTheClients(framework: Framework, request: String) async throws {
        try await framework.withServer { port in
            let connection = try RawConnection(port: port)
            try connection.send(request)
            connection.finishSending()
            let response = try await connection.readUntilClosed(timeout: .seconds(10)) ?? ""
            #expect(RawConnection.status(of: response) == 400, "\(response)")
            #expect(response.contains("the request is malformed"), "\(response)")
            #expect(response.lowercased().contains("connection: close"), "\(response)")
            #expect(try await exchange("GET /users HTTP/1.1", port: port).0?.body == "[]")
        }
    }

    @Test(
        "a client that sends nothing, part of its headers or part of its body is cut off after the idle timeout; others are served",
        arguments: Framework.allCases)
    func slowClientsAreCutOff(framework: Framework) async throws {
        try await framework.withServer(idleTimeout: .milliseconds(300)) { port in
            let start = ContinuousClock.now
            let silent = try RawConnection(port: port)
            let partialHeaders = try RawConnection(port: port)
            try partialHeaders.send("GET /health HTTP/1.1\r\nHo")
            let partialBody = try RawConnection(port: port)
            try partialBody.send("POST /users HTTP/1.1\r\nHost: t\r\nContent-Length: 20\r\n\r\n{\"na")
            for connection in [silent, partialHeaders, partialBody] {
                #expect(try await connection.readUntilClosed(timeout: .seconds(10)) != nil, "the server kept a stalled connection open")
            }
            // Cut off by the timeout, not at once.
            #expect(ContinuousClock.now - start >= .milliseconds(250))
            // A new client is served (on a connection of its own, which the short timeout cannot
            // close between two requests).
            let client = try RawConnection(port: port)
            try client.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let response = try await client.readUntilClosed(timeout: .seconds(10)) ?? ""
            #expect(RawConnection.status(of: response) == 200, "\(response)")
        }
    }

    @Test("an HTTP/1.0 connection is closed after its response, unless the client asked to keep it", arguments: Framework.allCases)
    func http10ClosesAfterResponse(framework: Framework) async throws {
        try await framework.withServer { port in
            let plain = try RawConnection(port: port)
            try plain.send("GET /health HTTP/1.0\r\n\r\n")
            // Closed after the response, not after the 30 s idle timeout.
            let response = try await plain.readUntilClosed(timeout: .seconds(5))
            #expect(response.flatMap(RawConnection.status) == 200, "\(response ?? "kept open")")
            let kept = try RawConnection(port: port)
            try kept.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try await kept.readSome(timeout: .seconds(5)).flatMap(RawConnection.status) == 200)
            #expect(try await kept.readUntilClosed(timeout: .seconds(1)) == nil, "a kept-alive HTTP/1.0 connection was closed")
        }
    }

    @Test(
        "at the connection limit, the connection idle the longest is closed and a new client is served at once",
        arguments: Framework.allCases)
    func connectionLimitShedsIdleConnections(framework: Framework) async throws {
        try await framework.withServer(maximumConnections: 2) { port in
            // Two kept-alive connections, idle after their responses, each accepted and served
            // before the next one connects (the server accepts in batches, and checks the limit
            // between them).
            let first = try RawConnection(port: port)
            try first.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await first.readSome(timeout: .seconds(10)).flatMap(RawConnection.status) == 200)
            let second = try RawConnection(port: port)
            try second.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await second.readSome(timeout: .seconds(10)).flatMap(RawConnection.status) == 200)
            // A third client is served within a second, not after the 30 s idle timeout.
            let third = try RawConnection(port: port)
            try third.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let response = try await third.readUntilClosed(timeout: .seconds(1))
            #expect(response.flatMap(RawConnection.status) == 200, "the third client waited: \(response ?? "no response within 1 s")")
            // The first connection, idle the longest, was the one closed; the second is still served.
            #expect(try await first.readUntilClosed(timeout: .seconds(1)) != nil, "the connection idle the longest is still open")
            try second.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let again = try await second.readUntilClosed(timeout: .seconds(5)) ?? ""
            #expect(RawConnection.status(of: again) == 200, "\(again)")
        }
    }

    @Test(
        "at the connection limit with every connection in a request, a new client is served, and the first connection to finish a request is closed",
        arguments: Framework.allCases)
    func connectionLimitWithBusyConnections(framework: Framework) async throws {
        try await framework.withServer(maximumConnections: 2) { port in
            // Two connections each in the middle of a request: a body that has not all arrived.
            var busy: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try RawConnection(port: port)
                try connection.send(
                    "POST /users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"name\":")
                busy.append(connection)
                try await Task.sleep(for: .milliseconds(200))
            }
            // A third client is served at once, as one past the limit: it is the first connection
            // to finish a request, so it is closed after its response, kept-alive as it asked.
            let third = try RawConnection(port: port)
            try third.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            let thirdResponse = try await third.readUntilClosed(timeout: .seconds(2))
            #expect(thirdResponse.flatMap(RawConnection.status) == 200, "\(thirdResponse ?? "not served and closed")")
            // Back at the limit, the busy requests go on: the first ends and stays open.
            try busy[0].send(#" "Ada"}"#)
            #expect(try await busy[0].readSome(timeout: .seconds(5)).flatMap(RawConnection.status) == 201)
            // A fourth client is served within a second: the first connection, now idle, is closed for it.
            let fourth = try RawConnection(port: port)
            try fourth.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let response = try await fourth.readUntilClosed(timeout: .seconds(1))
            #expect(response.flatMap(RawConnection.status) == 200, "\(response ?? "no response within 1 s")")
            #expect(try await busy[0].readUntilClosed(timeout: .seconds(1)) != nil, "the idle connection is still open")
        }
    }

    @Test("pipelined requests are answered in order on one connection", arguments: Framework.allCases)
    func pipelinedRequests(framework: Framework) async throws {
        try await framework.withServer { port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "GET /health HTTP/1.1\r\nHost: t\r\n\r\nGET /users HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /nope HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let text = try await connection.readUntilClosed(timeout: .seconds(5)) ?? "not closed within 5 s"
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(statuses == ["200", "200", "404"], "\(text)")
        }
    }

    @Test(
        "a connection closed to make room while its request head is half sent is closed without a response, and the new client is served",
        arguments: Framework.allCases)
    func sheddingHalfSentHead(framework: Framework) async throws {
        try await framework.withServer(maximumConnections: 1) { port in
            let stalled = try RawConnection(port: port)
            try stalled.send("GET /health HTTP/1.1\r\nHost:")
            try await Task.sleep(for: .milliseconds(200))
            let next = try RawConnection(port: port)
            try next.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let response = try await next.readUntilClosed(timeout: .seconds(2))
            #expect(response.flatMap(RawConnection.status) == 200, "\(response ?? "no response within 2 s")")
            #expect(try await stalled.readUntilClosed(timeout: .seconds(2)) != nil, "the half-sent connection is still open")
            // Another half-sent head is left for the server's shutdown to meet.
            let last = try RawConnection(port: port)
            try last.send("POST /users HTTP/1.1\r\nHo")
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
