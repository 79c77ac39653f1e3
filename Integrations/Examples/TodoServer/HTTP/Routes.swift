import Hummingbird
import Logging
import WiringHummingbird

/// The JSON API. Each handler resolves what it needs from the request's scope; the unit of
/// work under it commits or rolls back when the response is known.
enum Routes {
    static func add(to api: RouterGroup<TodoContext>) {
        api.post("users") { request, context in
            let body = try await request.decode(as: NewUser.self, context: context)
            let user = try await context.resolve(UserRepository.self).create(name: try Rules.name(body.name))
            try context.resolve(Logger.self).info("Created user", metadata: ["user.id": "\(user.id)"])
            return EditedResponse(status: .created, response: user)
        }
        api.get("users") { _, context in
            try await context.resolve(UserRepository.self).all()
        }
        api.get("users/:id") { _, context in
            try await context.resolve(UserRepository.self).find(try context.parameters.require("id", as: Int.self))
        }
        api.delete("users/:id") { _, context in
            try await context.resolve(UserRepository.self).delete(try context.parameters.require("id", as: Int.self))
            return HTTPResponse.Status.noContent
        }
        api.post("users/:id/todos") { request, context in
            let userID = try context.parameters.require("id", as: Int.self)
            let body = try await request.decode(as: NewTodo.self, context: context)
            let title = try Rules.title(body.title)
            _ = try await context.resolve(UserRepository.self).find(userID)
            let todo = try await context.resolve(TodoRepository.self).create(userID: userID, title: title)
            return EditedResponse(status: .created, response: todo)
        }
        api.post("users/:id/todos/batch") { request, context in
            let userID = try context.parameters.require("id", as: Int.self)
            let body = try await request.decode(as: [NewTodo].self, context: context)
            let todos = try await context.resolve(UserService.self).addTodos(userID: userID, body)
            return EditedResponse(status: .created, response: todos)
        }
        api.get("users/:id/todos") { _, context in
            let userID = try context.parameters.require("id", as: Int.self)
            _ = try await context.resolve(UserRepository.self).find(userID)
            return try await context.resolve(TodoRepository.self).all(userID: userID)
        }
        api.get("todos/:id") { _, context in
            try await context.resolve(TodoRepository.self).find(try context.parameters.require("id", as: Int.self))
        }
        api.patch("todos/:id") { request, context in
            let id = try context.parameters.require("id", as: Int.self)
            let change = try await request.decode(as: TodoChange.self, context: context)
            return try await context.resolve(TodoRepository.self).update(
                id,
                title: try change.title.map(Rules.title),
                done: change.done
            )
        }
        api.delete("todos/:id") { _, context in
            try await context.resolve(TodoRepository.self).delete(try context.parameters.require("id", as: Int.self))
            return HTTPResponse.Status.noContent
        }
    }
}
