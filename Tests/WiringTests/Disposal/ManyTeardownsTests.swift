import Testing
import Wiring

/// The order one scope's many instances were built in, and their teardowns ran in.
private final class TeardownRecord: Sendable {
    let built = Lock<[Int]>([])
    let disposed = Lock<[Int]>([])
}

/// One of many tagged instances of a scope.
private final class TeardownLink: Sendable {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// Issue 63, item 3: an end takes every slot's teardown in one lock and sorts them after it,
/// rather than scanning every slot for the newest once per teardown. This checks what that must
/// keep: newest first (by creation, not by slot or tag: a factory that resolves another claims
/// its slot first and finishes last), each once, in every kind of end.
@Suite("Ending a scope of many instances")
struct ManyTeardownsTests {
    enum End: CaseIterable, Sendable { case close, syncClose, shutdown, syncShutdown }

    @Test(
        "every end disposes 300 tagged instances newest first by creation, once each",
        arguments: End.allCases)
    func newestFirstByCreation(end: End) async throws {
        let record = TeardownRecord()
        let container = Container()
        let count = 300
        // Built out of tag order, so that disposal must follow creation, not the tags.
        let order = (0..<count).map { ($0 * 7) % count }
        for index in 0..<count {
            container.register(TeardownLink.self, tag: index, lifetime: .scoped) { r in
                if index % 3 == 0, index + 1 < count { _ = try r.resolve(TeardownLink.self, tag: index + 1) }
                record.built.withLock { $0.append(index) }
                return TeardownLink(index)
            }
            .onDispose { (link: TeardownLink) in record.disposed.withLock { $0.append(link.index) } }
        }
        let scope = container.makeScope()
        for index in order { _ = try scope.resolve(TeardownLink.self, tag: index) }
        switch end {
        case .close: try await scope.close()
        case .syncClose: try scope.syncClose()
        case .shutdown: try await container.shutdown()
        case .syncShutdown: try container.syncShutdown()
        }
        let built = record.built.withLock { $0 }
        #expect(built != order, "nested builds finish out of the order their slots were claimed in")
        #expect(record.disposed.withLock { $0 } == Array(built.reversed()))
    }
}
