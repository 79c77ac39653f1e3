import Testing
import TodoVapor
import VaporTesting
import Wiring
import WiringVapor

/// Issue 37, finding 1: `todo-vapor` answered 500 ("database is locked") to concurrent writers.
/// Fluent's SQLite driver keeps a connection per event loop, and two deferred transactions on two
/// connections that both read, then write, deadlock in SQLite, which fails one at once.
@Suite("The Vapor example under concurrent writers")
struct ConcurrentWritersTests {
    @Test("64 writers at once: every todo is created, none gets a 5xx, and the ids are all different")
    func concurrentWriters() async throws {
        try await withTodoApp { app, scopes in
            let tester = try app.testing()
            let user = try await tester.sendRequest(.POST, "users", beforeRequest: json(#"{"name": "Ada"}"#))
            #expect(user.status == .created)
            let statuses = try await withThrowingTaskGroup(of: (UInt, String).self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let response = try await tester.sendRequest(
                            .POST, "users/1/todos", beforeRequest: json(#"{"title": "todo \#(index)"}"#))
                        return (response.status.code, response.body.string)
                    }
                }
                var all: [(UInt, String)] = []
                for try await result in group { all.append(result) }
                return all
            }
            let failed = statuses.filter { $0.0 != 201 }
            #expect(failed.isEmpty, "\(failed.count) of 64 failed: \(failed.prefix(3))")
            let listed = try await tester.sendRequest(.GET, "users/1/todos?limit=100")
            #expect(listed.array.count == 64)
            #expect(Set(listed.array.compactMap { $0["id"] as? Int }).count == 64)
            #expect(scopes.counters.opened == scopes.counters.closed)
        }
    }
}
