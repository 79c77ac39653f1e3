import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import TodoDomain
import TodoServer
import Wiring
import WiringHummingbird
import WiringLogging

/// Runs `body` against a freshly started server, and stops the server afterwards even if
/// `body` throws.
func withServer(
    _ configure: (inout TodoServerConfiguration) -> Void = { _ in },
    _ body: (LiveServer) async throws -> Void
) async throws {
    let live = try await LiveServer.start(configure)
    do {
        try await body(live)
    } catch {
        try? await live.stop()
        throw error
    }
    try await live.stop()
}

@Suite("The example server over HTTP")
struct TodoServerTests {
    @Test("users: create, list, read and delete")
    func users() async throws {
        try await withServer { live in
            let created = try await live.send(.POST, "/users", body: #"{"name": "  Ada  "}"#)
            #expect(created.status == 201)
            #expect(created.object["name"] as? String == "Ada")
            let id = try #require(created.object["id"] as? Int)
            _ = try await live.send(.POST, "/users", body: #"{"name": "Grace"}"#)
            let list = try await live.send(.GET, "/users")
            #expect(list.array.compactMap { $0["name"] as? String } == ["Ada", "Grace"])
            #expect(try await live.send(.GET, "/users/\(id)").object["name"] as? String == "Ada")
            #expect(try await live.send(.DELETE, "/users/\(id)").status == 204)
            #expect(try await live.send(.GET, "/users/\(id)").status == 404)
        }
    }

    @Test("todos: create, list per user, read, change and delete")
    func todos() async throws {
        try await withServer { live in
            let user = try await live.send(.POST, "/users", body: #"{"name": "Ada"}"#).object["id"] as! Int
            let todo = try await live.send(.POST, "/users/\(user)/todos", body: #"{"title": "write tests"}"#)
            #expect(todo.status == 201)
            #expect(todo.object["done"] as? Bool == false)
            let id = try #require(todo.object["id"] as? Int)
            let batch = try await live.send(.POST, "/users/\(user)/todos/batch", body: #"[{"title": "a"}, {"title": "b"}]"#)
            #expect(batch.status == 201)
            #expect(batch.array.count == 2)
            let list = try await live.send(.GET, "/users/\(user)/todos")
            #expect(list.array.compactMap { $0["title"] as? String } == ["write tests", "a", "b"])
            let changed = try await live.send(.PATCH, "/todos/\(id)", body: #"{"done": true}"#)
            #expect(changed.object["done"] as? Bool == true)
            #expect(changed.object["title"] as? String == "write tests")
            let renamed = try await live.send(.PATCH, "/todos/\(id)", body: #"{"title": "write more tests"}"#)
            #expect(renamed.object["title"] as? String == "write more tests")
            #expect(try await live.send(.GET, "/todos/\(id)").object["done"] as? Bool == true)
            #expect(try await live.send(.DELETE, "/todos/\(id)").status == 204)
            #expect(try await live.send(.GET, "/todos/\(id)").status == 404)
            // Deleting a user deletes its todos.
            #expect(try await live.send(.DELETE, "/users/\(user)").status == 204)
            #expect(try await live.send(.GET, "/users/\(user)/todos").status == 404)
        }
    }

    @Test("bad input gets a JSON error with its status: malformed JSON, missing fields, invalid values, unknown ids, oversized bodies")
    func badInput() async throws {
        try await withServer { live in
            let user = try await live.send(.POST, "/users", body: #"{"name": "Ada"}"#).object["id"] as! Int
            let cases: [(HTTPMethod, String, String?, Int, String)] = [
                (.POST, "/users", #"{"name": "#, 400, "not valid JSON"),
                (.POST, "/users", #"{}"#, 400, "`name` is missing"),
                (.POST, "/users", #"{"name": 7}"#, 400, "`name` has the wrong type"),
                (.POST, "/users", #"{"name": "   "}"#, 422, "name must not be empty"),
                (.POST, "/users/\(user)/todos", #"{"title": ""}"#, 422, "title must not be empty"),
                (.GET, "/users/999", nil, 404, "no user with id 999"),
                (.GET, "/users/abc", nil, 400, "the id in the path must be a non-negative integer"),
                (.POST, "/users/999/todos", #"{"title": "x"}"#, 404, "no user with id 999"),
                (.GET, "/todos/999", nil, 404, "no todo with id 999"),
                (.PATCH, "/todos/999", #"{"done": true}"#, 404, "no todo with id 999"),
                (.DELETE, "/todos/999", nil, 404, "no todo with id 999"),
                (.GET, "/no-such-route", nil, 404, "no route for GET /no-such-route"),
                (.POST, "/users", String(repeating: "a", count: 70_000), 413, "the body is larger than 65536 bytes"),
            ]
            for (method, path, body, status, message) in cases {
                let reply = try await live.send(method, path, body: body)
                #expect(reply.status == status, "\(method) \(path)")
                #expect(reply.errorMessage.contains(message), "\(method) \(path): \(reply.errorMessage)")
            }
            // Nothing above stored anything.
            #expect(try await live.send(.GET, "/users").array.count == 1)
        }
    }

    @Test("a request that fails half-way rolls back its unit of work: nothing it wrote is stored")
    func rollback() async throws {
        try await withServer { live in
            let user = try await live.send(.POST, "/users", body: #"{"name": "Ada"}"#).object["id"] as! Int
            let rolledBack = live.server.unitsOfWork.rolledBackTotal
            let failed = try await live.send(
                .POST,
                "/users/\(user)/todos/batch",
                body: #"[{"title": "first"}, {"title": "second"}, {"title": " "}]"#
            )
            #expect(failed.status == 422)
            #expect(failed.errorMessage.contains("todo 2: title must not be empty; nothing was stored"))
            #expect(live.server.unitsOfWork.rolledBackTotal == rolledBack + 1)
            #expect(try await live.send(.GET, "/users/\(user)/todos").array.isEmpty)
        }
    }

    @Test("every response carries its own unit of work, and every scope opened is closed and disposed")
    func scopesPerRequest() async throws {
        try await withServer { live in
            let user = try await live.send(.POST, "/users", body: #"{"name": "Ada"}"#).object["id"] as! Int
            let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        index.isMultiple(of: 2)
                            ? try await live.send(.POST, "/users/\(user)/todos", body: #"{"title": "t\#(index)"}"#)
                                .headers["x-unit-of-work"]
                            : try await live.send(.GET, "/users/\(user)/todos").headers["x-unit-of-work"]
                    }
                }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(ids.allSatisfy { $0 != nil })
            #expect(Set(ids.compactMap { $0 }).count == 100)
            #expect(try await live.send(.GET, "/users/\(user)/todos").array.count == 50)
            // A condition, polled: the deadline only turns a hang into a failure.
            let deadline = ContinuousClock.now + .seconds(30)
            while live.server.scopes.closed < live.server.scopes.opened, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(live.server.scopes.closed == live.server.scopes.opened)
            #expect(live.server.unitsOfWork.disposedTotal == live.server.unitsOfWork.createdTotal)
        }
    }

    @Test("graceful shutdown stops the server, then closes the database and shuts the container down")
    func gracefulShutdown() async throws {
        let live = try await LiveServer.start()
        #expect(try await live.send(.GET, "/health").status == 200)
        #expect(!live.server.pool.isClosed)
        try await live.stop()
        #expect(live.server.pool.isClosed)
        #expect(throws: WiringError.self) { try live.server.container.resolve(UnitOfWorkStatistics.self) }
    }
}
