import Foundation
import Testing
import TodoVapor
import VaporTesting
import Wiring
import WiringVapor

/// Runs `body` against the example configured on a new SQLite file, removed afterwards.
func withTodoApp(_ body: (Application, WiringMiddleware) async throws -> Void) async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-vapor-\(UUID().uuidString).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let app = try await Application.make(.testing)
    do {
        let scopes = try await configureTodoVapor(app, databasePath: path)
        try await body(app, scopes)
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}

/// A request's JSON body.
func json(_ text: String) -> (inout TestingHTTPRequest) throws -> Void {
    { request in
        request.body = ByteBuffer(string: text)
        request.headers.contentType = .json
    }
}

extension TestingHTTPResponse {
    var object: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any] ?? [:] }
    var array: [[String: Any]] { (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [[String: Any]] ?? [] }
    var errorMessage: String { (object["error"] as? [String: Any])?["message"] as? String ?? "" }
}

@Suite("The Vapor example over its routes")
struct TodoVaporTests {
    @Test("users and todos: create, list in pages, read, change and delete, over the shared domain")
    func crud() async throws {
        try await withTodoApp { app, scopes in
            let tester = try app.testing()
            let user = try await tester.sendRequest(.POST, "users", beforeRequest: json(#"{"name": " Ada "}"#))
            #expect(user.status == .created)
            #expect(user.body.string == #"{"id":1,"name":"Ada"}"#)
            for title in ["a", "b", "c"] {
                let created = try await tester.sendRequest(.POST, "users/1/todos", beforeRequest: json(#"{"title": "\#(title)"}"#))
                #expect(created.status == .created)
            }
            let first = try await tester.sendRequest(.GET, "users/1/todos?limit=2")
            #expect(first.array.map { $0["title"] as? String } == ["a", "b"])
            #expect(first.headers.first(name: "Link") == #"</users/1/todos?limit=2&after=2>; rel="next""#)
            let rest = try await tester.sendRequest(.GET, "users/1/todos?limit=2&after=2")
            #expect(rest.array.map { $0["title"] as? String } == ["c"])
            #expect(rest.headers.first(name: "Link") == nil)
            let changed = try await tester.sendRequest(.PATCH, "todos/1", beforeRequest: json(#"{"done": true}"#))
            #expect(changed.body.string == #"{"done":true,"id":1,"title":"a","userID":1}"#)
            #expect(try await tester.sendRequest(.DELETE, "todos/1").status == .noContent)
            #expect(try await tester.sendRequest(.GET, "todos/1").status == .notFound)
            #expect(try await tester.sendRequest(.DELETE, "users/1").status == .noContent)
            #expect(try await tester.sendRequest(.GET, "todos/2").status == .notFound)
            #expect(scopes.counters.opened == scopes.counters.closed)
            #expect(scopes.counters.opened >= 9)
        }
    }

    @Test("a batch with a bad todo rolls back its transaction: nothing of it is stored")
    func rollback() async throws {
        try await withTodoApp { app, _ in
            let tester = try app.testing()
            _ = try await tester.sendRequest(.POST, "users", beforeRequest: json(#"{"name": "Ada"}"#))
            let batch = try await tester.sendRequest(
                .POST,
                "users/1/todos/batch",
                beforeRequest: json(#"[{"title": "kept?"}, {"title": " "}]"#)
            )
            #expect(batch.status == .unprocessableEntity)
            #expect(batch.errorMessage == "todo 1: title must not be empty; nothing was stored")
            #expect(try await tester.sendRequest(.GET, "users/1/todos").array.isEmpty)
        }
    }

    @Test(
        "bad input gets a JSON error with its status, never a crash",
        arguments: [
            (HTTPMethod.POST, "users", #"{"name": "#, 400, "not valid JSON"),
            (.POST, "users", "{}", 400, "`name` is missing"),
            (.POST, "users", #"{"name": 7}"#, 400, "`name` has the wrong type"),
            (.POST, "users", #"{"name": "a\u0000b"}"#, 422, "name must not contain control characters or line breaks (found U+0000)"),
            (
                .POST, "users", #"{"name": "a\#(String(repeating: "\u{301}", count: 30_000))"}"#, 422,
                "name must be at most 400 bytes of UTF-8 (found 60001: combining marks count)"
            ),
            (.GET, "users/999", nil, 404, "no user with id 999"),
            (.GET, "users/-1", nil, 400, "non-negative integer"),
            (.GET, "users/abc", nil, 400, "non-negative integer"),
            (.GET, "users?limit=500", nil, 400, "limit must be an integer from 1 to 200"),
            (.PUT, "users", nil, 405, "PUT is not allowed on /users; allowed: GET, HEAD, POST, OPTIONS"),
            (.GET, "no-such-route", nil, 404, "no route for GET /no-such-route"),
        ] as [(HTTPMethod, String, String?, Int, String)])
    func badInput(method: HTTPMethod, path: String, body: String?, status: Int, message: String) async throws {
        try await withTodoApp { app, _ in
            let reply = try await app.testing().sendRequest(method, path, beforeRequest: json(body ?? ""))
            #expect(Int(reply.status.code) == status, "\(method) \(path): \(reply.body.string)")
            #expect(reply.errorMessage.contains(message), "\(method) \(path): \(reply.errorMessage)")
        }
    }

    @Test("an oversized body gets 413, from a server on a loopback port (in memory, Vapor does not collect bodies)")
    func oversized() async throws {
        try await withTodoApp { app, _ in
            let reply = try await app.testing(method: .running(hostname: "127.0.0.1", port: 0)).sendRequest(
                .POST,
                "users",
                beforeRequest: json(String(repeating: "a", count: 70_000))
            )
            #expect(reply.status == .payloadTooLarge)
        }
    }
}
