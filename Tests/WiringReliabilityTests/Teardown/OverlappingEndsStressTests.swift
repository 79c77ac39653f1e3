import Dispatch
import Foundation
import Testing
import Wiring

/// The container's singleton that the round's asynchronous teardowns still use after they await.
final class SharedPool: Disposable, Sendable {
    let disposed = AtomicCell<Bool>(false)
    func dispose() { disposed.store(true, ordering: .releasing) }
}

/// A scoped instance, or a child container's singleton, whose asynchronous teardown awaits and
/// then uses the pool: finding it disposed means a synchronous end disposed the pool under a
/// teardown still running below it (issue 52, item 1).
final class PoolUser: AsyncDisposable, Sendable {
    let pool: SharedPool
    unowned let round: OverlapRound

    init(pool: SharedPool, round: OverlapRound) {
        self.pool = pool
        self.round = round
        round.built.add(1, ordering: .relaxed)
    }

    func dispose() async {
        await Task.yield()
        try? await Task.sleep(for: .microseconds(300))
        round.disposed.add(1, ordering: .relaxed)
        if pool.disposed.load(ordering: .acquiring) { round.report(OverlapRound.disposedUnderTeardown) }
    }
}

/// Built by an asynchronous factory that awaits: it remembers the round's clock when its build
/// started, so that a resolve can tell it was built before a reset that ended before it began.
final class SlowBuilt: Sendable {
    let startedAt: Int
    init(startedAt: Int) { self.startedAt = startedAt }
}

/// One round: a container with a singleton pool, a child container, scopes of both, instances
/// with asynchronous teardowns that use the pool, and an asynchronous scoped factory.
final class OverlapRound: Sendable {
    let container = Container()
    /// A container of its own for resets of singletons built asynchronously: a reset of
    /// `container` would dispose the pool that the teardowns use, as it must.
    let singletons = Container()
    let child: Container
    let scopes: [Scope]
    let clock = AtomicCell<Int>(0)
    /// For each scope, and the container last: the clock before the latest reset that returned.
    let resetBefore = Lock<[Int]>([0, 0, 0, 0])
    let built = AtomicCell<Int>(0)
    let disposed = AtomicCell<Int>(0)
    private let problems = Lock<[String]>([])
    let asyncEnds = Lock<[Task<Void, Never>]>([])
    /// Whether a synchronous end met async work begun after its check and left it running in a
    /// task (reported as not awaited): the one case where a teardown may still find its
    /// singleton disposed, a defect left open (see the test).
    let leftTeardownRunning = AtomicCell<Bool>(false)
    static let disposedUnderTeardown = "an asynchronous teardown found the singleton it uses disposed"

    init() {
        child = container.makeChild()
        scopes = [container.makeScope(), container.makeScope(), child.makeScope()]
        container.register(SharedPool.self, lifetime: .singleton) { _ in SharedPool() }
        container.register(PoolUser.self, lifetime: .scoped) { [unowned self] r in PoolUser(pool: try r.resolve(), round: self) }
        child.register(PoolUser.self, tag: "child", lifetime: .singleton) { [unowned self] r in
            PoolUser(pool: try r.resolve(), round: self)
        }
        container.register(SlowBuilt.self, lifetime: .scoped) { [unowned self] _ async in
            let startedAt = clock.add(1, ordering: .sequentiallyConsistent).newValue
            try? await Task.sleep(for: .microseconds(200))
            return SlowBuilt(startedAt: startedAt)
        }
        singletons.register(SlowBuilt.self, tag: "singleton", lifetime: .singleton) { [unowned self] _ async in
            let startedAt = clock.add(1, ordering: .sequentiallyConsistent).newValue
            try? await Task.sleep(for: .microseconds(200))
            return SlowBuilt(startedAt: startedAt)
        }
    }

    func report(_ problem: String) { problems.withLock { $0.append(problem) } }
    var reported: [String] { problems.withLock { $0 } }

    /// A synchronous end of a scope, the child or the container: it succeeds, or fails only as
    /// ``DisposalError/isExpectedOfOverlappingEnds`` says.
    func endSynchronously() {
        do throws(DisposalError) {
            switch Int.random(in: 0..<4) {
            case 0: try child.syncShutdown()
            case 1: try container.syncShutdown()
            default: try scopes.randomElement()!.syncClose()
            }
        } catch {
            if !error.isExpectedOfOverlappingEnds { report("a synchronous end threw \(error)") }
            if error.code != .needsAwait { leftTeardownRunning.store(true, ordering: .relaxed) }
        }
    }

    /// An `async` end of a scope, the child or (rarely) the container, in a task.
    func startAsyncEnd() {
        let which = Int.random(in: 0..<8)
        let task = Task { [self] in
            do throws(DisposalError) {
                switch which {
                case 0: try await container.shutdown()
                case 1, 2: try await child.shutdown()
                default: try await scopes.randomElement()!.close()
                }
            } catch {
                report("an async end threw \(error)")
            }
        }
        asyncEnds.withLock { $0.append(task) }
    }

    /// Builds instances with asynchronous teardowns: scoped ones and the child's singleton.
    func resolveUsers() {
        for _ in 0..<3 {
            do throws(WiringError) {
                if Bool.random() {
                    _ = try scopes.randomElement()!.resolve(PoolUser.self)
                } else {
                    _ = try child.resolve(PoolUser.self, tag: "child")
                }
            } catch {
                if error.code != .shutDown { report("a resolve threw \(error)") }
            }
        }
    }

