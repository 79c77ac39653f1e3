import Testing
@_spi(Testing) import Wiring

/// An instrument that writes down what it sees, as lines: `begin VRepo`, `end VRepo`, `hit
/// VStore`, `scope request`, `dispose CountedResource`, `close request [1 failed]`…
final class RecordingInstrument: ContainerInstrument {
    let log = Lock<[String]>([])
    let tracked = AtomicCell<Int>(0)
    let hits: Bool

    init(hits: Bool = false) { self.hits = hits }

    var lines: [String] { log.withLock { $0 } }
    private func write(_ line: String) { log.withLock { $0.append(line) } }

    var observesCacheHits: Bool { hits }

    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
        write("begin \(build.registration) depth \(build.depth) path \(build.path.joined(separator: " → "))")
        do {
            try body()
            write("end \(build.registration)")
        } catch {
            write("fail \(build.registration): \(build.failureMessage(for: error))")
            throw error
        }
    }

    func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws {
        write("begin async \(build.registration)")
        try await body()
        write("end async \(build.registration) waiters \(build.singleFlightWaiters)")
    }

    func resolvedFromCache(_ resolve: BuildInfo) { write("hit \(resolve.registration)") }
    func refused(_ error: WiringError) { write("refused \(error.code)") }
    func trackedInstancesChanged(by delta: Int) { tracked.add(delta, ordering: .relaxed) }

    func disposed(_ disposal: DisposalInfo) {
        write("dispose \(disposal.registration)\(disposal.error == nil ? "" : " failed")")
    }

    func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? {
        write("open \(scope.name?.rawValue ?? "unnamed")\(scope.isNested ? " nested" : "")")
        return ScopeRecorder(name: scope.name?.rawValue ?? "unnamed", log: log)
    }

    struct ScopeRecorder: ScopeInstrument {
        let name: String
        let log: Lock<[String]>
        func close(_ body: () -> [DisposalError.Failure]) {
            log.withLock { $0.append("closing \(name)") }
            let failures = body()
            log.withLock { $0.append("closed \(name) [\(failures.count) failed]") }
        }
        func closeAsync(_ body: ScopeCloseBody) async {
            log.withLock { $0.append("closing async \(name)") }
            let failures = await body()
            log.withLock { $0.append("closed async \(name) [\(failures.count) failed]") }
        }
        func abandoned() { log.withLock { $0.append("abandoned \(name)") } }
    }
}

/// A teardown that fails.
final class FailingTeardown: Disposable, Sendable {
    func dispose() throws { throw SampleError(reason: "socket already closed") }
}

