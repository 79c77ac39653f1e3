/// Where users are kept, in the request's unit of work. Each server provides one over its own
/// storage (sqlite-nio for the Hummingbird example, Fluent for the Vapor one), registered
/// `.scoped("request")` and forwarded to `(any UserStore).self`.
public protocol UserStore: Sendable {
    /// Stores a user named `name` (already checked by ``Rules/name(_:)``).
    func create(name: String) async throws -> User
    /// The users of `page`, ordered by id, and one more if there is one.
    func page(_ page: Page) async throws -> [User]
    /// The user with `id`; `DomainError.notFound` if there is none.
    func find(_ id: Int) async throws -> User
    /// Deletes the user with `id` and their todos; `DomainError.notFound` if there is none.
    func delete(_ id: Int) async throws
}

/// Where todos are kept, in the request's unit of work; see ``UserStore``.
public protocol TodoStore: Sendable {
    /// Stores a todo of the user `userID` titled `title` (already checked by ``Rules/title(_:)``).
    func create(userID: Int, title: String) async throws -> Todo
    /// The user's todos of `page`, ordered by id, and one more if there is one.
    func page(userID: Int, _ page: Page) async throws -> [Todo]
    /// The todo with `id`; `DomainError.notFound` if there is none.
    func find(_ id: Int) async throws -> Todo
    /// Changes the title, the done flag or both of the todo with `id`; `nil` leaves one as it is.
    func update(_ id: Int, title: String?, done: Bool?) async throws -> Todo
    /// Deletes the todo with `id`; `DomainError.notFound` if there is none.
    func delete(_ id: Int) async throws
}

/// The operations on users that span both stores.
public final class UserService: Sendable {
    let users: any UserStore
    let todos: any TodoStore

    /// A service over the request's stores; the container builds it (auto-wired).
    public init(users: any UserStore, todos: any TodoStore) {
        self.users = users
        self.todos = todos
    }

    /// Creates the todos in order, each checked as it comes: a bad one fails the request after
    /// the earlier ones were written, and the unit of work's rollback undoes them.
    public func addTodos(userID: Int, _ newTodos: [NewTodo]) async throws -> [Todo] {
        _ = try await users.find(userID)
        var created: [Todo] = []
        for (index, newTodo) in newTodos.enumerated() {
            let title: String
            do {
                title = try Rules.title(newTodo.title)
            } catch {
                throw DomainError(.invalid, "todo \(index): \(error.message); nothing was stored")
            }
            created.append(try await todos.create(userID: userID, title: title))
        }
        return created
    }
}
