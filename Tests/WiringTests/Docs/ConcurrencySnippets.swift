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
}
