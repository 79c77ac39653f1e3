import Dispatch
import Testing
import Wiring

/// An instance whose asynchronous teardown takes a while, long enough that an end which does
/// not await it returns before it finishes.
final class SlowAsyncResource: AsyncDisposable, Sendable {
    let log: TeardownLog
    init(_ log: TeardownLog) { self.log = log }
    func dispose() async throws {
        try await Task.sleep(for: .milliseconds(50))
        log.note("slow")
    }
}

/// A scoped instance whose teardown resets its scope.
struct ResettingOnDispose: Sendable {}

/// A scoped instance whose teardown closes its scope from another task.
struct ClosingOnDispose: Sendable {}

@Suite("A reset during a scope's close")
struct ResetDuringCloseTests {
    @Test("a reset from a teardown of a closing scope leaves the other instances to the close, which awaits their teardowns")
    func resetFromTeardownDuringClose() async throws {
        let log = TeardownLog()
        let container = Container()
        let opened = Lock<Scope?>(nil)
        container.register(SlowAsyncResource.self, lifetime: .scoped) { _ in SlowAsyncResource(log) }
        container.register(ResettingOnDispose.self, lifetime: .scoped) { _ in ResettingOnDispose() }
            .onDispose { _ in
                log.note("resetting")
                opened.withLock { $0 }?.reset()
            }
        let scope = container.makeScope()
        opened.withLock { $0 = scope }
        _ = try scope.resolve(SlowAsyncResource.self)
        _ = try scope.resolve(ResettingOnDispose.self)
        // Newest first: the reset runs while the close is under way, before the older instance's
        // teardown. The close must not return before that teardown has finished: the container's
        // end, which may follow at once, disposes what such a teardown still uses.
        try await scope.close()
        #expect(log.all == ["resetting", "slow"])
        try await container.shutdown()
        #expect(log.all == ["resetting", "slow"])
    }

    @Test("a reset after a scope closed disposes nothing twice")
    func resetAfterClose() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(SlowAsyncResource.self, lifetime: .scoped) { _ in SlowAsyncResource(log) }
        let scope = container.makeScope()
        _ = try scope.resolve(SlowAsyncResource.self)
        try await scope.close()
        scope.reset()
        try await container.shutdown()
        #expect(log.all == ["slow"])
    }

    @Test("a close that meets a reset starting asynchronous teardowns waits until they are started, then awaits them")
    func closeDuringReset() async throws {
        let log = TeardownLog()
        let container = Container()
        let opened = Lock<Scope?>(nil)
        let closing = Lock<Task<Void, Never>?>(nil)
        let closed = DispatchSemaphore(value: 0)
        container.register(SlowAsyncResource.self, lifetime: .scoped) { _ in SlowAsyncResource(log) }
        container.register(ClosingOnDispose.self, lifetime: .scoped) { _ in ClosingOnDispose() }
            .onDispose { _ in
                guard let scope = opened.withLock({ $0 }) else { return }
                let task = Task {
                    try? await scope.close()
                    log.note("closed")
                    closed.signal()
                }
                closing.withLock { $0 = task }
                // The reset has taken both instances and disposes this one first: give the close
                // every chance to finish before the reset starts the older one's teardown.
                _ = closed.wait(timeout: .now() + .milliseconds(200))
            }
        let scope = container.makeScope()
        opened.withLock { $0 = scope }
        _ = try scope.resolve(SlowAsyncResource.self)
        _ = try scope.resolve(ClosingOnDispose.self)
        scope.reset()
        await closing.withLock { $0 }?.value
        #expect(log.all == ["slow", "closed"])
        try await container.shutdown()
    }
}
