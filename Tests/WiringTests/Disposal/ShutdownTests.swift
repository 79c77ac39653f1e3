import Foundation
import Testing
import Wiring

@Suite("Shutdown and scope close", .timeLimit(.minutes(10)))
struct ShutdownTests {
    @Test("after shutdown returns, the container holds no instance, disposable or not")
    func shutdownReleasesSingletons() async throws {
        let counter = LifeCounter()
        let plain = LifeCounter()
        let container = Container()
        container.register(CountedResource.self, lifetime: .singleton) { _ in CountedResource(counter) }
        container.register(ResolvesOnDeinit.self, lifetime: .singleton) { [unowned container] _ in
            ResolvesOnDeinit(container: container, counter: plain)
        }
        container.register(Bystander.self) { _ in Bystander() }
        _ = try container.resolve(CountedResource.self)
        _ = try container.resolve(ResolvesOnDeinit.self)
        try await container.shutdown()
        #expect(counter.disposals == 1)
        #expect(counter.live == 0)
        #expect(plain.live == 0)
        container.reset()
        container.removeAll()
        #expect(counter.disposals == 1)
    }

    @Test("shutdown waits for a build in flight; that resolve throws shutDown and its instance is disposed")
    func shutdownWaitsForBuild() async throws {
        let counter = LifeCounter()
        let entered = Latch()
        let proceed = Latch()
        let container = Container()
        container.register(CountedResource.self, lifetime: .singleton) { _ in
            entered.release()
            proceed.wait()
            return CountedResource(counter)
        }
        // A tracked build of its own each time: it fails once the shutdown has stopped builds.
        container.register(Bystander.self) { _ in Bystander() }.trackingTransients()
        let outcome = Lock<Result<CountedResource, WiringError>?>(nil)
        let resolved = Gate()
        let thread = Thread {
            let result = Result { () throws(WiringError) in try container.resolve(CountedResource.self) }
            outcome.withLock { $0 = result }
            resolved.release()
        }
        thread.start()
        await entered.waitAsync()
        let shutdown = Task { try await container.shutdown() }
        // The shutdown has begun once new builds fail; then the build in flight may finish.
        while (try? container.resolve(Bystander.self)) != nil { await Task.yield() }
        proceed.release()
        try await shutdown.value
        #expect(counter.disposals == 1, "shutdown disposes the instance the late build made")
        await resolved.wait()
        guard case .failure(let error) = outcome.withLock({ $0 }) else {
            Issue.record("a build that finished after shutdown began handed out its instance")
            return
        }
        #expect(error.code == .shutDown)
        #expect(counter.live == 0)
    }

    @Test("scope close waits for a scoped build in flight; that resolve throws shutDown and its instance is disposed")
    func closeWaitsForBuild() async throws {
        let counter = LifeCounter()
        let entered = Latch()
        let proceed = Latch()
        let container = Container()
        container.register(CountedResource.self, lifetime: .scoped) { _ in
            entered.release()
            proceed.wait()
            return CountedResource(counter)
        }
        container.register(Bystander.self) { _ in Bystander() }
        let scope = container.makeScope()
        let outcome = Lock<Result<CountedResource, WiringError>?>(nil)
        let resolved = Gate()
        let thread = Thread {
            let result = Result { () throws(WiringError) in try scope.resolve(CountedResource.self) }
            outcome.withLock { $0 = result }
            resolved.release()
        }
        thread.start()
        await entered.waitAsync()
        let close = Task { try await scope.close() }
        // The close has begun once the scope reads as closed; then the build in flight may finish.
        while (try? scope.resolve(Bystander.self)) != nil { await Task.yield() }
        proceed.release()
        try await close.value
        #expect(counter.disposals == 1)
        await resolved.wait()
        guard case .failure(let error) = outcome.withLock({ $0 }) else {
            Issue.record("a build that finished after close began handed out its instance")
            return
        }
        #expect(error.code == .shutDown)
        #expect(counter.live == 0)
    }

    @Test("an async factory that shuts down its own container does not wait for itself")
    func asyncFactoryShutsDownOwnContainer() async throws {
        let counter = LifeCounter()
        let container = Container()
        container.register(CountedResource.self, lifetime: .singleton) { [unowned container] _ async throws in
            try await container.shutdown()
            return CountedResource(counter)
        }
        let error = await #expect(throws: WiringError.self) { try await container.resolveAsync(CountedResource.self) }
        #expect(error?.code == .shutDown)
        #expect(counter.disposals == 1)
        #expect(counter.live == 0)
    }

