import Testing
import Wiring

// The code of the DocC articles "Concurrency and actors" and "Async factories, disposal and
// shutdown", compiled and run (see DocSnippetTests).

final class AuditLedger: Sendable {}

@MainActor
final class ScreenModel {
    var title = "Settings"
}

final class ConnectionPool: Sendable {
    private let open = Lock(true)
    static func connect() async throws -> ConnectionPool { ConnectionPool() }
    func close() async { open.withLock { $0 = false } }
    var isOpen: Bool { open.withLock { $0 } }
}

@Suite("Concurrency and async articles")
struct ConcurrencySnippets {
    @Test("what inherits the current container, and a main-actor factory")
    func currentContainerAndMainActor() async throws {
        let container = Container()
        container.register(AuditLedger.self, lifetime: .singleton) { _ in AuditLedger() }
        container.register(ScreenModel.self, lifetime: .singleton, mainActor: { _ in ScreenModel() })

        await withContainer(container) {
            let inherited = await Task { wiredIfRegistered(AuditLedger.self) }.value  // copies the current container
            let detached = await Task.detached { wiredIfRegistered(AuditLedger.self) }.value  // does not
            #expect(inherited != nil)
            #expect(detached == nil)
        }
        let model = try await container.resolveAsync(ScreenModel.self)  // built on the main actor
        #expect(await model.title == "Settings")
    }

    @Test("an async singleton with a teardown, built once and disposed at shutdown")
    func asyncFactoryAndShutdown() async throws {
        let container = Container()
        container.register(ConnectionPool.self, lifetime: .singleton) { _ async throws in
            try await ConnectionPool.connect()
        }
        .onDispose { pool in await pool.close() }

        let pool = try await container.resolveAsync(ConnectionPool.self)  // one construction for all callers
        try await container.shutdown()  // closes the pool, then releases it
        #expect(!pool.isOpen)
    }

    @Test("a request scope whose teardowns are synchronous closes without await")
    func syncClose() throws {
        let container = Container()
        let log = TeardownLog()
        container.register(UnitOfWork.self, lifetime: .scoped("request")) { _ in UnitOfWork(log: log) }
            .onDispose { work in work.rollBackIfOpen() }

        let request = container.makeScope("request")
        let work = try request.resolve(UnitOfWork.self)
        work.commit()
        try request.syncClose()  // rolls back what was not committed, without await
        #expect(log.all == ["committed"])

        let failed = container.makeScope("request")
        _ = try failed.resolve(UnitOfWork.self)
        try failed.syncClose()
        #expect(log.all == ["committed", "rolled back"])
    }
}

/// The unit of work of the synchronous-close snippet.
final class UnitOfWork: Sendable {
    let log: TeardownLog
    private let committed = Lock(false)
    init(log: TeardownLog) { self.log = log }
    func commit() {
        committed.withLock { $0 = true }
        log.note("committed")
    }
    func rollBackIfOpen() {
        if !committed.withLock({ $0 }) { log.note("rolled back") }
    }
}
