import SQLiteNIO
public import TodoDomain

/// Users in the request's unit of work, on SQLite.
public final class SQLiteUserStore: UserStore {
    let work: UnitOfWork

    /// A store working in `work`; the container builds it (auto-wired).
    public init(work: UnitOfWork) { self.work = work }

    public func create(name: String) async throws -> User {
        let rows = try await work.query("INSERT INTO users (name) VALUES (?) RETURNING id, name", [.text(name)])
        return try Self.user(rows[0])
    }

    /// The users of `page`, and one more if there is one (so the caller knows a next page exists).
    public func page(_ page: Page) async throws -> [User] {
        try await work.query(
            "SELECT id, name FROM users WHERE id > ? ORDER BY id LIMIT ?",
            [.integer(page.after), .integer(page.limit + 1)]
        ).map(Self.user)
    }

    public func find(_ id: Int) async throws -> User {
        let rows = try await work.query("SELECT id, name FROM users WHERE id = ?", [.integer(id)])
        guard let row = rows.first else { throw DomainError(.notFound, "no user with id \(id)") }
        return try Self.user(row)
    }

    public func delete(_ id: Int) async throws {
        let rows = try await work.query("DELETE FROM users WHERE id = ? RETURNING id", [.integer(id)])
        if rows.isEmpty { throw DomainError(.notFound, "no user with id \(id)") }
    }

    static func user(_ row: SQLiteRow) throws -> User {
        User(id: try row.int("id"), name: try row.text("name"))
    }
}

/// Todos in the request's unit of work, on SQLite.
public final class SQLiteTodoStore: TodoStore {
    let work: UnitOfWork

    /// A store working in `work`; the container builds it (auto-wired).
    public init(work: UnitOfWork) { self.work = work }

    public func create(userID: Int, title: String) async throws -> Todo {
        let rows = try await work.query(
            "INSERT INTO todos (user_id, title) VALUES (?, ?) RETURNING id, user_id, title, done",
            [.integer(userID), .text(title)]
        )
        return try Self.todo(rows[0])
    }

    /// The user's todos of `page`, and one more if there is one.
    public func page(userID: Int, _ page: Page) async throws -> [Todo] {
        try await work.query(
            "SELECT id, user_id, title, done FROM todos WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?",
            [.integer(userID), .integer(page.after), .integer(page.limit + 1)]
        ).map(Self.todo)
    }

    public func find(_ id: Int) async throws -> Todo {
        let rows = try await work.query("SELECT id, user_id, title, done FROM todos WHERE id = ?", [.integer(id)])
        guard let row = rows.first else { throw DomainError(.notFound, "no todo with id \(id)") }
        return try Self.todo(row)
    }

    public func update(_ id: Int, title: String?, done: Bool?) async throws -> Todo {
        let rows = try await work.query(
            """
            UPDATE todos SET title = coalesce(?, title), done = coalesce(?, done) WHERE id = ?
            RETURNING id, user_id, title, done
            """,
            [title.map(SQLiteData.text) ?? .null, done.map { .integer($0 ? 1 : 0) } ?? .null, .integer(id)]
        )
        guard let row = rows.first else { throw DomainError(.notFound, "no todo with id \(id)") }
        return try Self.todo(row)
    }

    public func delete(_ id: Int) async throws {
        let rows = try await work.query("DELETE FROM todos WHERE id = ? RETURNING id", [.integer(id)])
        if rows.isEmpty { throw DomainError(.notFound, "no todo with id \(id)") }
    }

    static func todo(_ row: SQLiteRow) throws -> Todo {
        Todo(
            id: try row.int("id"),
            userID: try row.int("user_id"),
            title: try row.text("title"),
            done: try row.int("done") != 0
        )
    }
}

extension SQLiteRow {
    fileprivate func int(_ column: String) throws -> Int {
        guard let value = self.column(column)?.integer else { throw StoredValueMissing(column: column) }
        return Int(value)
    }

    fileprivate func text(_ column: String) throws -> String {
        guard let value = self.column(column)?.string else { throw StoredValueMissing(column: column) }
        return value
    }
}

/// A row lacked a column the query selects: a bug in the query, reported as a server error.
struct StoredValueMissing: Error, CustomStringConvertible {
    let column: String
    var description: String { "the database returned no value for column \(column)" }
}
