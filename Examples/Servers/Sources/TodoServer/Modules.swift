import Hummingbird
import Logging
import TodoDomain
import Wiring

/// The database: the connection pool (an async eager singleton, opened by `startAsync()` and
/// closed when the container shuts down), each request's unit of work, and the domain's stores
/// over it. The request-scoped registrations are auto-wired so that validation at
/// start-up sees their dependencies.
struct PersistenceModule: Module {
    let configuration: TodoServerConfiguration
    let logger: Logger

    var registrations: Registrations {
        instance(UnitOfWorkStatistics())
        eagerSingleton(ConnectionPool.self) { _ async throws in
            do {
                return try await ConnectionPool.open(
                    path: configuration.databasePath,
                    size: configuration.connections,
                    logger: logger
                )
            } catch {
                throw StartupProblem.databaseUnavailable(path: configuration.databasePath, reason: "\(error)")
            }
        }
        .onDispose { pool in try await pool.close() }
        scoped(in: "request") { r in
            UnitOfWork(
                pool: try r.resolve(),
                writes: try r.resolve(Request.self).method != .get,
                statistics: try r.resolve()
            )
        }
        .onDispose { work in await work.dispose() }
        // The domain's stores, over SQLite (the service over them is the domain's own module).
        autowire(lifetime: .scoped("request"), SQLiteUserStore.init).forwarding(to: (any UserStore).self) { $0 }
        autowire(lifetime: .scoped("request"), SQLiteTodoStore.init).forwarding(to: (any TodoStore).self) { $0 }
    }
}

/// The HTTP server: one `Service`, so the container's service group runs it after the pool it
/// depends on and stops it before.
struct ServerModule: Module {
    let configuration: TodoServerConfiguration
    let logger: Logger

    var registrations: Registrations {
        instance(ServerAddress())
        singleton(HTTPServer.self) { r in
            try HTTPServer(
                container: r.container,
                pool: try r.resolve(),
                address: try r.resolve(),
                configuration: configuration,
                logger: logger
            )
        }
    }
}
