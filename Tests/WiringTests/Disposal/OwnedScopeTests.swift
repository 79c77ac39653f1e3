import Testing

@testable import Wiring

/// A scoped instance that records its teardown, in the order teardowns ran.
private final class OwnedTracked: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// What the teardowns of one test did.
private final class OwnedTeardowns: Sendable {
    private let done = Lock<[String]>([])
    func record(_ name: String) { done.withLock { $0.append(name) } }
    var all: [String] { done.withLock { $0 } }
}

/// A screen's model: it owns the scope its screen's instances live in.
private final class OwnedScreenModel: Sendable {
    let playback: OwnedScope
    init(in container: Container) { playback = OwnedScope("screen", in: container) }
}

/// An instrument that hears of each disposal, failures included.
private final class OwnedDisposalLog: ContainerInstrument {
    private let errors = Lock<[String]>([])
    func disposed(_ disposal: DisposalInfo) {
        if let error = disposal.error { errors.withLock { $0.append("\(disposal.registration): \(error)") } }
    }
    var failures: [String] { errors.withLock { $0 } }
}

private struct OwnedTeardownFailed: Error {}

/// Fires once, for every task waiting on it.
private actor OwnedSignal {
    private var fired = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if fired { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func fire() {
        fired = true
        for waiter in waiting { waiter.resume() }
        waiting = []
    }
}

/// Waits for `condition`, which a close run in a task makes true soon after the owner goes. The
/// deadline only stops a hang: under the sanitizers, with every suite beside this one, the
/// cooperative pool of a 2-core machine can be held for over ten seconds by other tests (a 10 s
/// deadline failed there, its close finishing later), so the task's turn comes when it comes.
/// The condition is read again after the deadline, so a late wake-up does not fail a close that
/// finished while this waited for its own turn.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(120)
    while !condition() {
        if ContinuousClock.now > deadline {
            await Task.yield()
            return condition()
        }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// Three scoped registrations with synchronous teardowns, each recorded.
private func synchronousContainer(_ teardowns: OwnedTeardowns) -> Container {
    let container = Container()
    for name in ["first", "second", "third"] {
        container.register(OwnedTracked.self, tag: name, lifetime: .scoped("screen")) { _ in OwnedTracked(name) }
            .onDispose { (tracked: OwnedTracked) in teardowns.record(tracked.name) }
    }
    return container
}

@Suite("A scope owned by an object")
struct OwnedScopeTests {
    @Test("releasing the owner closes its scope at once: instances disposed newest first, each once")
    func releaseClosesTheScope() throws {
        let teardowns = OwnedTeardowns()
        let container = synchronousContainer(teardowns)
        var model: OwnedScreenModel? = OwnedScreenModel(in: container)
        let scope = try #require(model?.playback.scope)
        for name in ["first", "second", "third"] { _ = try model?.playback.resolve(OwnedTracked.self, tag: name) }
        #expect(teardowns.all.isEmpty)
        model = nil
        #expect(teardowns.all == ["third", "second", "first"])
        #expect(scope.hasClosed)
        let error = #expect(throws: WiringError.self) { try scope.resolve(OwnedTracked.self, tag: "first") }
        #expect(error?.code == .shutDown)
        try container.syncShutdown()
        #expect(teardowns.all == ["third", "second", "first"], "the container's shutdown disposed them again")
    }

    @Test("async and main-actor teardowns run in a task after the owner goes, each once")
    func asyncTeardownsAreAwaitedInATask() async throws {
        let teardowns = OwnedTeardowns()
        let container = Container()
        container.register(OwnedTracked.self, tag: "async", lifetime: .scoped("screen")) { _ in OwnedTracked("async") }
            .onDispose { (tracked: OwnedTracked) async in teardowns.record(tracked.name) }
        container.register(OwnedTracked.self, tag: "main", lifetime: .scoped("screen")) { _ in OwnedTracked("main") }
            .onDispose { @MainActor (tracked: OwnedTracked) async in
                MainActor.assertIsolated()
                teardowns.record(tracked.name)
            }
        var model: OwnedScreenModel? = OwnedScreenModel(in: container)
        _ = try model?.playback.resolve(OwnedTracked.self, tag: "async")
        _ = try await model?.playback.resolveAsync(OwnedTracked.self, tag: "main")
        model = nil
        #expect(await eventually { teardowns.all.count == 2 })
        #expect(teardowns.all == ["main", "async"])
        try await container.shutdown()
        #expect(teardowns.all == ["main", "async"])
    }

    @Test("an owner released on the main actor and one released off it both close their scopes", arguments: [true, false])
    func releasedOnAnyThread(onMainActor: Bool) async throws {
        let teardowns = OwnedTeardowns()
        let container = synchronousContainer(teardowns)
        // The lock holds the only reference: the model goes where the lock lets it go.
        let holder = Lock<OwnedScreenModel?>(OwnedScreenModel(in: container))
        _ = try holder.withLock { try $0?.playback.resolve(OwnedTracked.self, tag: "first") }
        if onMainActor {
            await MainActor.run { holder.withLock { $0 = nil } }
        } else {
            await Task.detached { holder.withLock { $0 = nil } }.value
        }
        #expect(teardowns.all == ["first"])
        try await container.shutdown()
        #expect(teardowns.all == ["first"])
    }

    @Test("closed explicitly first, the owner's release closes nothing twice")
    func explicitCloseFirst() async throws {
        let teardowns = OwnedTeardowns()
        let container = synchronousContainer(teardowns)
        var model: OwnedScreenModel? = OwnedScreenModel(in: container)
        _ = try model?.playback.resolve(OwnedTracked.self, tag: "first")
        try await model?.playback.close()
        #expect(teardowns.all == ["first"])
        model = nil
        try await container.shutdown()
        #expect(teardowns.all == ["first"])
    }

    @Test("the container's shutdown first closes the owned scope; the owner's release then closes nothing")
    func shutdownFirst() async throws {
        let teardowns = OwnedTeardowns()
        let container = synchronousContainer(teardowns)
        var model: OwnedScreenModel? = OwnedScreenModel(in: container)
        _ = try model?.playback.resolve(OwnedTracked.self, tag: "second")
        try await container.shutdown()
        #expect(teardowns.all == ["second"])
        model = nil
        #expect(teardowns.all == ["second"])
    }

    @Test("released while an async build runs in its scope: the build's instance is disposed once, and the resolve throws shutDown")
    func releasedDuringAnAsyncBuild() async throws {
        let teardowns = OwnedTeardowns()
        let container = Container()
        let started = OwnedSignal()
        let proceed = OwnedSignal()
        container.register(OwnedTracked.self, lifetime: .scoped("screen")) { _ async in
            await started.fire()
            await proceed.wait()
            return OwnedTracked("slow")
        }
        .onDispose { (tracked: OwnedTracked) in teardowns.record(tracked.name) }
        var model: OwnedScreenModel? = OwnedScreenModel(in: container)
        let scope = try #require(model?.playback.scope)
        let build = Task { try await scope.resolveAsync(OwnedTracked.self) }
        await started.wait()
        model = nil
        await proceed.fire()
        let result = await build.result
        #expect((try? result.get()) == nil, "the scope closed while it was built: the resolve throws")
        #expect(await eventually { teardowns.all == ["slow"] })
        try await container.shutdown()
        #expect(teardowns.all == ["slow"])
    }

    @Test("a teardown that throws: the others still run, and the failure reaches the container's instruments")
    func failingTeardownIsReported() async throws {
        let teardowns = OwnedTeardowns()
        let log = OwnedDisposalLog()
        let container = synchronousContainer(teardowns)
        container.addInstrument(log)
        container.register(OwnedTracked.self, tag: "failing", lifetime: .scoped("screen")) { _ in OwnedTracked("failing") }
            .onDispose { (_: OwnedTracked) throws in throw OwnedTeardownFailed() }
        var model: OwnedScreenModel? = OwnedScreenModel(in: container)
        _ = try model?.playback.resolve(OwnedTracked.self, tag: "first")
        _ = try model?.playback.resolve(OwnedTracked.self, tag: "failing")
        _ = try model?.playback.resolve(OwnedTracked.self, tag: "third")
        model = nil
        #expect(teardowns.all == ["third", "first"])
        #expect(log.failures.count == 1 && log.failures.first?.contains("OwnedTeardownFailed") == true, "\(log.failures)")
        try container.syncShutdown()
    }

    @Test("values handed to the owned scope are what its factories read")
    func providedValues() throws {
        final class Episode: Sendable {
            let title: String
            init(title: String) { self.title = title }
        }
        final class EpisodePlayer: Sendable {
            let episode: Episode
            init(episode: Episode) { self.episode = episode }
        }
        struct NoEpisode: Error {}
        let container = Container()
        try container.install(
            Registrations {
                $0.scoped(Episode.self, in: "playback") { throw NoEpisode() }.providedToScopes()
                $0.scoped(in: "playback") { r in EpisodePlayer(episode: try r.resolve()) }
            })
        let playback = OwnedScope("playback", in: container)
        try playback.provide(Episode(title: "Pilot"))
        #expect(try playback.resolve(EpisodePlayer.self).episode.title == "Pilot")
        let nested = OwnedScope(in: playback)
        #expect(try nested.resolve(EpisodePlayer.self).episode.title == "Pilot")
    }
}
