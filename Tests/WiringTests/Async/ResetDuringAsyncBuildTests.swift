import Testing
import Wiring

/// A connection an async factory builds.
final class AsyncBuilt: Sendable {}

@Suite("A reset that overlaps an async build", .timeLimit(.minutes(1)))
struct ResetDuringAsyncBuildTests {
    @Test("a scoped instance whose build a scope reset overlapped is not cached")
    func scopeReset() async throws {
        let entered = Signal()
        let gate = Signal()
        let container = Container()
        container.register(AsyncBuilt.self, lifetime: .scoped) { _ async in
            entered.open()
            await gate.opened()
            return AsyncBuilt()
        }
        let scope = container.makeScope()
        let first = Task { try await scope.resolveAsync(AsyncBuilt.self) }
        await entered.opened()
        scope.reset()
        gate.open()
        let built = try await first.value
        #expect(try await scope.resolveAsync(AsyncBuilt.self) !== built)
        try await scope.close()
    }

    @Test("the instance a scope reset kept out of the scope is disposed once, at the scope's close")
    func uncachedInstanceIsDisposed() async throws {
        let entered = Signal()
        let gate = Signal()
        let container = Container()
        container.register(BuiltDuringEnd.self, lifetime: .scoped) { _ async in
            entered.open()
            await gate.opened()
            return BuiltDuringEnd()
        }
        let scope = container.makeScope()
        let first = Task { try await scope.resolveAsync(BuiltDuringEnd.self) }
        await entered.opened()
        scope.reset()
        gate.open()
        let uncached = try await first.value
        let cached = try await scope.resolveAsync(BuiltDuringEnd.self)
        try await scope.close()
        #expect(uncached.timesDisposed == 1)
        #expect(cached.timesDisposed == 1)
    }

    @Test("a singleton whose build a container reset overlapped is not cached")
    func containerReset() async throws {
        let entered = Signal()
        let gate = Signal()
        let container = Container()
        container.register(AsyncBuilt.self, lifetime: .singleton) { _ async in
            entered.open()
            await gate.opened()
            return AsyncBuilt()
        }
        let first = Task { try await container.resolveAsync(AsyncBuilt.self) }
        await entered.opened()
        container.reset()
        gate.open()
        let built = try await first.value
        #expect(try await container.resolveAsync(AsyncBuilt.self) !== built)
        try await container.shutdown()
    }
}
