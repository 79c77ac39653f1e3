import Testing
@_spi(Testing) import Wiring

/// A pool that connects asynchronously.
final class AsyncPool: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// Waits, yielding, until `count` resolves have joined the construction of `type` in flight.
func joined<T>(_ count: Int, _ type: T.Type, in container: Container) async {
    while container.singleFlightCallers(T.self) < count { await Task.yield() }
}

@Suite("Async factories")
struct AsyncFactoryTests {
    @Test("an async singleton is single-flight: 16 concurrent awaiters share one construction")
    func singleFlight() async throws {
        let built = Counter()
        let gate = Gate()
        let container = Container()
        container.register(AsyncPool.self, lifetime: .singleton) { _ async throws in
            built.increment()
            await gate.wait()
            return AsyncPool(id: built.count)
        }
        let pools = try await withThrowingTaskGroup(of: AsyncPool.self) { group in
            for _ in 0..<16 { group.addTask { try await container.resolveAsync(AsyncPool.self) } }
            await joined(16, AsyncPool.self, in: container)
            gate.release()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(built.count == 1)
        #expect(pools.allSatisfy { $0 === pools[0] })
        // Built: the synchronous resolve reads it too.
        #expect(try container.resolve(AsyncPool.self) === pools[0])
    }

    @Test("a failed construction reaches every awaiter, and the next resolve retries")
    func failureThenRetry() async throws {
        let attempts = Counter()
        let gate = Gate()
        let container = Container()
        container.register(AsyncPool.self, lifetime: .singleton) { _ async throws in
            attempts.increment()
            if attempts.count == 1 {
                await gate.wait()
                throw SampleError(reason: "connection refused")
            }
            return AsyncPool(id: attempts.count)
        }
        let failures = await withTaskGroup(of: WiringError?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do throws(WiringError) {
                        _ = try await container.resolveAsync(AsyncPool.self)
                        return nil
                    } catch { return error }
                }
            }
            await joined(8, AsyncPool.self, in: container)
            gate.release()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(failures.allSatisfy { $0?.code == .factoryFailed })
        #expect(failures.first??.description.contains("connection refused") == true)
        #expect(attempts.count == 1)
        #expect(try await container.resolveAsync(AsyncPool.self).id == 2)
    }

    @Test("cancelling one awaiter does not cancel the construction the others wait for")
    func cancellation() async throws {
        let gate = Gate()
        let started = Gate()
        let sawCancellation = Counter()
        let container = Container()
        container.register(AsyncPool.self, lifetime: .singleton) { _ async throws in
            started.release()
            await gate.wait()
            if Task.isCancelled { sawCancellation.increment() }
            return AsyncPool(id: 1)
        }
        // The first resolve starts the construction; the second joins it; then the first is cancelled.
        let first = Task { try await container.resolveAsync(AsyncPool.self) }
        await started.wait()
        let second = Task { try await container.resolveAsync(AsyncPool.self) }
        await joined(2, AsyncPool.self, in: container)
        first.cancel()
        gate.release()
        let pool = try await second.value
        #expect(pool.id == 1)
        #expect(sawCancellation.count == 0)
    }