    /// Resets racing asynchronous builds: a reset of one of the container's scopes, or of a
    /// container of singletons, between `resolveAsync` calls through it.
    func resetsAndAsyncBuilds() {
        let index = Int.random(in: 0..<3)
        let resolving: any Resolving = index == 2 ? singletons : scopes[index]
        let tag: String? = index == 2 ? "singleton" : nil
        let resetSlot = index == 2 ? 3 : index
        let reset = Task { [self] in
            try? await Task.sleep(for: .microseconds(Int.random(in: 0..<300)))
            let before = clock.add(1, ordering: .sequentiallyConsistent).newValue
            if index == 2 { singletons.reset() } else { scopes[index].reset() }
            // The latest reset to return, by when it began.
            resetBefore.withLock { $0[resetSlot] = max($0[resetSlot], before) }
        }
        let resolves = Task { [self] in
            for _ in 0..<4 {
                let resetEarlier = resetBefore.withLock { $0[resetSlot] }
                do throws(WiringError) {
                    let built = try await resolving.resolveAsync(SlowBuilt.self, tag: tag)
                    // Built before a reset that returned before this resolve began, and served:
                    // the reset's overlapping build was cached (issue 52, item 2).
                    if built.startedAt < resetEarlier {
                        report("a resolve got an instance whose build started before a reset that had returned")
                    }
                } catch {
                    if error.code != .shutDown { report("an async resolve threw \(error)") }
                }
            }
        }
        blocking {
            await reset.value
            await resolves.value
        }
    }
}

extension ProcessWide {
    /// Ends that overlap ends: synchronous closes and shutdowns of scopes, a child container and
    /// the container, against asynchronous ones of the others whose teardowns await and then use
    /// the container's singleton; and resets overlapping asynchronous builds. No teardown may
    /// find what it uses disposed under it, no reset may let an overlapping build be cached,
    /// nothing may hang, and every instance built is disposed once.
    @Suite("Overlapping ends and resets of async builds", .serialized, .timeLimit(.minutes(10)))
    struct OverlappingEndsStressTests {
        @Test(
            "sync ends against async ends below them, and resets against async builds: nothing disposed under a teardown, nothing stale cached"
        )
        func overlappingEnds() async {
            let pool = StressPool(threads: 4)
            let rounds = max(StressBudget.rounds / 4, 400)
            let problems = Lock<[String]>([])
            let knownDefect = AtomicCell<Int>(0)
            let completed = await offCooperativePool {
                pool.run(
                    rounds: rounds,
                    setup: { _ in OverlapRound() },
                    body: { (round: OverlapRound, thread: Int) in
                        switch thread {
                        case 0:
                            round.resolveUsers()
                            round.startAsyncEnd()
                        case 1:
                            round.resolveUsers()
                            usleep(UInt32.random(in: 0..<400))
                            round.endSynchronously()
                        case 2:
                            round.resetsAndAsyncBuilds()
                        default:
                            round.resolveUsers()
                            usleep(UInt32.random(in: 0..<400))
                            round.endSynchronously()
                        }
                    },
                    check: { round, index in
                        let tasks = round.asyncEnds.withLock { $0 }
                        blocking {
                            for task in tasks { await task.value }
                            do throws(DisposalError) {
                                try await round.container.shutdown()
                            } catch {
                                round.report("the final shutdown threw \(error)")
                            }
                        }
                        // A build that lost the race with an end disposes its own instance, in a
                        // task when its teardown is asynchronous: give those a moment.
                        var waited = 0
                        while round.disposed.load(ordering: .relaxed) < round.built.load(ordering: .relaxed), waited < 200 {
                            usleep(10_000)
                            waited += 1
                        }
                        let built = round.built.load(ordering: .relaxed)
                        let disposed = round.disposed.load(ordering: .relaxed)
                        if built != disposed { round.report("\(built) built, \(disposed) disposed") }
                        var found = round.reported
                        if round.leftTeardownRunning.load(ordering: .relaxed), found.contains(OverlapRound.disposedUnderTeardown) {
                            found.removeAll { $0 == OverlapRound.disposedUnderTeardown }
                            knownDefect.add(1, ordering: .relaxed)
                        }
                        if !found.isEmpty { problems.withLock { $0.append("round \(index): \(found.prefix(2))") } }
                    }
                )
            }
            pool.stop()
            #expect(completed)
            let found = problems.withLock { $0 }
            #expect(found.isEmpty, "\(found.count) rounds with problems, first: \(found.prefix(3))")
            // Open (issue 52's note): a synchronous end that meets a build in flight making an
            // instance with an asynchronous teardown starts that teardown in a task, reports it as
            // not awaited, and goes on to dispose the singletons it may still use. Only in a round
            // where that happened is a teardown finding its singleton disposed this known defect;
            // anywhere else it fails above, as item 1's regression would.
            withKnownIssue("a teardown a synchronous end left running found its singleton disposed", isIntermittent: true) {
                #expect(knownDefect.load(ordering: .relaxed) == 0)
            }
        }
    }
}
