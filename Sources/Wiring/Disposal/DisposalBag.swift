import Synchronization

#if canImport(Dispatch)
    import Dispatch
#endif

/// The instances a container or scope will dispose, and the builds of them still in flight.
///
/// - Builds of tracked lifetimes ``enter(async:)`` before their factory runs and ``leave(async:)`` after
///   their instance is cached, so that ``close(excluding:)`` can wait for them: an instance built
///   while the owner ends is disposed by that end, never missed.
/// - Each tracked instance gets a ``DisposalTicket``; ``disposeAll()`` runs the tickets not yet
///   disposed, newest first.
@usableFromInline
final class DisposalBag: Sendable {
    private struct State: @unchecked Sendable {
        // @unchecked: continuations and tasks are Sendable; the tickets are only shared through
        // this lock.
        var tickets: [Int: DisposalTicket] = [:]
        var nextOrder = 0
        var inFlight = 0
        var closed = false
        /// Set once ``disposeAll()`` took its snapshot: later tickets are their builds' to dispose.
        var finished = false
        /// How many of `inFlight` are async builds, which a synchronous end cannot wait for.
        var asyncInFlight = 0
        /// Closers waiting until `inFlight` drops to their limit.
        var waiters: [(limit: Int, waiter: Waiter)] = []
        /// Asynchronous teardowns started by a reset, awaited by ``disposeAll()``.
        var running: [Int: Task<DisposalError.Failure?, Never>] = [:]
        var nextTask = 0
        /// Failures of teardowns that ran outside ``disposeAll()``, reported by it.
        var failures: [DisposalError.Failure] = []
        /// How far the owner's end (``end(_:)``) is.
        var ending = Ending.notStarted
        /// The thread running a synchronous end (``endSynchronously(_:)``), whose teardowns run
        /// on it: an end they call must not wait for it. 0 otherwise.
        var endingThread: UInt = 0
    }

    /// The progress of the owner's end.
    private enum Ending {
        case notStarted
        /// Running; these callers wait for it.
        case running(waiters: [Waiter])
        case done
    }

    /// A caller waiting for the bag: a suspended task (the `async` end), or a blocked thread
    /// (the synchronous one).
    private enum Waiter {
        case task(CheckedContinuation<Void, Never>)
        case thread(DispatchSemaphore)

        func resume() {
            switch self {
            case .task(let continuation): continuation.resume()
            case .thread(let semaphore): semaphore.signal()
            }
        }
    }

    /// The owners being ended by the current task, innermost last: an end called again from
    /// inside its own teardowns must not wait for itself.
    @TaskLocal private static var ending: [ObjectIdentifier] = []

    /// Set while an asynchronous teardown runs (in an `async` end, or in a task a reset started,
    /// ``runLater(_:)``): an end may be waiting for it, so an end it calls must not wait for that.
    @TaskLocal static var insideTeardown = false

    private let state = Lock(State())

    /// Whether the bag is a scope's (else a container's), for the messages of builds it refuses.
    let isScopes: Bool

    /// A bag for a scope (`isScopes`) or a container.
    init(isScopes: Bool) {
        self.isScopes = isScopes
    }

    /// Counts a build in; `false` once the bag is closed (the build must not start).
    func enter(async: Bool) -> Bool {
        state.withLock { state in
            if state.closed { return false }
            state.inFlight += 1
            if async { state.asyncInFlight += 1 }
            return true
        }
    }

    /// Counts in a build nested inside another one still in flight, which the owner's end is
    /// waiting for: allowed while the bag is closed, until ``disposeAll()`` has taken its
    /// snapshot, so that the build in flight can finish its graph (its call-site injections
    /// included) and everything it makes is disposed by that end.
    func enterNested(async: Bool) -> Bool {
        state.withLock { state in
            if state.finished { return false }
            state.inFlight += 1
            if async { state.asyncInFlight += 1 }
            return true
        }
    }

    /// Stops new builds (``enter(async:)`` returns `false` from now on) without waiting for those in
    /// flight: the first step of an end, so that a build in flight when it began never hands
    /// out its instance.
    func stopBuilds() {
        state.withLock { $0.closed = true }
    }