@Suite("Instruments")
struct InstrumentTests {
    @Test("an instrument wraps each build, nested builds inside the build that needed them")
    func nestedBuilds() throws {
        let container = Container()
        container.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
        container.autowire(VClock.self, VClock.init)
        container.autowire(VRepo.self, VRepo.init(store:))
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)
        _ = try container.resolve(VRepo.self)
        _ = try container.resolve(VStore.self)
        #expect(
            instrument.lines == [
                "begin VRepo depth 0 path VRepo",
                "begin VStore depth 1 path VRepo → VStore",
                "begin VClock depth 2 path VRepo → VStore → VClock",
                "end VClock", "end VStore", "end VRepo",
            ])
    }

    @Test("cache hits are reported only to an instrument that asks for them")
    func cacheHits() throws {
        let container = Container()
        container.register(Config.self, lifetime: .singleton) { _ in Config() }
        let quiet = RecordingInstrument()
        container.addInstrument(quiet)
        _ = try container.resolve(Config.self)
        _ = try container.resolve(Config.self)
        #expect(quiet.lines == ["begin Config depth 0 path Config", "end Config"])

        let listening = RecordingInstrument(hits: true)
        container.addInstrument(listening)  // same type: replaces `quiet`
        _ = try container.resolve(Config.self)
        #expect(listening.lines == ["hit Config"])
        #expect(quiet.lines.count == 2)
    }

    @Test("a failed build shows the three-part message, and a cycle is refused once")
    func failuresAndCycles() {
        let container = Container()
        container.register(Config.self) { _ in throw SampleError(reason: "disk full") }
        container.register(VStore.self) { r in
            _ = try r.resolve(VRepo.self) as VRepo; return VStore(clock: VClock())
        }
        container.register(VRepo.self) { r in VRepo(store: try r.resolve()) }
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)
        _ = try? container.resolve(Config.self)
        let failure = instrument.lines.last ?? ""
        #expect(failure.hasPrefix("fail Config: "))
        #expect(failure.contains("disk full") && failure.contains("To fix:"))

        _ = try? container.resolve(VRepo.self)
        let cycle = Array(instrument.lines.dropFirst(2))
        #expect(cycle.filter { $0.hasPrefix("refused") } == ["refused cycle"])
        #expect(cycle.filter { $0.hasPrefix("fail") }.count == 2)
    }

    @Test("a scope's close wraps its disposals, and counts the teardowns that failed")
    func scopeCloseAndDisposals() async throws {
        let counter = LifeCounter()
        let container = Container()
        container.register(CountedResource.self, lifetime: .scoped) { _ in CountedResource(counter) }
        container.register(FailingTeardown.self, lifetime: .scoped) { _ in FailingTeardown() }
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)

        let request = container.makeScope("request")
        _ = try request.resolve(CountedResource.self)
        _ = try request.resolve(FailingTeardown.self)
        #expect(instrument.tracked.load(ordering: .relaxed) == 2)
        await #expect(throws: DisposalError.self) { try await request.close() }
        #expect(
            instrument.lines.filter { !$0.hasPrefix("begin") && !$0.hasPrefix("end") } == [
                "open request",
                "closing async request",
                "dispose FailingTeardown failed",
                "dispose CountedResource",
                "closed async request [1 failed]",
            ])
        #expect(instrument.tracked.load(ordering: .relaxed) == 0)

        let session = container.makeScope("session")
        _ = session.makeScope()
        _ = try session.resolve(CountedResource.self)
        try session.syncClose()
        #expect(
            instrument.lines.suffix(8) == [
                "open session", "open unnamed nested", "abandoned unnamed",
                "begin CountedResource depth 0 path CountedResource", "end CountedResource",
                "closing session", "dispose CountedResource", "closed session [0 failed]",
            ])
        #expect(instrument.tracked.load(ordering: .relaxed) == 0)
    }

    @Test("a scope released without its close is reported abandoned, its instances untracked")
    func abandonedScope() throws {
        let counter = LifeCounter()
        let container = Container()
        container.register(CountedResource.self, lifetime: .scoped) { _ in CountedResource(counter) }
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)
        do {
            let scope = container.makeScope("job")
            _ = try scope.resolve(CountedResource.self)
            #expect(instrument.tracked.load(ordering: .relaxed) == 1)
        }
        #expect(instrument.lines.last == "abandoned job")
        #expect(instrument.tracked.load(ordering: .relaxed) == 0)
        #expect(counter.disposals == 0)
    }

    @Test("the container's shutdown reports the disposal of its singletons")
    func shutdownDisposals() async throws {
        let counter = LifeCounter()
        let container = Container()
        container.register(CountedResource.self, lifetime: .singleton) { _ in CountedResource(counter) }
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)
        _ = try container.resolve(CountedResource.self)
        #expect(instrument.tracked.load(ordering: .relaxed) == 1)
        try await container.shutdown()
        #expect(instrument.lines.last == "dispose CountedResource")
        #expect(instrument.tracked.load(ordering: .relaxed) == 0)
    }

    @Test("an async single-flight build reports the resolves that waited for it")
    func singleFlightWaiters() async throws {
        let gate = Gate()
        let container = Container()
        container.register(AsyncPool.self, lifetime: .singleton) { _ async throws in
            await gate.wait()
            return AsyncPool(id: 1)
        }
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)
        try await withThrowingTaskGroup(of: AsyncPool.self) { group in
            for _ in 0..<4 { group.addTask { try await container.resolveAsync(AsyncPool.self) } }
            await joined(4, AsyncPool.self, in: container)
            gate.release()
            try await group.waitForAll()
        }
        #expect(instrument.lines == ["begin async AsyncPool", "end async AsyncPool waiters 3"])
    }

    @Test("instruments live beside a trace handler, and are removed by type")
    func besideTraceAndRemoved() throws {
        let log = EventLog()
        let container = Container()
        container.register(Config.self) { _ in Config() }
        let instrument = RecordingInstrument()
        container.addInstrument(instrument)
        container.trace(log.record)
        _ = try container.resolve(Config.self)
        container.stopTracing()
        _ = try container.resolve(Config.self)
        container.removeInstrument(RecordingInstrument.self)
        _ = try container.resolve(Config.self)
        #expect(log.all.count == 1)
        #expect(instrument.lines.count == 4)
    }

    @Test("an instrument may resolve, register and add instruments from inside its hooks")
    func reentrantInstrument() throws {
        let container = Container()
        container.register(Config.self) { _ in Config() }
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        container.addInstrument(Reentrant(container: container))
        let scope = container.makeScope("request")
        _ = try scope.resolve(Tracked.self)
        try scope.syncClose()
        #expect(try container.resolve(Bystander.self) !== container.resolve(Bystander.self))
    }

    @Test("a replaced instrument is released outside the engine's lock: its deinit may add one")
    func replacedInstrumentReleasedOutsideLock() {
        let container = Container()
        let counter = LifeCounter()
        container.addInstrument(DeinitAddsInstrument(container: container, counter: counter))
        container.removeInstrument(DeinitAddsInstrument.self)  // would deadlock under the lock
        #expect(counter.released.load(ordering: .relaxed) == 1)
    }

    @Test("an instrument that skips the build stops the program with a message saying so")
    func skippingInstrumentStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Config.self) { _ in Config() }
            container.addInstrument(Skipping())
            _ = try? container.resolve(Config.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("did not call its body exactly once while building Config"))
        #expect(stderr.contains("To fix: call `body` exactly once"))
    }

    @Test("an instrument that runs the build twice stops the program before the second run")
    func repeatingInstrumentStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Config.self) { _ in Config() }
            container.addInstrument(Repeating())
            _ = try? container.resolve(Config.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("did not call its body exactly once while building Config"))
    }

    @Test("an instrument that swallows the factory's error does not make the resolve succeed")
    func instrumentSwallowingTheError() {
        let container = Container()
        container.register(Config.self) { _ in throw DiskFull() }
        container.addInstrument(Swallowing())
        let error = #expect(throws: WiringError.self) { try container.resolve(Config.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.underlyingError is DiskFull)
    }

    @Test("a scope instrument that skips the close stops the program with a message saying so")
    func skippingScopeInstrumentStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.addInstrument(SkippingClose())
            try? container.makeScope("request").syncClose()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("did not call its body exactly once, so the scope's instances were not disposed"))
        #expect(stderr.contains("To fix: call `body` exactly once in every ScopeInstrument.close(_:)"))
    }
}