    @Test("a synchronous resolve before the async singleton is built throws asyncRequired, never blocks")
    func syncResolveFails() throws {
        let container = Container()
        container.register(AsyncPool.self, lifetime: .singleton) { _ async throws in AsyncPool(id: 1) }
        let error = #expect(throws: WiringError.self) { try container.resolve(AsyncPool.self) }
        #expect(error?.code == .asyncRequired)
        #expect(
            error?.description.hasPrefix(
                "Wiring: AsyncPool has an async factory, and it was resolved synchronously before it was built.") == true)
        #expect(error?.description.contains("try await container.resolveAsync(AsyncPool.self)") == true)
    }

    @Test("async factories build graphs that mix sync and async registrations")
    func mixedGraph() async throws {
        let container = Container()
        container.register(Config.self) { _ in Config(environment: "prod") }
        container.register(AsyncPool.self, lifetime: .singleton) { r async throws in
            AsyncPool(id: try r.resolve(Config.self).environment.count)
        }
        container.register(UserService.self) { r async throws in
            _ = try await r.resolveAsync(AsyncPool.self)
            return UserService(database: SQLDatabase(), logger: ConsoleLogger())
        }
        // A synchronous factory cannot wait for the async pool: it gets the clear error.
        container.register(Tracked.self) { r in Tracked(id: try r.resolve(AsyncPool.self).id) }
        #expect(try await container.resolveAsync(UserService.self).database.name == "main")
        #expect(try await container.resolveAsync(AsyncPool.self).id == 4)
        #expect(try await container.resolveAsync(Tracked.self).id == 4)  // the pool is built now
        let fresh = Container()
        fresh.register(AsyncPool.self, lifetime: .singleton) { _ async throws in AsyncPool(id: 1) }
        fresh.register(Tracked.self) { r in Tracked(id: try r.resolve(AsyncPool.self).id) }
        let error = await #expect(throws: WiringError.self) { try await fresh.resolveAsync(Tracked.self) }
        #expect(error?.code == .asyncRequired)
        #expect(error?.path == ["Tracked", "AsyncPool"])
    }

    @Test("an actor-isolated async factory runs on its actor")
    func isolatedFactory() async throws {
        let container = Container()
        container.register(AsyncPool.self) { @MainActor _ async throws in
            MainActor.assertIsolated()
            return AsyncPool(id: 7)
        }
        let pool = try await Task.detached { try await container.resolveAsync(AsyncPool.self) }.value
        #expect(pool.id == 7)
    }

    @Test("a loop between async factories throws instead of waiting for ever")
    func asyncCycle() async {
        let container = Container()
        container.register(CycleA.self, lifetime: .singleton) { r async throws in CycleA(b: try await r.resolveAsync()) }
        container.register(CycleB.self, lifetime: .singleton) { r async throws in CycleB(a: try await r.resolveAsync()) }
        let error = await #expect(throws: WiringError.self) { try await container.resolveAsync(CycleA.self) }
        #expect(error?.code == .cycle)
        #expect(error?.path == ["CycleA", "CycleB", "CycleA"])
    }

    @Test(
        "a loop between two async singletons started from two tasks throws in one of them instead of deadlocking",
        .timeLimit(.minutes(10))
    )
    func crossTaskCycle() async {
        let bothStarted = Gate()
        let started = Counter()
        let container = Container()
        container.register(CycleA.self, lifetime: .singleton) { r async throws in
            started.increment()
            if started.count >= 2 { bothStarted.release() }
            await bothStarted.wait()
            return CycleA(b: try await r.resolveAsync())
        }
        container.register(CycleB.self, lifetime: .singleton) { r async throws in
            started.increment()
            if started.count >= 2 { bothStarted.release() }
            await bothStarted.wait()
            return CycleB(a: try await r.resolveAsync())
        }
        async let a: Result<CycleA, WiringError> = { () async -> Result<CycleA, WiringError> in
            do throws(WiringError) {
                return .success(try await container.resolveAsync(CycleA.self))
            } catch { return .failure(error) }
        }()
        async let b: Result<CycleB, WiringError> = { () async -> Result<CycleB, WiringError> in
            do throws(WiringError) {
                return .success(try await container.resolveAsync(CycleB.self))
            } catch { return .failure(error) }
        }()
        let results = await [(try? a.get()) == nil, (try? b.get()) == nil]
        #expect(results == [true, true])
        if case .failure(let error) = await a { #expect(error.code == .cycle || error.code == .factoryFailed) }
    }

    @Test("async scoped registrations build one instance per scope")
    func scoped() async throws {
        let container = Container()
        let built = Counter()
        container.register(AsyncPool.self, lifetime: .scoped) { _ async throws in
            built.increment()
            return AsyncPool(id: built.count)
        }
        let first = container.makeScope()
        let second = container.makeScope()
        #expect(try await first.resolveAsync(AsyncPool.self) === first.resolveAsync(AsyncPool.self))
        #expect(try await second.resolveAsync(AsyncPool.self).id == 2)
    }

    @Test("startAsync builds async eager singletons; start() reports that it cannot")
    func eagerAsync() async throws {
        let built = Counter()
        let container = Container()
        container.register(AsyncPool.self, lifetime: .eagerSingleton) { _ async throws in
            built.increment()
            return AsyncPool(id: 1)
        }
        #expect(throws: WiringError.self) { try container.start() }
        try await container.startAsync()
        #expect(built.count == 1)
        #expect(try container.resolve(AsyncPool.self).id == 1)
    }
}