    /// Whether the bag is closed but still lets nested builds in (see ``enterNested(async:)``).
    var acceptsNestedOnly: Bool {
        state.withLock { $0.closed && !$0.finished }
    }

    /// Counts a build out. Returns whether the bag was closed meanwhile: the build must then
    /// not hand out its instance (its ticket is disposed by the close, or by the build when
    /// `disposeAll()` already ran).
    func leave(async: Bool) -> (closed: Bool, finished: Bool) {
        let (result, ready) = state.withLock { state -> ((Bool, Bool), [Waiter]) in
            state.inFlight -= 1
            if async { state.asyncInFlight -= 1 }
            var ready: [Waiter] = []
            if !state.waiters.isEmpty {
                state.waiters.removeAll { waiter in
                    guard state.inFlight <= waiter.limit else { return false }
                    ready.append(waiter.waiter)
                    return true
                }
            }
            return ((state.closed, state.finished), ready)
        }
        for waiter in ready { waiter.resume() }
        return result
    }

    /// Records how to dispose `instance`, and returns the ticket.
    func track(_ registeredType: Any.Type, teardown: DisposalTicket.Teardown, tracer: Tracer?) -> DisposalTicket {
        let ticket = state.withLock { state in
            let ticket = DisposalTicket(
                order: state.nextOrder, registeredType: registeredType, teardown: teardown, bag: self, tracer: tracer)
            state.nextOrder += 1
            if !state.finished { state.tickets[ticket.order] = ticket }
            return ticket
        }
        ticket.reportTracked()  // after the lock: it calls the instruments, if there are any
        return ticket
    }

    /// Drops a ticket that has been claimed for disposal.
    func forget(_ ticket: DisposalTicket) {
        let removed = state.withLock { $0.tickets.removeValue(forKey: ticket.order) }
        withExtendedLifetime(removed) {}  // released here, outside the lock
    }

    /// Records a failed teardown, for ``disposeAll()`` to report.
    func report(_ failure: DisposalError.Failure) {
        state.withLock { $0.failures.append(failure) }
    }

    /// Runs an asynchronous teardown in a task that ``disposeAll()`` awaits.
    func runLater(_ teardown: @escaping @Sendable () async -> DisposalError.Failure?) {
        state.withLock { state in
            let id = state.nextTask
            state.nextTask += 1
            state.running[id] = Task { [weak self] in
                let failure = await DisposalBag.$insideTeardown.withValue(true) { await teardown() }
                if let self {
                    self.state.withLock { state in
                        if state.running.removeValue(forKey: id) != nil, let failure { state.failures.append(failure) }
                    }
                }
                return failure
            }
        }
    }

