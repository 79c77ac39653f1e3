public import Logging
import NIOPosix
import SQLiteNIO
import Synchronization

/// A fixed set of connections to one SQLite file, lent out one request at a time.
///
/// The app registers it as an async eager singleton: opened (and the schema created) at
/// start-up, closed at shutdown by the container's disposal.
///
/// SQLite runs one write transaction at a time. A second writer that asked SQLite would block
/// a thread until the first commits, and enough of them would block every thread, the first
/// writer's commit included; so writers queue here instead, without blocking a thread, and
/// each connection has a thread of its own.
public actor ConnectionPool {
    private var idle: [SQLiteConnection]
    private var waiters: [CheckedContinuation<SQLiteConnection, any Error>] = []
    private var all: [SQLiteConnection]
    private var closing = false
    /// Whether a write transaction holds the write turn, and who waits for it.
    private var writing = false
    private var writeWaiters: [CheckedContinuation<Void, any Error>] = []
    private let threads: NIOThreadPool
    private nonisolated let closed = Atomic<Bool>(false)

    /// Whether every connection has been closed; readable from anywhere, for tests.
    public nonisolated var isClosed: Bool { closed.load(ordering: .acquiring) }

    private init(connections: [SQLiteConnection], threads: NIOThreadPool) {
        self.idle = connections
        self.all = connections
        self.threads = threads
    }

    /// Opens `size` connections to the file at `path` (creating it), in WAL mode so that
    /// readers do not wait for the writer, with `synchronous = NORMAL` (SQLite's advice for WAL),
    /// and creates the schema if it is missing.
    public static func open(path: String, size: Int, logger: Logger) async throws -> ConnectionPool {
        var connections: [SQLiteConnection] = []
        let threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
        do {
            for _ in 0..<size {
                let connection = try await SQLiteConnection.open(
                    storage: .file(path: path),
                    threadPool: threads,
                    logger: logger,
                    on: MultiThreadedEventLoopGroup.singleton.any()
                )
                connections.append(connection)
                _ = try await connection.query("PRAGMA busy_timeout = 10000", [])
                _ = try await connection.query("PRAGMA foreign_keys = ON", [])
                // With WAL, NORMAL syncs at checkpoints rather than at every commit: a commit
                // survives a crash of the process, and only a power loss can undo the last few.
                _ = try await connection.query("PRAGMA synchronous = NORMAL", [])
            }
            _ = try await connections[0].query("PRAGMA journal_mode = WAL", [])
            for statement in Schema.statements {
                _ = try await connections[0].query(statement, [])
            }
        } catch {
            for connection in connections { try? await connection.close() }
            try? await threads.shutdownGracefully()
            throw error
        }
        return ConnectionPool(connections: connections, threads: threads)
    }

    /// Waits for the write turn: one write transaction at a time, in order of asking.
    func beginWriting() async throws {
        if closing { throw PoolClosed() }
        guard writing else {
            writing = true
            return
        }
        try await withCheckedThrowingContinuation { writeWaiters.append($0) }
    }

    /// Ends the write turn that ``beginWriting()`` gave, passing it to the next writer.
    func endWriting() {
        if writeWaiters.isEmpty {
            writing = false
        } else {
            writeWaiters.removeFirst().resume()
        }
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
        for waiter in writeWaiters { waiter.resume(throwing: PoolClosed()) }
        writeWaiters.removeAll()
        let connections = all
        all.removeAll()
        idle.removeAll()
        for connection in connections { try await connection.close() }
        try await threads.shutdownGracefully()
        closed.store(true, ordering: .releasing)
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
