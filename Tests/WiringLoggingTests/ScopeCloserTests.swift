#if Logging
    import Dispatch
    import Foundation
    import Logging
    import Testing
    import Wiring
    import WiringLogging

    private final class SlowConnection: Sendable {}

    /// An executor of one serial queue: a job that blocks its thread keeps every other job of
    /// the executor from running, which is what the test looks for.
    private final class OneQueueExecutor: TaskExecutor {
        private let queue = DispatchQueue(label: "one-queue-executor")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedTaskExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }
    }

    @Suite("The request scope's closer")
    struct ScopeCloserTests {
        @Test(
            "an async close of a request scope whose build is in flight on another thread awaits it without blocking its thread",
            .timeLimit(.minutes(1))
        )
        func asyncCloseNeverBlocksItsThread() async throws {
            let inFactory = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let container = Container()
            container.register(SlowConnection.self, lifetime: .scoped) { _ in
                inFactory.signal()
                release.wait()
                return SlowConnection()
            }
            let scope = container.makeScope()
            let builder = Thread { _ = try? scope.resolve(SlowConnection.self) }
            builder.start()
            inFactory.wait()

            let counters = RequestScopeCounters()
            let closer = ScopeCloser(scope: scope, counters: counters, reporter: LoggedScopeFailures(Logger(label: "test")))
            let executor = OneQueueExecutor()
            let closing = Task(executorPreference: executor) { await closer.close() }
            // Queued after the close: it runs only if the close gave the queue's thread back.
            let probeRan = DispatchSemaphore(value: 0)
            let probe = Task(executorPreference: executor) { _ = probeRan.signal() }
            let ranWhileBuilding = await Task.detached { probeRan.wait(timeout: .now() + 5) == .success }.value
            release.signal()
            await closing.value
            await probe.value
            if !ranWhileBuilding { probeRan.wait() }
            #expect(ranWhileBuilding, "the close held the executor's only thread while the build was in flight")
            #expect(counters.closed == 1)
            #expect(throws: WiringError.self) { try scope.resolve(SlowConnection.self) }
        }

        @Test("a quiet request scope is closed in one step, its instances disposed once")
        func quietScopeClosesInOneStep() async throws {
            final class Work: Disposable, Sendable {
                let disposals = Lock<Int>(0)
                func dispose() { disposals.withLock { $0 += 1 } }
            }
            let container = Container()
            container.register(Work.self, lifetime: .scoped) { _ in Work() }
            let scope = container.makeScope()
            let work = try scope.resolve(Work.self)
            let counters = RequestScopeCounters()
            let closer = ScopeCloser(scope: scope, counters: counters, reporter: LoggedScopeFailures(Logger(label: "test")))
            await closer.close()
            await closer.close()
            #expect(work.disposals.withLock { $0 } == 1)
            #expect(counters.closed == 1)
            #expect(throws: WiringError.self) { try scope.resolve(Work.self) }
        }
    }
#endif