/// Watches scopes, and closes them without running the close.
struct SkippingClose: ContainerInstrument {
    func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? { Skipper() }
    struct Skipper: ScopeInstrument {
        func close(_ body: () -> [DisposalError.Failure]) {}
        func closeAsync(_ body: ScopeCloseBody) async {}
        func abandoned() {}
    }
}

/// Registers, resolves and adds an instrument from inside every hook.
struct Reentrant: ContainerInstrument {
    let container: Container
    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
        _ = try? container.resolve(Config.self)
        try body()
    }
    func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? {
        container.register(Bystander.self) { _ in Bystander() }
        container.addInstrument(RecordingInstrument())
        return nil
    }
}

/// Adds an instrument to its container when it is released.
final class DeinitAddsInstrument: ContainerInstrument {
    let container: Container
    let counter: LifeCounter
    init(container: Container, counter: LifeCounter) {
        self.container = container
        self.counter = counter
    }
    deinit {
        container.addInstrument(RecordingInstrument())
        counter.released.add(1, ordering: .relaxed)
    }
}

/// Returns without running the build.
struct Skipping: ContainerInstrument {
    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {}
}

/// Runs the build twice.
struct Repeating: ContainerInstrument {
    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
        try body()
        try body()
    }
}

/// Runs the build, and does not rethrow what it throws.
struct Swallowing: ContainerInstrument {
    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
        do { try body() } catch {}
    }
}

/// A factory's failure.
struct DiskFull: Error {}
