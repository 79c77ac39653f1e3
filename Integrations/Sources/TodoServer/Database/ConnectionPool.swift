public import Logging
import SQLiteNIO
public import Synchronization

/// A fixed set of connections to one SQLite file, lent out one request at a time.
///
/// The app registers it as an async eager singleton: opened (and the schema created) at
/// start-up, closed at shutdown by the container's disposal.
public actor ConnectionPool {
    private var idle: [SQLiteConnection]
    private var waiters: [CheckedContinuation<SQLiteConnection, any Error>] = []
    private var all: [SQLiteConnection]
    private var closing = false
    /// Set once every connection is closed; readable from anywhere, for tests.
    public nonisolated let isClosed = Atomic<Bool>(false)

    private init(connections: [SQLiteConnection]) {
        self.idle = connections
        self.all = connections
    }

    /// Opens `size` connections to the file at `path` (creating it), in WAL mode so that
    /// readers do not wait for the writer, and creates the schema if it is missing.
    public static func open(path: String, size: Int, logger: Logger) async throws -> ConnectionPool {
        var connections: [SQLiteConnection] = []
        do {
            for _ in 0..<size {
                let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                connections.append(connection)
                _ = try await connection.query("PRAGMA busy_timeout = 10000", [])
                _ = try await connection.query("PRAGMA foreign_keys = ON", [])
            }
            _ = try await connections[0].query("PRAGMA journal_mode = WAL", [])
            for statement in Schema.statements {
                _ = try await connections[0].query(statement, [])
            }
        } catch {
            for connection in connections { try? await connection.close() }
            throw error
        }
        return ConnectionPool(connections: connections)
    }

    /// A connection for the caller alone until it gives it back with ``release(_:)``; waits
    /// while every connection is lent out.
    func lease() async throws -> SQLiteConnection {
        if closing { throw PoolClosed() }
        if let connection = idle.popLast() { return connection }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    /// Takes back a connection that ``lease()`` lent.
    func release(_ connection: SQLiteConnection) {
        if closing {
            // Given back after close(): close it too.
            Task { try? await connection.close() }
            return
        }
        if !waiters.isEmpty {
            waiters.removeFirst().resume(returning: connection)
        } else {
            idle.append(connection)
        }
    }

    /// Closes every connection. By the time the container disposes of the pool, the server
    /// has stopped and every request scope has closed, so every connection is back.
    public func close() async throws {
        closing = true
        for waiter in waiters { waiter.resume(throwing: PoolClosed()) }
        waiters.removeAll()
        let connections = all
        all.removeAll()
        idle.removeAll()
        for connection in connections { try await connection.close() }
        isClosed.store(true, ordering: .releasing)
    }
}

/// The pool was closed: the server is shutting down.
struct PoolClosed: Error, CustomStringConvertible {
    var description: String { "the database connection pool is closed: the server is shutting down" }
}

/// The tables, created if missing.
enum Schema {
    static let statements = [
        """
        CREATE TABLE IF NOT EXISTS users (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS todos (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0
        )
        """,
        "CREATE INDEX IF NOT EXISTS todos_user ON todos(user_id)",
    ]
}
