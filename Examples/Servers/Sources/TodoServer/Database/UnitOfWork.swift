import SQLiteNIO
import TodoDomain

/// One request's database work: a transaction on a connection of its own, begun on the first
/// query and ended once — committed by ``UnitOfWorkMiddleware`` when the response succeeds,
/// rolled back otherwise, and rolled back at the latest when the request scope is disposed of
/// (a thrown error, a cancelled request).
///
/// Registered `.scoped("request")`: every request gets its own, and no two requests share one.
public actor UnitOfWork {
    /// Unique in the process: what the `x-unit-of-work` response header carries.
    public nonisolated let id: Int
    private let pool: ConnectionPool
    /// Whether the request may write: a write transaction takes SQLite's write lock when it
    /// begins (`BEGIN IMMEDIATE`), so that it never fails to upgrade a read lock later.
    private let writes: Bool
    private let statistics: UnitOfWorkStatistics
    private var connection: SQLiteConnection?
    private var ended = false

    init(pool: ConnectionPool, writes: Bool, statistics: UnitOfWorkStatistics) {
        self.id = statistics.created()
        self.pool = pool
        self.writes = writes
        self.statistics = statistics
    }

    /// Runs `sql` in the transaction, beginning it if this is the first query.
    func query(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await transaction().query(sql, binds)
    }

    private func transaction() async throws -> SQLiteConnection {
        if let connection { return connection }
        precondition(!ended, "UnitOfWork \(id): queried after it ended; resolve it again in a new request.")
        if writes { try await pool.beginWriting() }
        let leased: SQLiteConnection
        do {
            leased = try await pool.lease()
        } catch {
            if writes { await pool.endWriting() }
            throw error
        }
        do {
            _ = try await leased.query(writes ? "BEGIN IMMEDIATE" : "BEGIN", [])
        } catch {
            await pool.release(leased)
            if writes { await pool.endWriting() }
            throw error
        }
        connection = leased
        return leased
    }

    /// Commits what the request wrote. Does nothing if it never queried.
    func commit() async throws {
        try await end("COMMIT")
    }

    /// Undoes what the request wrote. Does nothing if it never queried or already ended.
    func rollback() async {
        try? await end("ROLLBACK")
    }

    private func end(_ statement: String) async throws {
        guard !ended else { return }
        ended = true
        guard let connection else { return }
        self.connection = nil
        let outcome: Result<Void, any Error>
        do {
            _ = try await connection.query(statement, [])
            outcome = .success(())
        } catch {
            _ = try? await connection.query("ROLLBACK", [])
            outcome = .failure(error)
        }
        await pool.release(connection)
        if writes { await pool.endWriting() }
        if statement == "ROLLBACK" { statistics.rolledBack() }
        try outcome.get()
    }

    /// The request scope is closing: roll back anything not committed.
    func dispose() async {
        await rollback()
        statistics.disposed()
    }
}
