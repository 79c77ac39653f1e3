import Testing

/// The example API's one behaviour, checked against both servers: every route, every error the
/// servers were found to answer differently, and the headers clients rely on.
@Suite("Both example servers answer alike")
struct ConformanceTests {
    @Test("every case gets the same answer", arguments: Framework.allCases)
    func answersAlike(framework: Framework) async throws {
        try await framework.withServer { port in
            for (request, body) in [
                ("POST /users HTTP/1.1", #"{"name": "Ada"}"#), ("POST /users/1/todos HTTP/1.1", #"{"title": "first"}"#),
            ] {
                let (reply, raw) = try await exchange(request, body: body, port: port)
                try #require(reply?.status == 201, "setup: \(raw)")
            }
            for testCase in cases {
                let (reply, raw) = try await exchange(testCase.request, body: testCase.body, port: port)
                check(reply, raw: raw, against: testCase.expected, testCase.name)
            }
        }
    }

    private func check(_ reply: WireResponse?, raw: String, against expected: Expected, _ name: String) {
        guard let reply else {
            Issue.record("\(name): no response: \(raw.prefix(300))")
            return
        }
        #expect(reply.status == expected.status, "\(name): \(raw.prefix(400))")
        if let body = expected.body { #expect(reply.body == body, "\(name)") }
        if let message = expected.message {
            #expect(reply.errorMessage == message, "\(name): \(reply.body.prefix(300))")
            #expect(reply.errorStatus == expected.status, "\(name): the body's status")
        }
        for (header, value) in expected.headers {
            switch value {
            case "*": #expect(reply.headers[header] != nil, "\(name): no \(header) header")
            case "": #expect(reply.headers[header] == nil, "\(name): \(header): \(reply.headers[header] ?? "")")
            default: #expect(reply.headers[header] == value, "\(name): \(header)")
            }
        }
    }
}
