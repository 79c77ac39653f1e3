/// Shape (server): a chain of async factories. The connection pool connects asynchronously; the
/// migrator's async factory awaits the pool with `try await r.resolveAsync()`; the request
/// handler is an async transient that awaits both; the async factories also read a synchronous
/// configuration with `try r.resolve()`. The server awaits the handler with `resolveAsync`.
///
/// Why it is correct: every read of an async registration is awaited (`resolveAsync`), so none is
/// an async registration read synchronously; an async factory may read a synchronous one either
/// way. The chain pool → migrator → handler has no loop.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct DatabaseConfig: Sendable {
    let url: String
    let poolSize: Int
}

actor ConnectionPool {
    let url: String
    private(set) var open: Int

    init(url: String, open: Int) {
        self.url = url
        self.open = open
    }

    static func connect(config: DatabaseConfig) async throws -> ConnectionPool {
        await Task.yield()
        return ConnectionPool(url: config.url, open: config.poolSize)
    }
}

struct Migrator: Sendable {
    let pool: ConnectionPool
    let applied: [String]

    static func run(on pool: ConnectionPool) async throws -> Migrator {
        _ = await pool.open
        return Migrator(pool: pool, applied: ["001_users", "002_orders"])
    }
}

struct OrdersHandler: Sendable {
    let pool: ConnectionPool
    let schemaVersion: Int

    func handle() -> String { "\(pool.url) v\(schemaVersion)" }
}

struct DatabaseModule: Module {
    var registrations: Registrations {
        instance(DatabaseConfig(url: "postgres://db/orders", poolSize: 8))
        singleton { r async throws in try await ConnectionPool.connect(config: try r.resolve()) }
        singleton { r async throws in try await Migrator.run(on: try await r.resolveAsync()) }
        transient { r async throws in
            let migrator: Migrator = try await r.resolveAsync()
            return OrdersHandler(pool: try await r.resolveAsync(), schemaVersion: migrator.applied.count)
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(DatabaseModule())

        let handler = try await container.resolveAsync(OrdersHandler.self)
        let pool = try await container.resolveAsync(ConnectionPool.self)
        guard handler.handle() == "postgres://db/orders v2", handler.pool === pool, await pool.open == 8 else {
            throw CorpusFailure(message: "the handler answered \(handler.handle())")
        }

        let report = await Container.validate(modules: [DatabaseModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
