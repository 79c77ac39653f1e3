import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
/// Because of that, parking is bounded: a worker starts only with one of the process's
/// ``ParkingBudget/limit`` parking places reserved, given back when its attempt finishes without
/// parking. A dry run that cannot start a worker stops and says so in its report
/// (``ValidationFinding/Kind/dryRunIncomplete``) instead of parking without bound or trapping.
final class DryRunWorker: TaskExecutor, @unchecked Sendable {
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
        /// Every parking place of the process is taken by a parked thread (or reserved).
        case noParkingPlace
        /// The system refused a new thread (`pthread_create`'s status).
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

    /// Reserves a parking place and starts a worker thread; the place is given back when the
    /// attempt finishes without parking, or at once if the thread cannot start.
    static func start() -> Result<DryRunWorker, StartFailure> {
        guard ParkingBudget.reserve() else { return .failure(.noParkingPlace) }
        let worker = DryRunWorker()
        let context = Unmanaged.passRetained(worker).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Deep graphs are built recursively on this thread: give it a main thread's stack.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { raw in
                #if canImport(Darwin)
                    let worker = Unmanaged<DryRunWorker>.fromOpaque(raw).takeRetainedValue()
                #else
                    let worker = Unmanaged<DryRunWorker>.fromOpaque(raw!).takeRetainedValue()
                #endif
                worker.run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<DryRunWorker>.fromOpaque(context).release()
            ParkingBudget.giveBack()
            return .failure(.threadRefused(status))
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
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
            case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
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

    func enqueue(_ job: consuming ExecutorJob) {
        push(.job(UnownedJob(job)))
    }

    /// Runs `body` on the worker thread and waits until it finishes or parks.
    func runAndWait(_ body: @escaping () -> Void) -> Outcome {
        push(
            .closure { [self] in
                body()
                settle(.finished)
            })
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
            // A finished attempt leaves its thread free to end: its parking place is not needed.
            if case .finished = outcome { ParkingBudget.giveBack() }
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

/// The process's places for parked dry-run threads (see ``DryRunWorker``): each worker holds
/// one from its start until its attempt finishes, and keeps it for good if it parks.
enum ParkingBudget {
    /// How many dry-run threads may be parked, or running, at once in the process. Each parked
    /// one keeps 8 MB of address space (what it touched of it in memory) and an abandoned copy.
    static let limit = 64

    /// Places taken: by running workers and by parked ones.
    private static let taken = Lock(0)

    /// Takes a place; `false` when none is free.
    static func reserve() -> Bool {
        taken.withLock { taken in
            guard taken < limit else { return false }
            taken += 1
            return true
        }
    }

    /// Gives a place back: its worker finished without parking, or never started.
    static func giveBack() {
        taken.withLock { $0 -= 1 }
    }
}

extension DryRunWorker {
    /// The worker whose dry run the current task is part of: constructions the dry run starts
    /// in tasks of their own run on that worker too.
    @TaskLocal static var currentExecutor: DryRunWorker?
}
