import Testing
import Wiring

/// A scoped resource that records its disposal.
final class ScopedResource: Disposable, Sendable {
    let version: Int
    private let disposedFlag = AtomicCell<Bool>(false)
    init(version: Int) { self.version = version }
    func dispose() { disposedFlag.store(true, ordering: .relaxed) }
    var isDisposed: Bool { disposedFlag.load(ordering: .relaxed) }
}

/// What happens to an instance an open scope holds when its container's registration changes,
/// as the Lifecycle article states it.
@Suite("An open scope's instances when the registration changes")
struct ScopeReplacementTests {
    func container(version: Int = 1) -> Container {
        let container = Container()
        container.register(ScopedResource.self, lifetime: .scoped) { _ in ScopedResource(version: version) }
        return container
    }

    @Test("the container's reset() leaves a scope's instances alone: the scope keeps serving them")
    func containerResetKeepsScopedInstances() throws {
        let container = container()
        let scope = container.makeScope()
        let first = try scope.resolve(ScopedResource.self)
        container.reset()
        #expect(!first.isDisposed)
        #expect(try scope.resolve(ScopedResource.self) === first)
        scope.reset()
        #expect(first.isDisposed)
    }

    @Test("re-registering disposes the scope's old instance at the scope's next resolve of it, which builds anew")
    func reRegisteringReplacesAtNextResolve() throws {
        let container = container()
        let scope = container.makeScope()
        let first = try scope.resolve(ScopedResource.self)
        container.register(ScopedResource.self, lifetime: .scoped) { _ in ScopedResource(version: 2) }
        #expect(!first.isDisposed)
        let second = try scope.resolve(ScopedResource.self)
        #expect(second.version == 2)
        #expect(first.isDisposed)
    }

    // Found by the lifecycle model: an async factory's build kept the stale instance beside the
    // new one, undisposed until the scope closed.
    @Test("re-registering with an async factory disposes the scope's old instance when the new one is built")
    func reRegisteringAsyncReplacesAtNextResolve() async throws {
        let container = container()
        let scope = container.makeScope()
        let first = try scope.resolve(ScopedResource.self)
        container.register(ScopedResource.self, lifetime: .scoped) { _ async in ScopedResource(version: 2) }
        let second = try await scope.resolveAsync(ScopedResource.self)
        #expect(second.version == 2)
        #expect(first.isDisposed)
        #expect(try await scope.resolveAsync(ScopedResource.self) === second)
        try await scope.close()
        #expect(second.isDisposed)
    }

    @Test("removing the registration leaves the scope's instance undisposed until the scope is closed")
    func removingDisposesAtClose() throws {
        let container = container()
        let scope = container.makeScope()
        let first = try scope.resolve(ScopedResource.self)
        container.remove(ScopedResource.self)
        #expect(throws: WiringError.self) { try scope.resolve(ScopedResource.self) }
        #expect(!first.isDisposed)
        try scope.syncClose()
        #expect(first.isDisposed)
    }
}
