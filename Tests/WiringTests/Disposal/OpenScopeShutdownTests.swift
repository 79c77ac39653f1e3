import Foundation
import Testing
import Wiring

/// A scoped service that records its disposal by name.
final class NamedResource: Disposable, Sendable {
    let name: String
    let log: Lock<[String]>
    init(_ name: String, log: Lock<[String]>) {
        self.name = name
        self.log = log
    }
    func dispose() { log.withLock { $0.append(name) } }
}

/// Distinct types for the session and the request scope.
struct SessionResource: Disposable, Sendable {
    let resource: NamedResource
    func dispose() { resource.dispose() }
}
struct RequestResource: Disposable, Sendable {
    let resource: NamedResource
    func dispose() { resource.dispose() }
}

@Suite("Shutdown reaches open scopes", .timeLimit(.minutes(10)))
struct OpenScopeShutdownTests {
    func container(log: Lock<[String]>) -> Container {
        let container = Container()
        container.register(NamedResource.self, lifetime: .singleton) { _ in NamedResource("singleton", log: log) }
        container.register(SessionResource.self, lifetime: .scoped("session")) { _ in
            SessionResource(resource: NamedResource("session", log: log))
        }
        container.register(RequestResource.self, lifetime: .scoped("request")) { _ in
            RequestResource(resource: NamedResource("request", log: log))
        }
        container.register(NamedResource.self, tag: "request", lifetime: .scoped("request")) { _ in
            NamedResource("request-tagged", log: log)
        }
        return container
    }

    @Test("shutdown closes the scopes still open, innermost first, disposing each scoped instance once")
    func shutdownClosesOpenScopes() async throws {
        let log = Lock<[String]>([])
        let container = container(log: log)
        _ = try container.resolve(NamedResource.self)
        let session = container.makeScope("session")
        let request = session.makeScope("request")
        _ = try session.resolve(SessionResource.self)
        _ = try request.resolve(NamedResource.self, tag: "request")
        _ = try request.resolve(RequestResource.self)
        try await container.shutdown()
        #expect(log.withLock { $0 } == ["request", "request-tagged", "session", "singleton"])
        // Closing them afterwards disposes nothing again.
        try await request.close()
        try await session.close()
        #expect(log.withLock { $0.count } == 4)
    }

    @Test("a scope left open by a shutdown's caller throws shutDown afterwards, even for what it had cached")
    func openScopeThrowsAfterShutdown() async throws {
        let log = Lock<[String]>([])
        let container = container(log: log)
        let request = container.makeScope("request")
        _ = try request.resolve(RequestResource.self)
        try await container.shutdown()
        let error = #expect(throws: WiringError.self) { try request.resolve(RequestResource.self) }
        #expect(error?.code == .shutDown)
        let nested = #expect(throws: WiringError.self) { try request.makeScope("inner").resolve(RequestResource.self) }
        #expect(nested?.code == .shutDown)
    }

    @Test("a scope made after shutdown is born closed")
    func scopeMadeAfterShutdownIsClosed() async throws {
        let log = Lock<[String]>([])
        let container = container(log: log)
        try await container.shutdown()
        let late = container.makeScope("request")
        let error = #expect(throws: WiringError.self) { try late.resolve(RequestResource.self) }
        #expect(error?.code == .shutDown)
        try await late.close()
        #expect(log.withLock { $0 }.isEmpty)
    }

    @Test("a child container's open scopes are closed by its parent's shutdown")
    func childScopesClosedByParent() async throws {
        let log = Lock<[String]>([])
        let parent = container(log: log)
        let child = parent.makeChild()
        let request = child.makeScope("request")
        _ = try request.resolve(RequestResource.self)
        try await parent.shutdown()
        #expect(log.withLock { $0 } == ["request"])
    }

    @Test("a scope released without close() is forgotten by its container: shutdown does not dispose its instances")
    func droppedScopeIsForgotten() async throws {
        let log = Lock<[String]>([])
        let container = container(log: log)
        do {
            let request = container.makeScope("request")
            _ = try request.resolve(NamedResource.self, tag: "request")
        }
        try await container.shutdown()
        #expect(log.withLock { $0 }.isEmpty)
    }

    /// Registers `Tracked` with `lifetime` and a teardown held at a gate, builds it, then calls
    /// the `end` that `owner` makes twice: the first call disposes, the second races it. Returns
    /// whether the teardown had finished when the second call returned.
    func secondEndWaitsForTheFirst(
        lifetime: Lifetime,
        _ owner: (Container) throws -> (resolving: any Resolving, end: @Sendable () async throws -> Void)
    ) async throws -> Bool {
        let started = Gate()
        let release = Gate()
        let finished = AtomicCell<Bool>(false)
        let container = Container()
        container.register(Tracked.self, lifetime: lifetime) { _ in Tracked() }
            .onDispose { _ in
                started.release()
                await release.wait()
                finished.store(true, ordering: .releasing)
            }
        let (resolving, end) = try owner(container)
        _ = try resolving.resolve(Tracked.self)
        let first = Task { try await end() }
        await started.wait()
        let second = Task {
            try await end()
            return finished.load(ordering: .acquiring)
        }
        // Give the second call every chance to reach its wait; it is correct whether or not it has.
        for _ in 0..<100 { await Task.yield() }
        release.release()
        let waited = try await second.value
        try await first.value
        return waited
    }