    /// Stops new builds, then waits until those in flight are done, except `excluded` of them
    /// (the caller's own, when an async factory ends its own container: it cannot wait for
    /// itself).
    func close(excluding excluded: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                state.closed = true
                if state.inFlight <= excluded { return true }
                state.waiters.append((excluded, .task(continuation)))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Ends the owner (a container's shutdown, a scope's close) once: the first call runs
    /// `body`; a later or concurrent call waits until that has finished, then reports the
    /// failures of teardowns that ran since (a build that finished after the end disposes its
    /// own instance) by running ``disposeAll()`` again.
    ///
    /// A call that the first may be waiting for returns at once instead of waiting, which would
    /// never end: one from inside the first's own teardowns, from a build in flight (an end
    /// waits for those), or from a teardown task a reset started (an end awaits those).
    func end(_ body: () async throws(DisposalError) -> Void) async throws(DisposalError) {
        let reentered = isReentrantEnd
        var role = EndRole.done
        // Suspends only to wait for the first call; resumed at once otherwise.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            role = claimEnd(reentered: { reentered }, synchronousOn: nil) { .task(continuation) }
            if role != .wait { continuation.resume() }
        }
        switch role {
        case .first:
            let id = ObjectIdentifier(self)
            let result: Result<Void, DisposalError> = await Self.$ending.withValue(Self.ending + [id]) {
                do throws(DisposalError) {
                    try await body()
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            finishEnding()
            try result.get()
        case .reentered, .refused:
            return  // the first call reports what fails
        case .wait, .done:
            try await disposeAll()
        }
    }

    /// What a call to ``end(_:)`` or ``endSynchronously(_:)`` is to the owner's end: the one that
    /// runs it, one that waits for it, one it may be waiting for (returns at once), one that
    /// comes after it, or a synchronous one that met an `async` end (refused at once).
    private enum EndRole { case first, wait, reentered, done, refused }

    /// Whether the calling code is one that the owner's end in progress may be waiting for:
    /// that end's own teardowns, a build in flight, or a teardown, of any end or reset, on any
    /// thread (two scopes whose teardowns close each other would otherwise wait for each other).
    /// Such a call must return instead of waiting for the end, which might never finish.
    private var isReentrantEnd: Bool {
        Self.ending.contains(ObjectIdentifier(self)) || Self.insideTeardown
            || (ResolutionContext.existing?.teardownDepth ?? 0) > 0
            || AsyncResolutionStack.frames.contains { $0.bag != nil }
    }

    /// Decides a call's role in the owner's end: the first runs it (a synchronous one on
    /// `thread`, where its teardowns run, so that a call from them is re-entrant too); a later
    /// call waits as `waiter` while it runs, unless it is re-entrant, or synchronous while the
    /// end is `async`: a thread never blocks on async work. `reentered` is asked only when an end
    /// is in progress (it reads task-locals and the thread's context: no user code, no lock).
    private func claimEnd(reentered: () -> Bool, synchronousOn thread: UInt?, waiter: () -> Waiter) -> EndRole {
        state.withLock { state in
            switch state.ending {
            case .notStarted:
                state.ending = .running(waiters: [])
                state.endingThread = thread ?? 0
                return .first
            case .running where (thread != nil && state.endingThread == thread) || reentered():
                return .reentered
            case .running where thread != nil && state.endingThread == 0:
                return .refused
            case .running(var waiters):
                waiters.append(waiter())
                state.ending = .running(waiters: waiters)
                return .wait
            case .done:
                return .done
            }
        }
    }

    /// Marks the owner's end done and wakes the callers waiting for it.
    private func finishEnding() {
        let waiters = state.withLock { state -> [Waiter] in
            guard case .running(let waiters) = state.ending else { return [] }
            state.ending = .done
            state.endingThread = 0
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: The synchronous end

    /// The first step of a synchronous end that no other end has begun: stops new builds,
    /// unless the end needs awaiting something — an instance with an asynchronous teardown, a
    /// teardown task a reset started, an async build in flight — and then returns what, and
    /// changes nothing. When another end has begun or finished, returns nothing: ``endSynchronously(_:)``
    /// waits for it.
    func stopBuildsUnlessAsynchronous() -> [String] {
        state.withLock { state in
            let needs = Self.asynchronousEndNeeds(state)
            if needs.isEmpty { state.closed = true }
            return needs
        }
    }

    /// What ``stopBuildsUnlessAsynchronous()`` would return, changing nothing.
    func asynchronousEndNeeds() -> [String] {
        state.withLock { Self.asynchronousEndNeeds($0) }
    }

    private static func asynchronousEndNeeds(_ state: State) -> [String] {
        guard case .notStarted = state.ending else { return [] }
        var needs: [String] = []
        // Sorted (newest first, as they would be disposed) only when there is one to name.
        if state.tickets.values.contains(where: \.isAsync) {
            for ticket in state.tickets.values.sorted(by: { $0.order > $1.order })
            where ticket.isAsync && !needs.contains(ticket.registration) {
                needs.append(ticket.registration)
            }
        }
        if !state.running.isEmpty { needs.append("asynchronous teardowns that a reset started") }
        if state.asyncInFlight > 0 { needs.append("asynchronous builds in flight") }
        return needs
    }

    /// Waits, blocking the calling thread, until no build is in flight; returns at once when
    /// called from inside a build (its own would never finish): a build that finishes after
    /// the end disposes its own instance. Call it after ``stopBuildsUnlessAsynchronous()``
    /// found no async build in flight.
    func waitForBuildsBlocking() {
        if BuildNesting.isInsideBuild { return }
        let semaphore = state.withLock { state -> DispatchSemaphore? in
            state.closed = true
            guard state.inFlight > 0 else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiters.append((0, .thread(semaphore)))
            return semaphore
        }
        semaphore?.wait()
    }

    /// ``end(_:)`` without `await`: the first call runs `body`; a concurrent one blocks until
    /// that synchronous end has finished, then reports the failures of teardowns that ran since.
    ///
    /// It never blocks on async work: meeting an `async` end in progress, it throws
    /// ``DisposalError/endInProgress`` at once. Called from inside a build (which an end in
    /// progress on another thread may be waiting for) or from that end's teardowns, it returns
    /// at once.
    func endSynchronously(_ body: () throws(DisposalError) -> Void) throws(DisposalError) {
        var semaphore: DispatchSemaphore?
        let role = claimEnd(reentered: { self.isReentrantEnd || BuildNesting.isInsideBuild }, synchronousOn: currentThreadID) {
            let made = DispatchSemaphore(value: 0)
            semaphore = made
            return .thread(made)
        }
        switch role {
        case .first:
            // Its teardowns run on this thread, recorded in `endingThread`: no task-local to push.
            let result: Result<Void, DisposalError>
            do throws(DisposalError) {
                try body()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            finishEnding()
            try result.get()
        case .reentered:
            return
        case .refused:
            throw DisposalError.endInProgress
        case .wait, .done:
            semaphore?.wait()
            try disposeAllSynchronously()
        }
    }

    /// ``disposeAll()`` without `await`: runs every synchronous teardown not yet run, newest
    /// first. An asynchronous one that appeared after ``stopBuildsUnlessAsynchronous()`` (a
    /// build in flight made it) is started in a task and reported as not awaited, as are
    /// teardown tasks still running; the next `async` end awaits them.
    func disposeAllSynchronously() throws(DisposalError) {
        let (pending, running) = takeSnapshot(takingRunning: false)
        var failures: [DisposalError.Failure] = []
        for ticket in pending {
            if let failure = ticket.disposeSynchronously() { failures.append(failure) }
        }
        if !running.isEmpty {
            failures.append(
                DisposalError.Failure(registration: "teardowns a reset started", error: AsynchronousTeardownNotAwaited())
            )
        }
        try report(failures)
    }

    /// The last step of either end: from now on a new ticket is its build's to dispose. Returns
    /// the tickets not yet disposed, newest first, and the teardown tasks resets started
    /// (taken from the bag, to await, or left in it for a later end that can).
    private func takeSnapshot(takingRunning: Bool) -> (pending: [DisposalTicket], running: [Task<DisposalError.Failure?, Never>]) {
        state.withLock { state in
            state.finished = true
            let pending = state.tickets.values.sorted { $0.order > $1.order }
            let running = Array(state.running.values)
            if takingRunning { state.running = [:] }
            return (pending, running)
        }
    }

    /// Throws `failures` with those of teardowns that ran outside an end since the last report.
    private func report(_ failures: [DisposalError.Failure]) throws(DisposalError) {
        let all =
            failures
            + state.withLock { state in
                defer { state.failures = [] }
                return state.failures
            }
        if !all.isEmpty { throw DisposalError(failures: all) }
    }

    /// How many tracked instances have not been disposed, for the warning about a scope
    /// released without being closed.
    var undisposedCount: Int {
        state.withLock { $0.tickets.count }
    }

    /// Runs every teardown not yet run, newest first, each once, and awaits those a reset
    /// started; throws every failure, those of earlier resets included.
    func disposeAll() async throws(DisposalError) {
        let (pending, running) = takeSnapshot(takingRunning: true)
        var failures: [DisposalError.Failure] = []
        for ticket in pending {
            if let failure = await ticket.disposeNowAwaiting() { failures.append(failure) }
        }
        for task in running {
            if let failure = await task.value { failures.append(failure) }
        }
        try report(failures)
    }
}
