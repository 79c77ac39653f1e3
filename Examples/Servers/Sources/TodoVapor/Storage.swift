import Fluent
import FluentSQLiteDriver
import TodoDomain

/// A user row. Fluent models are classes with property wrappers, so `@unchecked Sendable`, as
/// Fluent's own models are: each instance is made, filled and read by one request.
final class UserModel: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "name") var name: String

    init() {}

    init(name: String) { self.name = name }

    var user: User { User(id: id ?? 0, name: name) }
}

/// A todo row; see ``UserModel`` about `Sendable`.
final class TodoModel: Model, @unchecked Sendable {
    static let schema = "todos"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "user_id") var userID: Int
    @Field(key: "title") var title: String
    @Field(key: "done") var done: Bool

    init() {}

    init(userID: Int, title: String) {
        self.userID = userID
        self.title = title
        done = false
    }

    var todo: Todo { Todo(id: id ?? 0, userID: userID, title: title, done: done) }
}

/// The tables: users, and todos that belong to a user and go with them.
///
/// The ids are `INTEGER PRIMARY KEY AUTOINCREMENT`, so that SQLite never hands out an id again
/// after its row is deleted (stale references and `after=` cursors rely on that, and the
/// Hummingbird example's tables are made the same way). Fluent's `.identifier(auto: true)`
/// leaves out `AUTOINCREMENT` on SQLite, whose dialect says it does not support it; without it
/// SQLite reuses the highest id once that row is gone.
struct CreateTables: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema)
            .field("id", .int, .custom(SQLRaw("PRIMARY KEY AUTOINCREMENT")))
            .field("name", .string, .required)
            .create()
        try await database.schema(TodoModel.schema)
            .field("id", .int, .custom(SQLRaw("PRIMARY KEY AUTOINCREMENT")))
            .field("user_id", .int, .required, .references(UserModel.schema, "id", onDelete: .cascade))
            .field("title", .string, .required)
            .field("done", .bool, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TodoModel.schema).delete()
        try await database.schema(UserModel.schema).delete()
    }
}

/// The domain's users on Fluent, in the request's transaction (the `any Database` its scope
/// was given).
final class FluentUserStore: UserStore {
    let database: any Database

    init(database: any Database) { self.database = database }

    func create(name: String) async throws -> User {
        let model = UserModel(name: name)
        try await model.create(on: database)
        return model.user
    }

    func page(_ page: TodoDomain.Page) async throws -> [User] {
        try await UserModel.query(on: database).filter(\.$id > page.after).sort(\.$id).limit(page.limit + 1).all()
            .map(\.user)
    }

    func find(_ id: Int) async throws -> User {
        guard let model = try await UserModel.find(id, on: database) else {
            throw DomainError(.notFound, "no user with id \(id)")
        }
        return model.user
    }

    func delete(_ id: Int) async throws {
        guard let model = try await UserModel.find(id, on: database) else {
            throw DomainError(.notFound, "no user with id \(id)")
        }
        try await TodoModel.query(on: database).filter(\.$userID == id).delete()
        try await model.delete(on: database)
    }
}

/// The domain's todos on Fluent; see ``FluentUserStore``.
final class FluentTodoStore: TodoStore {
    let database: any Database

    init(database: any Database) { self.database = database }

    func create(userID: Int, title: String) async throws -> Todo {
        let model = TodoModel(userID: userID, title: title)
        try await model.create(on: database)
        return model.todo
    }

    func page(userID: Int, _ page: TodoDomain.Page) async throws -> [Todo] {
        try await TodoModel.query(on: database).filter(\.$userID == userID).filter(\.$id > page.after).sort(\.$id)
            .limit(page.limit + 1).all().map(\.todo)
    }

    func find(_ id: Int) async throws -> Todo {
        try await model(id).todo
    }

    func update(_ id: Int, title: String?, done: Bool?) async throws -> Todo {
        let model = try await model(id)
        if let title { model.title = title }
        if let done { model.done = done }
        try await model.update(on: database)
        return model.todo
    }

    func delete(_ id: Int) async throws {
        try await model(id).delete(on: database)
    }

    private func model(_ id: Int) async throws -> TodoModel {
        guard let model = try await TodoModel.find(id, on: database) else {
            throw DomainError(.notFound, "no todo with id \(id)")
        }
        return model
    }
}
