#if Tracing && Metrics && Hummingbird
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import InMemoryTracing
    import Testing
    import Tracing
    @_spi(Testing) import Wiring
    import WiringHummingbird
    import WiringTracing

    final class Clock: Sendable { init() {} }
    final class Store: Sendable { init(clock: Clock) {} }
    final class Repository: Sendable { init(store: Store) {} }
    struct DiskFull: Error {}

    /// A connection whose teardown can be told to fail.
    final class Connection: Disposable, Sendable {
        let fails: Bool
        init(fails: Bool = false) { self.fails = fails }
        func dispose() throws { if fails { throw DiskFull() } }
    }

    /// A teardown that takes 30 ms.
    final class SlowTeardown: Disposable, Sendable {
        init() {}
        func dispose() { spend(.milliseconds(30)) }
    }

    /// Blocks the thread: a build that takes time, on purpose.
    func spend(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end { usleep(1000) }
    }

    /// A three-level graph: `Repository → Store → Clock`, `Store` a singleton.
    func threeLevels() -> Container {
        let container = Container()
        container.autowire(Clock.self, Clock.init)
        container.autowire(Store.self, lifetime: .singleton, Store.init(clock:))
        container.autowire(Repository.self, Repository.init(store:))
        return container
    }

    /// A container with a quick `Clock` and a `Store` whose build takes 30 ms, both transient.
    func slowStore() -> Container {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        container.register(Store.self) { r in
            spend(.milliseconds(30))
            return Store(clock: try r.resolve())
        }
        return container
    }

    extension InMemoryTracer {
        /// The finished span named `name`; fails the test if there is not exactly one.
        func span(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> FinishedInMemorySpan {
            let found = finishedSpans.filter { $0.operationName == name }
            try #require(
                found.count == 1, "\(found.count) spans named \(name) in \(finishedSpans.map(\.operationName))",
                sourceLocation: sourceLocation)
            return found[0]
        }
    }

    @Suite("Spans")
    struct SpanTests {
        @Test("a three-level build is a tree of spans under the caller's span, with its attributes")
        func threeLevelTree() throws {
            let tracer = InMemoryTracer()
            let container = threeLevels()
            container.traceSpans(tracer: tracer)
            try tracer.withSpan("GET /repository") { _ in _ = try container.resolve(Repository.self) }

            let caller = try tracer.span("GET /repository")
            let repository = try tracer.span("wiring.build Repository")
            let store = try tracer.span("wiring.build Store")
            let clock = try tracer.span("wiring.build Clock")
            #expect(repository.parentSpanID == caller.spanID)
            #expect(store.parentSpanID == repository.spanID)
            #expect(clock.parentSpanID == store.spanID)
            #expect(store.attributes["wiring.type"]?.toSpanAttribute() == "Store")
            #expect(store.attributes["wiring.lifetime"]?.toSpanAttribute() == "singleton")
            #expect(clock.attributes["wiring.path"]?.toSpanAttribute() == "Repository → Store → Clock")
            #expect(clock.attributes["wiring.depth"]?.toSpanAttribute() == 2)
            #expect(clock.attributes["wiring.cache_hit"]?.toSpanAttribute() == false)
            #expect(store.status == nil)

            // Built: a second resolve reads the singleton from its cache, which is not a span.
            tracer.clearFinishedSpans()
            _ = try container.resolve(Store.self)
            #expect(tracer.finishedSpans.isEmpty)
        }

        @Test("a failed build records its error, with an error status carrying the resolve's message")
        func failedBuild() throws {
            let tracer = InMemoryTracer()
            let container = Container()
            container.register(Store.self) { _ in throw DiskFull() }
            container.autowire(Repository.self, Repository.init(store:))
            container.traceSpans(tracer: tracer)
            #expect(throws: WiringError.self) { try container.resolve(Repository.self) }

            let store = try tracer.span("wiring.build Store")
            let repository = try tracer.span("wiring.build Repository")
            #expect(store.errors.count == 1)
            #expect(store.status?.code == .error)
            let message = try #require(store.status?.message)
            #expect(message.contains("Store"))
            #expect(message.contains("DiskFull"))
            #expect(message.contains("To fix:"))
            #expect(repository.status?.code == .error)
            #expect(repository.status?.message?.contains("Repository → Store") == true)
        }

        @Test("a minimum duration keeps the builds that lasted it, nested, with their own times")
        func minimumDurationKeepsSlowBuilds() throws {
            let tracer = InMemoryTracer()
            let container = slowStore()
            container.register(Repository.self) { r in
                let store: Store = try r.resolve()
                spend(.milliseconds(30))
                return Repository(store: store)
            }
            container.traceSpans(SpanOptions(minimumDuration: .milliseconds(20)), tracer: tracer)
            try tracer.withSpan("request") { _ in _ = try container.resolve(Repository.self) }

            let request = try tracer.span("request")
            let repository = try tracer.span("wiring.build Repository")
            let store = try tracer.span("wiring.build Store")
            #expect(repository.parentSpanID == request.spanID)
            #expect(store.parentSpanID == repository.spanID)
            #expect(store.attributes["wiring.path"]?.toSpanAttribute() == "Repository → Store")
            // The spans keep the builds' own times.
            let repositoryStart = repository.startInstant.nanosecondsSinceEpoch
            let storeStart = store.startInstant.nanosecondsSinceEpoch
            #expect(repositoryStart <= storeStart)
            // Every build span kept lasted the minimum. `Clock` takes no time of its own, but a busy
            // machine may stall it past 20 ms: then it is kept, as it should be, under `Store`.
            for span in tracer.finishedSpans where span.operationName.hasPrefix("wiring.build") {
                let lasted = span.endInstant.nanosecondsSinceEpoch - span.startInstant.nanosecondsSinceEpoch
                #expect(lasted >= 20_000_000, "\(span.operationName) lasted \(lasted) ns")
            }
            if let clock = tracer.finishedSpans.first(where: { $0.operationName == "wiring.build Clock" }) {
                #expect(clock.parentSpanID == store.spanID)
            }
            #expect(tracer.activeSpans.isEmpty)
        }

        @Test("a minimum duration that no build lasts records no span, and leaves none open")
        func minimumDurationDropsQuickBuilds() throws {
            let tracer = InMemoryTracer()
            let container = threeLevels()
            // An hour: no build of this test lasts it, however busy the machine.
            container.traceSpans(SpanOptions(minimumDuration: .seconds(3600)), tracer: tracer)
            try tracer.withSpan("request") { _ in _ = try container.resolve(Repository.self) }
            #expect(tracer.finishedSpans.map(\.operationName) == ["request"])
            _ = try container.resolve(Repository.self)
            #expect(tracer.finishedSpans.map(\.operationName) == ["request"])
            #expect(tracer.activeSpans.isEmpty)
        }

        @Test("a minimum duration keeps a slow synchronous build inside the async build that needed it")
        func minimumDurationSyncInsideAsync() async throws {
            let tracer = InMemoryTracer()
            let container = slowStore()
            container.register(Repository.self) { r async throws in
                let store: Store = try r.resolve()
                return Repository(store: store)
            }
            container.traceSpans(SpanOptions(minimumDuration: .milliseconds(20)), tracer: tracer)
            _ = try await container.resolveAsync(Repository.self)

            let repository = try tracer.span("wiring.build Repository")
            let store = try tracer.span("wiring.build Store")
            #expect(store.parentSpanID == repository.spanID)
            #expect(tracer.activeSpans.isEmpty)
        }

        @Test("a minimum duration: a slow build that fails keeps its error and its slow child; quick siblings leave nothing")
        func minimumDurationFailureAndSiblings() throws {
            let tracer = InMemoryTracer()
            let container = slowStore()
            container.register(Repository.self) { r in
                _ = try r.resolve(Clock.self)  // quick: dropped
                _ = try r.resolve(Store.self)  // slow: kept
                _ = try r.resolve(Clock.self)  // quick: dropped
                throw DiskFull()
            }
            container.traceSpans(SpanOptions(minimumDuration: .milliseconds(20)), tracer: tracer)
            #expect(throws: WiringError.self) { try container.resolve(Repository.self) }

            let repository = try tracer.span("wiring.build Repository")
            let store = try tracer.span("wiring.build Store")
            #expect(repository.status?.code == .error)
            #expect(store.parentSpanID == repository.spanID)
            let stores = tracer.finishedSpans.filter { $0.operationName == "wiring.build Store" }
            #expect(stores.count == 1)

            // The next root on this thread starts clean: its span has no stale children.
            tracer.clearFinishedSpans()
            _ = try container.resolve(Store.self)
            #expect(tracer.finishedSpans.map(\.operationName).filter { $0 != "wiring.build Clock" } == ["wiring.build Store"])
            #expect(try tracer.span("wiring.build Store").parentSpanID == nil)
        }

        @Test("roots only, and every resolve: the options choose which resolves are spans")
        func coverageOptions() throws {
            let tracer = InMemoryTracer()
            let container = threeLevels()
            container.traceSpans(SpanOptions(rootsOnly: true), tracer: tracer)
            _ = try container.resolve(Repository.self)
            #expect(tracer.finishedSpans.map(\.operationName) == ["wiring.build Repository"])

            tracer.clearFinishedSpans()
            container.traceSpans(SpanOptions(coverage: .everyResolve), tracer: tracer)
            _ = try container.resolve(Repository.self)
            let hit = try tracer.span("wiring.resolve Store")
            #expect(hit.attributes["wiring.cache_hit"]?.toSpanAttribute() == true)
            #expect(hit.parentSpanID == (try tracer.span("wiring.build Repository")).spanID)

            tracer.clearFinishedSpans()
            container.stopTracingSpans()
            _ = try container.resolve(Repository.self)
            #expect(tracer.finishedSpans.isEmpty)
        }

        @Test("an async single-flight build's span counts the resolves that waited for it")
        func singleFlightWaiters() async throws {
            let tracer = InMemoryTracer()
            let container = Container()
            let started = AsyncStream<Void>.makeStream()
            let release = AsyncStream<Void>.makeStream()
            container.register(Store.self, lifetime: .singleton) { _ async throws in
                started.continuation.yield()
                for await _ in release.stream { break }
                return Store(clock: Clock())
            }
            container.traceSpans(tracer: tracer)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await container.resolveAsync(Store.self) }
                for await _ in started.stream { break }
                for _ in 0..<3 { group.addTask { _ = try await container.resolveAsync(Store.self) } }
                // Let the construction finish only once the three have joined it: the engine counts
                // the resolves waiting for it, the one that started it included.
                while container.singleFlightCallers(Store.self) < 4 { await Task.yield() }
                release.continuation.yield()
                try await group.waitForAll()
            }
            let store = try tracer.span("wiring.build Store")
            #expect(store.attributes["wiring.single_flight.waiters"]?.toSpanAttribute() == 3)
        }

        @Test("a scope is a span; its close, with a span per disposal, nests in it")
        func scopeAndDisposals() async throws {
            let tracer = InMemoryTracer()
            let container = Container()
            container.register(Connection.self, lifetime: .scoped("request")) { _ in Connection() }
            container.register(Connection.self, tag: "failing", lifetime: .scoped("request")) { _ in Connection(fails: true) }
            container.traceSpans(tracer: tracer)
            try await tracer.withSpan("GET /todos") { _ in
                let scope = container.makeScope("request")
                _ = try scope.resolve(Connection.self)
                _ = try scope.resolve(Connection.self, tag: "failing")
                await #expect(throws: DisposalError.self) { try await scope.close() }
            }
            let request = try tracer.span("GET /todos")
            let scope = try tracer.span("wiring.scope request")
            #expect(scope.parentSpanID == request.spanID)
            #expect(scope.status?.code == .error)
            #expect(scope.attributes["wiring.scope.disposal_failures"]?.toSpanAttribute() == 1)
            let disposals = tracer.finishedSpans.filter { $0.operationName == "wiring.dispose Connection" }
            #expect(disposals.count == 2)
            #expect(disposals.allSatisfy { $0.parentSpanID == scope.spanID })
            #expect(disposals.filter { $0.status?.code == .error }.count == 1)
            let builds = tracer.finishedSpans.filter { $0.operationName == "wiring.build Connection" }
            #expect(builds.allSatisfy { $0.parentSpanID == request.spanID })
        }

        @Test("a minimum duration drops a quick scope, its close and its quick disposals: no span at all")
        func minimumDurationDropsQuickScopes() async throws {
            let tracer = InMemoryTracer()
            let container = Container()
            container.register(Connection.self, lifetime: .scoped("request")) { _ in Connection() }
            container.traceSpans(SpanOptions(minimumDuration: .seconds(3600)), tracer: tracer)
            let scope = container.makeScope("request")
            _ = try scope.resolve(Connection.self)
            try scope.syncClose()
            let asyncScope = container.makeScope("request")
            _ = try asyncScope.resolve(Connection.self)
            try await asyncScope.close()
            #expect(tracer.finishedSpans.isEmpty)
            #expect(tracer.activeSpans.isEmpty)
        }

        @Test("a scope that lasted the minimum has its span from its opening, with its close and slow disposals inside")
        func minimumDurationKeepsLongScopes() async throws {
            let tracer = InMemoryTracer()
            let container = Container()
            container.register(Connection.self, lifetime: .scoped("request")) { _ in Connection() }
            container.register(SlowTeardown.self, lifetime: .scoped("request")) { _ in SlowTeardown() }
            container.traceSpans(SpanOptions(minimumDuration: .milliseconds(20)), tracer: tracer)
            try await tracer.withSpan("GET /todos") { _ in
                let scope = container.makeScope("request")
                _ = try scope.resolve(Connection.self)
                _ = try scope.resolve(SlowTeardown.self)
                spend(.milliseconds(30))
                try await scope.close()
            }
            let request = try tracer.span("GET /todos")
            let scope = try tracer.span("wiring.scope request")
            #expect(scope.parentSpanID == request.spanID)
            #expect(scope.startInstant.nanosecondsSinceEpoch >= request.startInstant.nanosecondsSinceEpoch)
            let lasted = scope.endInstant.nanosecondsSinceEpoch - scope.startInstant.nanosecondsSinceEpoch
            #expect(lasted >= 50_000_000, "the scope's span starts at its opening: \(lasted) ns")
            let slow = try tracer.span("wiring.dispose SlowTeardown")
            #expect(slow.parentSpanID == scope.spanID)
            // The quick teardown is dropped, as a quick build is.
            #expect(!tracer.finishedSpans.contains { $0.operationName == "wiring.dispose Connection" })
        }

        @Test("a minimum duration keeps the span of a scope released without its close, with an error status")
        func minimumDurationKeepsAbandonedScopes() throws {
            let tracer = InMemoryTracer()
            let container = Container()
            container.traceSpans(SpanOptions(minimumDuration: .seconds(3600)), tracer: tracer)
            do { _ = container.makeScope("job") }
            let scope = try tracer.span("wiring.scope job")
            #expect(scope.status?.code == .error)
        }

        @Test("a request scope's span nests under the request's span, through a live Hummingbird server")
        func hummingbirdRequestSpan() async throws {
            let tracer = InMemoryTracer()
            try await withTracer(tracer) {
                let container = Container()
                container.register(Connection.self, lifetime: .scoped("request")) { _ in Connection() }
                container.traceSpans()  // captures the task-local tracer
                let router = Router(context: BasicWiringRequestContext.self)
                router.add(middleware: TracingMiddleware())
                router.add(middleware: try RequestScopeMiddleware(container: container, roots: [Connection.self]))
                router.get("/connection") { _, context -> String in
                    _ = try context.resolve(Connection.self)
                    return "ok"
                }
                try await Application(router: router).test(.live) { client in
                    try await client.execute(uri: "/connection", method: .get) { response in
                        #expect(response.status == .ok)
                    }
                }
            }
            // The request's span ends after its body is written: wait for it.
            let deadline = ContinuousClock.now + .seconds(5)
            while !tracer.finishedSpans.contains(where: { $0.operationName == "/connection" }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            let request = try tracer.span("/connection")
            let scope = try tracer.span("wiring.scope request")
            let build = try tracer.span("wiring.build Connection")
            let disposal = try tracer.span("wiring.dispose Connection")
            #expect(scope.parentSpanID == request.spanID)
            #expect(build.parentSpanID == request.spanID)
            #expect(disposal.parentSpanID == scope.spanID)
            #expect(scope.traceID == request.traceID)
        }
    }
#endif