    @Test("a resolve through a closed scope throws shutDown, for scoped and unscoped registrations")
    func closedScopeSaysShutDown() async throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        container.register(Bystander.self) { _ in Bystander() }
        let scope = container.makeScope()
        try await scope.close()
        #expect(throws: WiringError.self) { try scope.resolve(Tracked.self) }
        #expect((try? scope.resolve(Tracked.self)) == nil)
        do {
            _ = try scope.resolve(Tracked.self)
        } catch {
            #expect(error.code == .shutDown)
        }
        do {
            _ = try scope.resolve(Bystander.self)
        } catch {
            #expect(error.code == .shutDown)
        }
    }
}

/// Registered nowhere.
private final class RegisteredNowhere: Sendable {}

@Suite("A closed scope answers as a shut-down container does")
struct ClosedScopeAnswersTests {
    static func container() -> Container {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        container.register(Bystander.self) { _ in Bystander() }
        return container
    }

    @Test("isRegistered, resolveIfRegistered and an optional resolve through a closed scope")
    func closedScope() throws {
        let scope = Self.container().makeScope()
        try scope.syncClose()
        #expect(scope.isRegistered(Tracked.self))
        #expect(scope.isRegistered(Bystander.self))
        let ifRegistered = #expect(throws: WiringError.self) { try scope.resolveIfRegistered(Tracked.self) }
        #expect(ifRegistered?.code == .shutDown)
        let optional = #expect(throws: WiringError.self) { try scope.resolve(Bystander?.self) }
        #expect(optional?.code == .shutDown)
        #expect(!scope.isRegistered(RegisteredNowhere.self))
        #expect(try scope.resolveIfRegistered(RegisteredNowhere.self) == nil)
    }

    @Test("the same answers from a shut-down container")
    func shutDownContainer() throws {
        let container = Self.container()
        try container.syncShutdown()
        #expect(container.isRegistered(Bystander.self))
        let ifRegistered = #expect(throws: WiringError.self) { try container.resolveIfRegistered(Bystander.self) }
        #expect(ifRegistered?.code == .shutDown)
        #expect(try container.resolveIfRegistered(RegisteredNowhere.self) == nil)
    }
}

@Suite("Disposal when a cached instance is dropped", .timeLimit(.minutes(10)))
struct DisposeOnReleaseTests {
    @Test(
        "reset, re-registration and removal dispose the old instance once and release it",
        arguments: ["reset", "register", "remove", "removeAll", "scope reset"]
    )
    func droppedInstanceIsDisposed(change: String) async throws {
        let counter = LifeCounter()
        let container = Container()
        let lifetime: Lifetime = change == "scope reset" ? .scoped : .singleton
        container.register(CountedResource.self, lifetime: lifetime) { _ in CountedResource(counter) }
        let scope = container.makeScope()
        for _ in 0..<100 {
            _ = try scope.resolve(CountedResource.self)
            switch change {
            case "reset": container.reset()
            case "register":
                container.register(CountedResource.self, lifetime: lifetime) { _ in CountedResource(counter) }
            case "remove":
                container.remove(CountedResource.self)
                container.register(CountedResource.self, lifetime: lifetime) { _ in CountedResource(counter) }
            case "removeAll":
                container.removeAll()
                container.register(CountedResource.self, lifetime: lifetime) { _ in CountedResource(counter) }
            default: scope.reset()
            }
            #expect(counter.live == 0)
        }
        #expect(counter.disposals == 100)
        try await container.shutdown()
        try await scope.close()
        #expect(counter.disposals == 100)
    }

    @Test("an async teardown of a reset instance runs before the next shutdown returns, and its error is reported there")
    func asyncTeardownOnReset() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Resource.self, lifetime: .singleton) { _ in Resource("failing-x", log) }
            .onDispose { resource in
                try await Task.sleep(for: .milliseconds(5))
                try resource.dispose()
            }
        _ = try container.resolve(Resource.self)
        container.reset()
        let error = await #expect(throws: DisposalError.self) { try await container.shutdown() }
        #expect(log.all == ["failing-x"])
        #expect(error?.failures.count == 1)
    }

    @Test("tracked transients are disposed and released when their scope closes")
    func trackedTransientsEndWithScope() async throws {
        let counter = LifeCounter()
        let container = Container()
        container.register(CountedResource.self) { _ in CountedResource(counter) }.trackingTransients()
        let scope = container.makeScope()
        for _ in 0..<1_000 { _ = try scope.resolve(CountedResource.self) }
        #expect(counter.live == 1_000, "held until the scope ends, as documented")
        try await scope.close()
        #expect(counter.disposals == 1_000)
        #expect(counter.live == 0)
    }
}
