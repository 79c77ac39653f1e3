import Testing
import TodoVapor
import VaporTesting

/// Issue 37, finding 6: `todo-vapor` gave a deleted user's id to the next user.
@Suite("The Vapor example's ids")
struct IdentifierTests {
    @Test("an id is never handed out again after its row is deleted, as in the Hummingbird example")
    func idsAreNotReused() async throws {
        try await withTodoApp { app, _ in
            let tester = try app.testing()
            for name in ["Ada", "Grace"] {
                #expect(try await tester.sendRequest(.POST, "users", beforeRequest: json(#"{"name": "\#(name)"}"#)).status == .created)
            }
            #expect(try await tester.sendRequest(.DELETE, "users/2").status == .noContent)
            let next = try await tester.sendRequest(.POST, "users", beforeRequest: json(#"{"name": "Edsger"}"#))
            #expect(next.body.string == #"{"id":3,"name":"Edsger"}"#)
            let todo = try await tester.sendRequest(.POST, "users/1/todos", beforeRequest: json(#"{"title": "a"}"#))
            #expect(try await tester.sendRequest(.DELETE, "todos/\(todo.object["id"] as? Int ?? 0)").status == .noContent)
            let again = try await tester.sendRequest(.POST, "users/1/todos", beforeRequest: json(#"{"title": "b"}"#))
            #expect(again.object["id"] as? Int == 2)
        }
    }
}
