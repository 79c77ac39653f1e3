import Foundation
import Testing
import Wiring

/// A service whose protocol type is registered, and whose instances may or may not be disposable.
protocol Connection: AnyObject, Sendable {}
final class PlainConnection: Connection {}
final class PooledConnection: Connection, Disposable {
    let log: TeardownLog
    init(_ log: TeardownLog) { self.log = log }
    func dispose() { log.note("pooled") }
}

@Suite("Synchronous close and shutdown")
struct SyncCloseTests {
    @Test("syncClose disposes the scope's instances in reverse order of creation, once; resolving through it then fails")
    func syncCloseDisposesInReverseOrder() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(FirstResource.self, lifetime: .scoped) { _ in FirstResource(resource: Resource("first", log)) }
            .onDispose { $0.resource.log.note("first") }
        container.register(SecondResource.self, lifetime: .scoped) { r in
            _ = try r.resolve(FirstResource.self)
            return SecondResource(resource: Resource("second", log))
        }
        .onDispose { $0.resource.log.note("second") }
        let scope = container.makeScope()
        _ = try scope.resolve(SecondResource.self)
        try scope.syncClose()
        #expect(log.all == ["second", "first"])
        #expect(throws: WiringError.self) { try scope.resolve(FirstResource.self) }
        try scope.syncClose()  // again: nothing more
        #expect(log.all == ["second", "first"])
    }

    @Test(
        "syncClose refuses a scope holding an instance with an asynchronous teardown: it names it, disposes nothing, and the scope stays open"
    )
    func syncCloseRefusesAsyncTeardowns() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(AsyncResource.self, lifetime: .scoped) { _ in AsyncResource(log) }
        container.register(Resource.self, lifetime: .scoped) { _ in Resource("sync", log) }
        let scope = container.makeScope()
        let resource = try scope.resolve(Resource.self)
        _ = try scope.resolve(AsyncResource.self)
        let error = #expect(throws: DisposalError.self) { try scope.syncClose() }
        #expect(error?.asynchronousTeardowns == ["AsyncResource"])
        #expect(error?.failures.isEmpty == true)
        #expect(error?.description.contains("try await scope.close()") == true)
        #expect(log.all.isEmpty)
        #expect(try scope.resolve(Resource.self) === resource)  // still open
        try await scope.close()
        #expect(Set(log.all) == ["sync", "async"])
    }

    @Test("an onDispose closure that does not await runs on syncClose; one that awaits makes it refuse")
    func onDisposeOverloads() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Config.self, lifetime: .scoped) { _ in Config() }.onDispose { _ in log.note("sync") }
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
            .onDispose { _ in
                await Task.yield()
                log.note("async")
            }
        let first = container.makeScope()
        _ = try first.resolve(Config.self)
        try first.syncClose()
        #expect(log.all == ["sync"])
        let second = container.makeScope()
        _ = try second.resolve(Tracked.self)
        let error = #expect(throws: DisposalError.self) { try second.syncClose() }
        #expect(error?.asynchronousTeardowns == ["Tracked"])
        try await second.close()
        #expect(log.all == ["sync", "async"])
    }

    @Test("syncClose reports failed teardowns after running the others, and the scope is closed")
    func syncCloseReportsFailures() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, tag: "a", lifetime: .scoped) { _ in Resource("a", log) }
        container.register(Resource.self, tag: "b", lifetime: .scoped) { _ in Resource("failing-b", log) }
        let scope = container.makeScope()
        _ = try scope.resolve(Resource.self, tag: "a")
        _ = try scope.resolve(Resource.self, tag: "b")
        let error = #expect(throws: DisposalError.self) { try scope.syncClose() }
        #expect(error?.failures.map(\.registration) == ["Resource"])
        #expect(log.all == ["failing-b", "a"])
        #expect(throws: WiringError.self) { try scope.resolve(Resource.self, tag: "a") }
    }

    @Test("syncShutdown disposes singletons, closes open scopes and shuts children down, without await")
    func syncShutdown() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, lifetime: .singleton) { _ in Resource("singleton", log) }
        container.register(Resource.self, tag: "scoped", lifetime: .scoped) { _ in Resource("scoped", log) }
        let child = container.makeChild()
        child.register(Resource.self, tag: "child", lifetime: .singleton) { _ in Resource("child", log) }
        _ = try container.resolve(Resource.self)
        _ = try child.resolve(Resource.self, tag: "child")
        let scope = container.makeScope()
        _ = try scope.resolve(Resource.self, tag: "scoped")
        try container.syncShutdown()
        #expect(log.all == ["child", "scoped", "singleton"])
        #expect(throws: WiringError.self) { try container.resolve(Resource.self) }
        #expect(throws: WiringError.self) { try scope.resolve(Resource.self, tag: "scoped") }
    }

    @Test("syncShutdown refuses when an open scope of the container holds an asynchronous teardown, and changes nothing")
    func syncShutdownRefuses() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, lifetime: .singleton) { _ in Resource("singleton", log) }
        container.register(AsyncResource.self, lifetime: .scoped) { _ in AsyncResource(log) }
        let resource = try container.resolve(Resource.self)
        let scope = container.makeScope()
        _ = try scope.resolve(AsyncResource.self)
        let error = #expect(throws: DisposalError.self) { try container.syncShutdown() }
        #expect(error?.asynchronousTeardowns == ["AsyncResource"])
        #expect(log.all.isEmpty)
        #expect(try container.resolve(Resource.self) === resource)
        try await container.shutdown()
        #expect(Set(log.all) == ["singleton", "async"])
    }

    @Test("a module declaration's onDispose closure that does not await runs on syncShutdown")
    func moduleDeclarationSyncTeardown() throws {
        let log = TeardownLog()
        let container = Container()
        try container.install(
            Registrations {
                $0.singleton { Config() }.onDispose { _ in log.note("config") }
            })
        _ = try container.resolve(Config.self)
        try container.syncShutdown()
        #expect(log.all == ["config"])
    }

    @Test("a protocol-typed registration whose instances differ in type disposes exactly the disposable ones")
    func mixedDynamicTypesOfOneRegistration() async throws {
        let log = TeardownLog()
        let container = Container()
        let next = Counter()
        container.register((any Connection).self) { _ in
            next.increment()
            return next.count % 2 == 0 ? PooledConnection(log) as any Connection : PlainConnection()
        }
        .trackingTransients()
        let scope = container.makeScope()
        for _ in 0..<6 { _ = try scope.resolve((any Connection).self) }
        try scope.syncClose()
        #expect(log.all == ["pooled", "pooled", "pooled"])
    }

    @Test("a scoped protocol-typed registration whose instance is Disposable is disposed by the scope")
    func scopedExistentialDisposed() throws {
        let log = TeardownLog()
        let container = Container()
        container.register((any Connection).self, lifetime: .scoped) { _ in PooledConnection(log) }
        for _ in 0..<3 {
            let scope = container.makeScope()
            _ = try scope.resolve((any Connection).self)
            try scope.syncClose()
        }
        #expect(log.all == ["pooled", "pooled", "pooled"])
    }

    @Test("a teardown that closes its own scope again, synchronously, returns at once instead of waiting for itself")
    func reentrantSyncClose() throws {
        let container = Container()
        let scopes = Lock<[Scope]>([])
        let calls = Counter()
        container.register(Config.self, lifetime: .scoped) { _ in Config() }
            .onDispose { _ in
                calls.increment()
                for scope in scopes.withLock({ $0 }) { try scope.syncClose() }
            }
        let scope = container.makeScope()
        scopes.withLock { $0 = [scope] }
        _ = try scope.resolve(Config.self)
        try scope.syncClose()
        #expect(calls.count == 1)
        scopes.withLock { $0 = [] }
    }

    @Test("syncClose waits for a build in flight on another thread and disposes its instance once, before it returns")
    func syncCloseWaitsForBuildsInFlight() {
        let log = TeardownLog()
        let container = Container()
        let started = Latch()
        let proceed = Latch()
        container.register(Resource.self, lifetime: .scoped) { _ in
            started.release()
            proceed.wait()
            return Resource("late", log)
        }
        let scope = container.makeScope()
        let outcome = Lock<WiringError.Code?>(nil)
        race(threads: 2) { thread in
            if thread == 0 {
                do throws(WiringError) {
                    _ = try scope.resolve(Resource.self)
                } catch {
                    outcome.withLock { $0 = error.code }
                }
            } else {
                started.wait()
                // Released after a pause, while (most likely) syncClose is blocked waiting.
                Thread.detachNewThread {
                    usleep(20_000)
                    proceed.release()
                }
                try? scope.syncClose()
                // The build finished before syncClose returned: its instance was disposed.
                #expect(log.all == ["late"])
            }
        }
        // In flight when the close began (the usual case), the resolve throws `shutDown`; on a
        // loaded machine the build may have finished first and handed out its instance. Either
        // way the close disposed it, once, before returning (checked above).
        #expect([nil, .shutDown].contains(outcome.withLock { $0 }))
        #expect(log.all == ["late"])
    }

    @Test("a teardown that asks a nested scope for an instance the close already disposed gets shutDown, not that instance")
    func disposedInstanceNotServedDuringClose() throws {
        let container = Container()
        let served = Lock<[String]>([])
        container.register(SessionCache.self, lifetime: .scoped("session")) { _ in SessionCache() }
        container.register(SessionLog.self, lifetime: .scoped("session")) { r in SessionLog(cache: try r.resolve()) }
        let session = container.makeScope("session")
        let request = session.makeScope()
        let log = try request.resolve(SessionLog.self)
        // Disposal runs newest first: the log, then the cache. The cache's teardown asks the
        // nested scope for the log, which the close has just disposed.
        log.cache.onDispose = {
            do {
                let again = try request.resolve(SessionLog.self)
                served.withLock { $0.append(again.isDisposed ? "a disposed log" : "a live log") }
            } catch let error as WiringError {
                served.withLock { $0.append("\(error.code)") }
            } catch {
                served.withLock { $0.append("\(error)") }
            }
        }
        try session.syncClose()
        #expect(log.isDisposed)
        #expect(served.withLock { $0 } == ["\(WiringError.Code.shutDown)"])
    }
}

/// A session's cache, disposed after the log built from it; runs `onDispose` in its teardown.
final class SessionCache: Disposable, @unchecked Sendable {
    // @unchecked: `onDispose` is set before the scope closes, on the test's thread, and read by
    // the teardown, on the same thread.
    var onDispose: () -> Void = {}
    func dispose() { onDispose() }
}

/// A session's log, disposed first.
final class SessionLog: Disposable, Sendable {
    let cache: SessionCache
    private let disposed = AtomicCell<Bool>(false)
    init(cache: SessionCache) { self.cache = cache }
    var isDisposed: Bool { disposed.load(ordering: .relaxed) }
    func dispose() { disposed.store(true, ordering: .relaxed) }
}
