import Dispatch

/// The thread a dry run builds on, and a task executor that runs the dry run's async work on
/// that same thread.
///
/// Call-site injection (`wired()`, `@Wired`) cannot throw: outside a dry run, its failure stops
/// the program. On this thread it *parks* instead (``DryRunWorker/park(_:)``): it reports the
/// error to the waiting validation and blocks this thread for good, leaving the factory that
/// failed, and the throwaway copy of the container it was building in, unfinished. Swift cannot
/// unwind those frames, so a parked thread is never reused or freed. It holds its stack and
/// what that stack holds, nothing else: no engine lock (factories never run under one) and only
/// the abandoned copy's cells.
///
/// Because of that, parking is bounded per dry run, not per process: a dry run parks at most
/// ``DryRun/maximumParks`` threads, and a container validated again unchanged parks none
/// (``DryRunMemory``). A process-wide budget would let one container's failures stop the dry
/// runs of every other container, which then reported failures they did not have. A dry run
/// whose worker cannot start (the system refuses a thread) stops and says so in its report
/// (``ValidationFinding/Kind/dryRunIncomplete``) instead of trapping.
///
/// On a system with task executors it is also the `TaskExecutor` of the async dry run's tasks
/// (``DryRun/hasTaskExecutors``).
final class DryRunWorker: @unchecked Sendable {
    // @unchecked: `queue` and `outcome` are read and written only while `lock` is held; `wakeUp`
    // and `settled` are semaphores, made for use from any thread.

    /// How an attempt ended.
    enum Outcome {
        case finished
        /// A call-site injection failed with `error` (`raised` before the builds it was inside
        /// of joined its path) while the registration of `building` was the innermost build,
        /// in the container `owner` when known.
        case parked(error: WiringError, raised: WiringError, building: ServiceKey?, owner: ObjectIdentifier?)
    }

    /// Why a worker could not start.
    enum StartFailure: Error {
        /// The system refused a new thread (the status `startDetachedThread` returned).
        case threadRefused(Int32)
    }

    private enum Work {
        case job(UnownedJob)
        case closure(() -> Void)
    }

    private let lock = PlatformLock()
    private var queue: [Work] = []
    private var outcome: Outcome?
    private var observer: ((Outcome) -> Void)?
    private let wakeUp = DispatchSemaphore(value: 0)
    private let settled = DispatchSemaphore(value: 0)

    /// The worker of the dry run running on the calling thread, if any.
    static var current: DryRunWorker? { ResolutionContext.existing?.dryRunWorker }

    private init() {}

    /// Starts a worker thread.
    static func start() -> Result<DryRunWorker, StartFailure> {
        let worker = DryRunWorker()
        // Deep graphs are built recursively on this thread: give it a main thread's stack.
        if let status = startDetachedThread(stackSize: 8 << 20, { worker.run() }) {
            return .failure(.threadRefused(status))
        }
        return .success(worker)
    }

    /// The worker thread's loop: runs work until the attempt is settled.
    private func run() {
        ResolutionContext.current.dryRunWorker = self
        while true {
            wakeUp.wait()
            lock.lock()
            let next = queue.isEmpty ? nil : queue.removeFirst()
            let done = outcome != nil && queue.isEmpty
            lock.unlock()
            switch next {
            case .job(let job): runSynchronously(job)
            case .closure(let body): body()
            case nil: break
            }
            if done { break }
        }
        ResolutionContext.current.dryRunWorker = nil
    }

    private func push(_ work: Work) {
        lock.lock()
        queue.append(work)
        lock.unlock()
        wakeUp.signal()
    }

    /// Runs a job that came to it as a task executor; only such a system enqueues one.
    private func runSynchronously(_ job: UnownedJob) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {  // floor: gated
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Runs `body` on the worker thread, then settles the attempt as finished, unless `body`
    /// parked it.
    func run(_ body: @escaping () -> Void) {
        push(
            .closure { [self] in
                body()
                settle(.finished)
            })
    }

    /// Runs `body` on the worker thread and waits until it finishes or parks.
    func runAndWait(_ body: @escaping () -> Void) -> Outcome {
        run(body)
        return waitForOutcome()
    }

    /// Waits until the attempt finished (``settle(_:)``) or parked.
    func waitForOutcome() -> Outcome {
        settled.wait()
        lock.lock()
        defer { lock.unlock() }
        return outcome ?? .finished
    }

    /// Calls `observer` once the attempt is settled: at once if it already is.
    func whenSettled(_ observer: @escaping (Outcome) -> Void) {
        lock.lock()
        if let outcome {
            lock.unlock()
            observer(outcome)
            return
        }
        self.observer = observer
        lock.unlock()
    }

    /// Ends the attempt with `outcome`; the first call counts.
    func settle(_ outcome: Outcome) {
        lock.lock()
        let first = self.outcome == nil
        if first { self.outcome = outcome }
        let observer = first ? self.observer : nil
        self.observer = nil
        lock.unlock()
        if first {
            settled.signal()
            wakeUp.signal()  // lets the loop notice that it is done
            observer?(outcome)
        }
    }

    /// Reports a failed call-site injection on this worker's thread and parks the thread for
    /// good (see the type's documentation).
    func park(_ raised: WiringError) -> Never {
        var error = raised
        var buildingKey: ServiceKey?
        var owner: ObjectIdentifier?
        // The registrations being built, innermost first, join the path as they would if the
        // error could propagate: the synchronous builds on this thread, then the async builds
        // of the task this runs in.
        let building = ResolutionContext.existing?.buildingEntries ?? []
        if let innermost = building.first {
            buildingKey = innermost.key
            owner = ObjectIdentifier(innermost.owner)
        }
        for entry in building { error.prepend(entry.key) }
        for frame in AsyncResolutionStack.frames.reversed() {
            if buildingKey == nil { buildingKey = frame.key }
            error.prepend(frame.key)
        }
        settle(.parked(error: error, raised: raised, building: buildingKey, owner: owner))
        let never = DispatchSemaphore(value: 0)
        while true { never.wait() }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // floor: gated
extension DryRunWorker: TaskExecutor {  // floor: gated
    func enqueue(_ job: consuming ExecutorJob) {
        push(.job(UnownedJob(job)))
    }
}

extension DryRunWorker {
    /// The worker whose dry run the current task is part of: constructions the dry run starts
    /// in tasks of their own run on that worker too.
    @TaskLocal static var currentExecutor: DryRunWorker?
}