    @Test("a second shutdown racing the first returns only after the first has disposed everything")
    func secondShutdownWaitsForTheFirst() async throws {
        let waited = try await secondEndWaitsForTheFirst(lifetime: .singleton) { container in
            (container, { try await container.shutdown() })
        }
        #expect(waited, "the second shutdown returned while the first was still disposing")
    }

    @Test("a second scope close racing the first returns only after the first has disposed everything")
    func secondCloseWaitsForTheFirst() async throws {
        let waited = try await secondEndWaitsForTheFirst(lifetime: .scoped) { container in
            let scope = container.makeScope()
            return (scope, { try await scope.close() })
        }
        #expect(waited, "the second close returned while the first was still disposing")
    }

    @Test("the teardown failure of a build that outlived its shutdown is reported by the next shutdown")
    func lateTeardownFailureIsReported() async throws {
        struct LateFailure: Error {}
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { [unowned container] _ async throws in
            try await container.shutdown()  // the build outlives the shutdown it started
            return Tracked()
        }
        .onDispose { _ in throw LateFailure() }
        await #expect(throws: WiringError.self) { try await container.resolveAsync(Tracked.self) }
        let error = await #expect(throws: DisposalError.self) { try await container.shutdown() }
        #expect(error?.failures.contains { $0.error is LateFailure } == true)
        // Reported once: a third shutdown has nothing more to say.
        await #expect(throws: Never.self) { try await container.shutdown() }
    }

    @Test("a scope released without close() while it holds disposable instances warns in debug builds")
    func droppedScopeWarnsInDebug() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(NamedResource.self, lifetime: .scoped("request")) { _ in
                NamedResource("request", log: Lock([]))
            }
            do {
                let request = container.makeScope("request")
                _ = try request.resolve(NamedResource.self)
            }
            do {
                let closed = container.makeScope("request")
                _ = try closed.resolve(NamedResource.self)
                try await closed.close()
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #if DEBUG
            #expect(output.contains("was released without close()"), "\(output)")
            #expect(output.components(separatedBy: "released without close()").count == 2, "one warning: \(output)")
        #else
            #expect(!output.contains("released without close()"), "\(output)")
        #endif
    }
}

@Suite("A synchronous shutdown that meets an asynchronous end below it", .timeLimit(.minutes(1)))
struct SyncShutdownOverAsyncEndTests {
    @Test("during a scope's async close, syncShutdown throws needsAwait and disposes nothing")
    func scopeClosing() async throws {
        let container = Container()
        container.register(BuiltDuringEnd.self, lifetime: .singleton) { _ in BuiltDuringEnd() }
        container.register(HeldTeardown.self, lifetime: .scoped) { r in
            _ = try r.resolve(BuiltDuringEnd.self)
            return HeldTeardown()
        }
        let pool = try container.resolve(BuiltDuringEnd.self)
        let scope = container.makeScope()
        let held = try scope.resolve(HeldTeardown.self)
        let closing = Task { try await scope.close() }
        await held.started.opened()
        let error = #expect(throws: DisposalError.self) { try container.syncShutdown() }
        #expect(error?.code == .needsAwait)
        #expect(error?.failures.isEmpty == true)
        #expect(pool.timesDisposed == 0)
        held.release.open()
        try await closing.value
        #expect(held.isFinished)
        try await container.shutdown()
        #expect(pool.timesDisposed == 1)
    }

    @Test("a child's teardown that calls its parent's syncShutdown, during the parent's async shutdown, returns at once")
    func teardownCallsParentsSyncShutdown() async throws {
        final class Resource: Sendable {}
        let container = Container()
        let child = container.makeChild()
        let outcome = Lock<String?>(nil)
        child.register(Resource.self, lifetime: .singleton) { _ in Resource() }
            .onDispose { _ in
                do throws(DisposalError) {
                    try container.syncShutdown()
                    outcome.withLock { $0 = "returned" }
                } catch {
                    outcome.withLock { $0 = "threw \(error.code)" }
                }
            }
        _ = try child.resolve(Resource.self)
        try await container.shutdown()
        #expect(outcome.withLock { $0 } == "returned")
    }

    @Test("during a child's async shutdown, the parent's syncShutdown throws needsAwait and disposes nothing")
    func childShuttingDown() async throws {
        let container = Container()
        container.register(BuiltDuringEnd.self, lifetime: .singleton) { _ in BuiltDuringEnd() }
        let child = container.makeChild()
        child.register(HeldTeardown.self, lifetime: .singleton) { r in
            _ = try r.resolve(BuiltDuringEnd.self)
            return HeldTeardown()
        }
        let pool = try container.resolve(BuiltDuringEnd.self)
        let held = try child.resolve(HeldTeardown.self)
        let shuttingDown = Task { try await child.shutdown() }
        await held.started.opened()
        let error = #expect(throws: DisposalError.self) { try container.syncShutdown() }
        #expect(error?.code == .needsAwait)
        #expect(error?.failures.isEmpty == true)
        #expect(pool.timesDisposed == 0)
        held.release.open()
        try await shuttingDown.value
        try await container.shutdown()
        #expect(pool.timesDisposed == 1)
    }
}
