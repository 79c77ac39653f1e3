import Testing
import Wiring

/// Records the order of teardowns.
final class TeardownLog: Sendable {
    private let entries = Lock<[String]>([])
    func note(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

final class Resource: Disposable, Sendable {
    let name: String
    let log: TeardownLog
    init(_ name: String, _ log: TeardownLog) {
        self.name = name
        self.log = log
    }
    func dispose() throws {
        log.note(name)
        if name.hasPrefix("failing") { throw SampleError(reason: "\(name) failed") }
    }
}

final class AsyncResource: AsyncDisposable {
    let log: TeardownLog
    init(_ log: TeardownLog) { self.log = log }
    func dispose() async throws {
        try await Task.sleep(for: .milliseconds(1))
        log.note("async")
    }
}

struct FirstResource: Sendable { let resource: Resource }
struct SecondResource: Sendable { let resource: Resource }

@Suite("Disposal")
struct DisposalTests {
    @Test("shutdown disposes singletons in reverse order of creation, each once, collecting errors")
    func shutdownOrder() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, tag: "a", lifetime: .singleton) { _ in Resource("a", log) }
        container.register(Resource.self, tag: "failing-b", lifetime: .singleton) { _ in Resource("failing-b", log) }
        container.register(AsyncResource.self, lifetime: .eagerSingleton) { _ in AsyncResource(log) }
        container.register(Resource.self, tag: "c", lifetime: .singleton) { _ in Resource("c", log) }
        try container.start()
        for tag in ["a", "failing-b", "c"] { _ = try container.resolve(Resource.self, tag: tag) }
        let error = await #expect(throws: DisposalError.self) { try await container.shutdown() }
        #expect(log.all == ["c", "failing-b", "a", "async"])
        #expect(error?.failures.map(\.registration) == ["Resource"])
        #expect(error?.description.hasPrefix("Wiring: ending the container: 1 teardown failed; the others ran.") == true)
        #expect(error?.code == .teardownsFailed)
        try await container.shutdown()  // again: nothing more is disposed
        #expect(log.all.count == 4)
    }

    @Test("a scope's reset disposes an instance an async factory built after one a sync factory built, newest first")
    func resetOrdersAsyncAndSyncBuilds() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, tag: "sync", lifetime: .scoped) { _ in Resource("sync", log) }
        container.register(Resource.self, tag: "async", lifetime: .scoped) { _ async in Resource("async", log) }
        let scope = container.makeScope()
        _ = try scope.resolve(Resource.self, tag: "sync")
        _ = try await scope.resolveAsync(Resource.self, tag: "async")
        scope.reset()
        #expect(log.all == ["async", "sync"])
        try await scope.close()
    }

    @Test("after shutdown every resolve fails clearly, including registrations made later")
    func resolveAfterShutdown() async throws {
        let container = Container()
        container.register(Config.self, lifetime: .singleton) { _ in Config() }
        _ = try container.resolve(Config.self)
        try await container.shutdown()
        let error = #expect(throws: WiringError.self) { try container.resolve(Config.self) }
        #expect(error?.code == .shutDown)
        #expect(error?.description.hasPrefix("Wiring: Config was resolved from a container that has been shut down.") == true)
        container.register(Tracked.self) { _ in Tracked() }
        #expect(throws: WiringError.self) { try container.resolve(Tracked.self) }
    }

    @Test("closing a scope disposes its instances in reverse order; resolving through it then fails")
    func scopeClose() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(FirstResource.self, lifetime: .scoped) { _ in FirstResource(resource: Resource("first", log)) }
            .onDispose { first in try first.resource.dispose() }
        container.register(SecondResource.self, lifetime: .scoped) { r in
            _ = try r.resolve(FirstResource.self)
            return SecondResource(resource: Resource("second", log))
        }
        .onDispose { second in try second.resource.dispose() }
        container.register(Config.self) { _ in Config() }
        let scope = container.makeScope()
        _ = try scope.resolve(SecondResource.self)
        try await scope.close()
        #expect(log.all == ["second", "first"])
        let scoped = #expect(throws: WiringError.self) { try scope.resolve(FirstResource.self) }
        #expect(scoped?.code == .shutDown)
        let plain = #expect(throws: WiringError.self) { try scope.resolve(Config.self) }
        #expect(plain?.description.hasPrefix("Wiring: Config was resolved through a scope that has been closed.") == true)
        #expect(try container.resolve(Config.self).environment == "test")
    }

    @Test("transients are not tracked unless their registration asks")
    func transients() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, tag: "plain") { _ in Resource("plain", log) }
        container.register(Resource.self, tag: "tracked") { _ in Resource("tracked", log) }.trackingTransients()
        for tag in ["plain", "tracked", "tracked"] { _ = try container.resolve(Resource.self, tag: tag) }
        try await container.shutdown()
        #expect(log.all == ["tracked", "tracked"])
    }

    @Test("child containers are shut down first")
    func children() async throws {
        let log = TeardownLog()
        let parent = Container()
        parent.register(Resource.self, lifetime: .singleton) { _ in Resource("parent", log) }
        let child = parent.makeChild()
        child.register(Resource.self, lifetime: .singleton) { _ in Resource("child", log) }
        _ = try child.resolve(Resource.self)
        _ = try parent.resolve(Resource.self)
        try await parent.shutdown()
        #expect(log.all == ["child", "parent"])
    }
}
