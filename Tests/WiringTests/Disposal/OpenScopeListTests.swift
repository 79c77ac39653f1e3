import Foundation
import Testing
import Wiring

/// A container knows its open scopes without a lock per scope: a list it pushes on and prunes in
/// batches. These tests cross many batches.
@Suite("The list of open scopes", .timeLimit(.minutes(5)))
struct OpenScopeListTests {
    /// A container whose scoped `NamedResource` is named after the scope's place in `names`.
    func container(log: Lock<[String]>) -> Container {
        let container = Container()
        container.register(NamedResource.self, lifetime: .scoped) { r in
            NamedResource(try r.resolve(String.self), log: log)
        }
        container.register(String.self, lifetime: .scoped) { _ in "unnamed" }
        return container
    }

    @Test(
        "after hundreds of scopes opened, closed and dropped, shutdown closes exactly those still open, newest first",
        arguments: [1, 7, 8, 9, 17, 500])
    func shutdownFindsTheOpenOnesAfterBatches(count: Int) async throws {
        let log = Lock<[String]>([])
        let container = container(log: log)
        var open: [Scope] = []
        var expected: [String] = []
        for index in 0..<count {
            let scope = container.makeScope()
            try scope.provide("\(index)")
            _ = try scope.resolve(NamedResource.self)
            switch index % 3 {
            case 0:
                open.append(scope)
                expected.insert("\(index)", at: 0)
            case 1:
                try scope.syncClose()
            default:
                break  // dropped: released undisposed
            }
        }
        let closedEarly = log.withLock { $0 }
        #expect(closedEarly.count == (count + 1) / 3)
        try await container.shutdown()
        #expect(Array(log.withLock { $0 }.dropFirst(closedEarly.count)) == expected)
        // Closing them again disposes nothing more.
        for scope in open { try await scope.close() }
        #expect(log.withLock { $0.count } == closedEarly.count + expected.count)
    }

    @Test("a dropped scope's instances are released when its handle is, even while its container still lists it")
    func droppedScopeReleasesAtOnce() throws {
        let container = Container()
        container.register(NamedResource.self, lifetime: .scoped) { _ in NamedResource("r", log: Lock([])) }
        weak var instance: NamedResource?
        do {
            let scope = container.makeScope()
            instance = try scope.resolve(NamedResource.self)
            #expect(instance != nil)
        }
        #expect(instance == nil)
    }

    @Test("syncShutdown finds an open scope's asynchronous teardown after many scopes came and went")
    func syncShutdownSeesOpenScopesAfterBatches() async throws {
        let container = Container()
        container.register(HeldTeardown.self, lifetime: .scoped) { _ in HeldTeardown() }
        container.register(NamedResource.self, lifetime: .scoped) { _ in NamedResource("r", log: Lock([])) }
        let held = container.makeScope()
        _ = try held.resolve(HeldTeardown.self)
        for _ in 0..<300 {
            let scope = container.makeScope()
            _ = try scope.resolve(NamedResource.self)
            try scope.syncClose()
        }
        let error = #expect(throws: DisposalError.self) { try container.syncShutdown() }
        #expect(error?.code == .needsAwait)
        #expect(error?.asynchronousTeardowns == ["HeldTeardown"])
        let teardown = try held.resolve(HeldTeardown.self)
        teardown.release.open()
        try await container.shutdown()
        #expect(teardown.isFinished)
    }

    @Test(
        "scopes opened and closed on four threads while the container shuts down: a closed scope's instance is disposed exactly once, by its close or by the shutdown"
    )
    func openCloseRacingShutdown() {
        for _ in 0..<20 {
            let container = Container()
            container.register(DisposalCounted.self, lifetime: .scoped) { _ in DisposalCounted() }
            let shutdownAfter = Int.random(in: 0..<400)
            let opened = AtomicCell<Int>(0)
            let wrong = AtomicCell<Int>(0)
            race(threads: 5) { thread in
                if thread == 4 {
                    while opened.load(ordering: .relaxed) < shutdownAfter { usleep(10) }
                    #expect(throws: Never.self) { try container.syncShutdown() }
                    return
                }
                for index in 0..<200 {
                    let scope = container.makeScope()
                    opened.add(1, ordering: .relaxed)
                    // Born closed, or closed by the shutdown meanwhile: nothing to check.
                    guard let instance = try? scope.resolve(DisposalCounted.self) else { continue }
                    if index % 2 == 0 {
                        try? scope.syncClose()
                        // Its close, or the shutdown's, which this one waited for, disposed it.
                        if instance.disposals != 1 { wrong.add(1, ordering: .relaxed) }
                    }
                    // Odd ones are dropped here: disposed only if the shutdown reached them first.
                    if instance.disposals > 1 { wrong.add(1, ordering: .relaxed) }
                }
            }
            #expect(wrong.load(ordering: .relaxed) == 0)
        }
    }
}

/// Counts its own disposals.
private final class DisposalCounted: Disposable, Sendable {
    private let count = AtomicCell<Int>(0)
    var disposals: Int { count.load(ordering: .acquiring) }
    func dispose() { count.add(1, ordering: .relaxed) }
}
