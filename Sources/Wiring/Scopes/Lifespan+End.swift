#if canImport(Dispatch)
    import Dispatch
#endif

/// The owner's end, once: a container's shutdown or a scope's close. The synchronous steps and
/// the `async` ones share their bookkeeping (``claimEnd(reentered:synchronousOn:waiter:)``,
/// ``finishEnding()``, the snapshot and the report); the `async` end also awaits.
extension Lifespan {
    /// Ends the owner (a container's shutdown, a scope's close) once: the first call runs
    /// `body`; a later or concurrent call waits until that has finished, then reports the
    /// failures of teardowns that ran since (a build that finished after the end disposes its
    /// own instance) by running ``disposeAll()`` again.
    ///
    /// A call that the first may be waiting for returns at once instead of waiting, which would
    /// never end: one from inside the first's own teardowns, from a build in flight (an end
    /// waits for those), or from a teardown task a reset started (an end awaits those).
    ///
    /// `insideForeignBuild` says the caller is inside a build the core does not see (a facade's
    /// async build), which the first call may be waiting for.
    package func end(insideForeignBuild: Bool = false, _ body: () async throws(DisposalError) -> Void) async throws(DisposalError) {
        let reentered = isReentrantEnd || insideForeignBuild
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
    enum EndRole { case first, wait, reentered, done, refused }

    /// Whether the calling code is one that the owner's end in progress may be waiting for:
    /// that end's own teardowns, a build in flight, or a teardown, of any end or reset, on any
    /// thread (two scopes whose teardowns close each other would otherwise wait for each other).
    /// Such a call must return instead of waiting for the end, which might never finish.
    var isReentrantEnd: Bool {
        Self.ending.contains(ObjectIdentifier(self)) || Self.insideTeardown
            || (ResolutionContext.existing?.teardownDepth ?? 0) > 0
            || AsyncResolutionStack.frames.contains { $0.lifespan != nil }
    }

    /// Decides a call's role in the owner's end: the first runs it (a synchronous one on
    /// `thread`, where its teardowns run, so that a call from them is re-entrant too); a later
    /// call waits as `waiter` while it runs, unless it is re-entrant, or synchronous while the
    /// end is `async`: a thread never blocks on async work. `reentered` is asked only when an end
    /// is in progress (it reads task-locals and the thread's context: no user code, no lock).
    private func claimEnd(reentered: () -> Bool, synchronousOn thread: UInt?, waiter: () -> Waiter) -> EndRole {
        withState { state in
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

    /// Marks the owner's end done and wakes the callers waiting for it. With `takingFailures`,
    /// also takes the failures of teardowns that ran outside the end since the last report (in
    /// the same lock), and returns them.
    @discardableResult
    func finishEnding(takingFailures: Bool = false) -> [DisposalError.Failure] {
        let (waiters, failures) = withState { state -> ([Waiter], [DisposalError.Failure]) in
            guard case .running(let waiters) = state.ending else { return ([], []) }
            state.ending = .done
            state.endingThread = 0
            guard takingFailures, !state.failures.isEmpty else { return (waiters, []) }
            defer { state.failures = [] }
            return (waiters, state.failures)
        }
        for waiter in waiters { waiter.resume() }
        return failures
    }

    // MARK: A container's end, step by step

    /// The work of a container's first end (the core's and the facades'), in this order:
    /// 1. new builds stop (a build in flight may still finish its graph);
    /// 2. `endDependents` ends what depends on the container (its live children, its open
    ///    scopes), whose instances may use its own, and returns their failures;
    /// 3. the builds in flight finish, but `ownBuilds()` of them: the caller's own, when an async
    ///    factory ends its own container (it cannot wait for itself);
    /// 4. `retire` makes its registrations resolve nothing more, and returns what they kept;
    /// 5. every tracked instance is disposed, newest first;
    /// 6. `release` releases what `retire` returned, after the teardowns that may use it.
    ///
    /// Every step runs even if an earlier one failed; the failures come back together.
    package func runEnd<Retired>(
        endingDependents endDependents: () async -> [DisposalError.Failure],
        excludingOwnBuilds ownBuilds: () -> Int,
        retire: () -> Retired,
        release: (Retired) -> Void
    ) async throws(DisposalError) {
        stopBuilds()
        var failures = await endDependents()
        await close(excluding: ownBuilds())
        let retired = retire()
        do throws(DisposalError) { try await disposeAll() } catch { failures += error.failures }
        release(retired)
        if !failures.isEmpty { throw DisposalError(failures: failures) }
    }

    /// ``runEnd(endingDependents:excludingOwnBuilds:retire:release:)`` without `await`: the same
    /// steps, on the calling thread, which blocks while synchronous builds in flight finish
    /// (unless it is inside a build, or `insideForeignBuild`: see ``waitForBuildsBlocking(insideForeignBuild:)``).
    package func runEndSynchronously<Retired>(
        endingDependents endDependents: () -> [DisposalError.Failure],
        insideForeignBuild: Bool = false,
        retire: () -> Retired,
        release: (Retired) -> Void
    ) throws(DisposalError) {
        stopBuilds()
        var failures = endDependents()
        waitForBuildsBlocking(insideForeignBuild: insideForeignBuild)
        let retired = retire()
        do throws(DisposalError) { try disposeAllSynchronously() } catch { failures += error.failures }
        release(retired)
        if !failures.isEmpty { throw DisposalError(failures: failures) }
    }

    // MARK: The synchronous end

    /// The first step of a synchronous end that no other end has begun: stops new builds,
    /// unless the end needs awaiting something — an instance with an asynchronous teardown, a
    /// teardown task a reset started, an async build in flight — and then returns what, and
    /// changes nothing. When another end has begun or finished, returns nothing: ``endSynchronously(_:)``
    /// waits for it.
    func stopBuildsUnlessAsynchronous() -> [String] {
        withLocked { state, slots, inline in
            let needs = Self.asynchronousEndNeeds(state, slots.asynchronousTeardowns(inline: inline))
            if needs.isEmpty { state.closed = true }
            return needs
        }
    }

    /// Whether the owner's end has started (or is over): a later call is ``endSynchronously(_:)``'s
    /// to answer (re-entered, refused, or waiting).
    package var endHasStarted: Bool {
        withState { state in
            if case .notStarted = state.ending { return false }
            return true
        }
    }

    /// Whether an asynchronous end of the owner (a scope's `close()`, a container's `shutdown()`)
    /// is running: an end above it that is synchronous must not run under it.
    package var asyncEndInProgress: Bool {
        withState { state in
            guard case .running = state.ending else { return false }
            return state.endingThread == 0
        }
    }

    /// What ``stopBuildsUnlessAsynchronous()`` would return, changing nothing.
    package func asynchronousEndNeeds() -> [String] {
        withLocked { state, slots, inline in Self.asynchronousEndNeeds(state, slots.asynchronousTeardowns(inline: inline)) }
    }

    /// How a refusal, or a forced synchronous end, names async work in flight
    /// (``State/asyncInFlight``).
    private static let asyncWorkInFlight = "asynchronous builds in flight (or teardowns a reset is starting)"

    /// `inSlots`: a scope's own instances with an asynchronous teardown, with their order.
    private static func asynchronousEndNeeds(_ state: State, _ inSlots: [(order: Int, name: String)]) -> [String] {
        guard case .notStarted = state.ending else { return [] }
        var needs: [String] = []
        // Sorted (newest first, as they would be disposed) only when there is one to name.
        if !inSlots.isEmpty || state.tickets.values.contains(where: \.isAsync) {
            let tickets = state.tickets.values.filter(\.isAsync).map { (order: $0.order, name: $0.registration) }
            for (_, name) in (tickets + inSlots).sorted(by: { $0.order > $1.order }) where !needs.contains(name) {
                needs.append(name)
            }
        }
        if !state.running.isEmpty { needs.append("asynchronous teardowns that a reset started") }
        if state.asyncInFlight > 0 { needs.append(asyncWorkInFlight) }
        return needs
    }

    /// Waits, blocking the calling thread, until no build is in flight; returns at once when
    /// called from inside a build (its own would never finish): a build that finishes after
    /// the end disposes its own instance. Call it after ``stopBuildsUnlessAsynchronous()``
    /// found no async build in flight. `insideForeignBuild` says the caller is inside a build the
    /// core does not see (a facade's). An async build that began since that check is not waited
    /// for, since a thread never blocks on async work: it disposes its own instance when it ends.
    package func waitForBuildsBlocking(insideForeignBuild: Bool = false) {
        if insideForeignBuild || BuildNesting.isInsideBuild { return }
        let semaphore = withState { state -> DispatchSemaphore? in
            state.closed = true
            guard state.inFlight > 0, state.asyncInFlight == 0 else { return nil }
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
    /// at once. `insideForeignBuild` says the caller is inside a build the core does not see (a
    /// facade's).
    package func endSynchronously(insideForeignBuild: Bool = false, _ body: () throws(DisposalError) -> Void) throws(DisposalError) {
        var semaphore: DispatchSemaphore?
        let reentered = { self.isReentrantEnd || insideForeignBuild || BuildNesting.isInsideBuild }
        let role = claimEnd(reentered: reentered, synchronousOn: currentThreadID) {
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
    /// teardown tasks still running (the next `async` end awaits them) and async work in flight
    /// that a synchronous end forced by its container could not wait for.
    package func disposeAllSynchronously() throws(DisposalError) {
        var order = takeSnapshot(takingRunning: false)
        var failures: [DisposalError.Failure] = []
        while let teardown = order.next() {
            if let failure = teardown.runSynchronously() { failures.append(failure) }
        }
        if !order.running.isEmpty {
            failures.append(
                DisposalError.Failure(registration: "teardowns a reset started", error: AsynchronousTeardownNotAwaited())
            )
        }
        if order.asyncInFlight {
            failures.append(
                DisposalError.Failure(
                    registration: Self.asyncWorkInFlight,
                    error: AsynchronousTeardownNotAwaited())
            )
        }
        try report(failures)
    }

    /// The teardowns an end runs, newest first: the tickets its snapshot took, merged with a
    /// scope's own instances, whose teardowns it took from their slots in the same lock. A
    /// container's lifespan has no slots.
    struct TeardownOrder {
        let lifespan: Lifespan
        /// The tickets not yet disposed, newest first.
        let pending: [DisposalTicket]
        /// The teardowns of a scope's own instances, oldest first: the newest is taken off the back.
        private var slots: [SlotTeardown]
        /// The teardown tasks resets started: an `async` end awaits them, a synchronous one
        /// reports them (and leaves them in the lifespan for a later end).
        let running: [Task<DisposalError.Failure?, Never>]
        /// Whether async work was in flight (an async build, or a reset starting asynchronous
        /// teardowns) when the snapshot was taken: an `async` end has waited for it, a synchronous
        /// one forced by its container cannot, and reports that its teardowns were not awaited.
        let asyncInFlight: Bool
        private var nextTicket = 0

        init(
            lifespan: Lifespan, pending: [DisposalTicket], slots: [SlotTeardown], running: [Task<DisposalError.Failure?, Never>],
            asyncInFlight: Bool
        ) {
            self.lifespan = lifespan
            self.pending = pending
            self.slots = slots
            self.running = running
            self.asyncInFlight = asyncInFlight
        }

        /// One teardown: of a scope's slot, or of a ticket.
        enum Teardown {
            case slot(DisposalTicket.Teardown, TeardownRun)
            case ticket(DisposalTicket)

            /// Runs it on this thread; an asynchronous one is started in a task and reported.
            func runSynchronously() -> DisposalError.Failure? {
                switch self {
                case .slot(let teardown, let run): run.disposeSynchronously(teardown)
                case .ticket(let ticket): ticket.disposeSynchronously()
                }
            }

            /// Runs it, awaiting an asynchronous one.
            func run() async -> DisposalError.Failure? {
                switch self {
                case .slot(let teardown, let run): await run.disposeAwaiting(teardown)
                case .ticket(let ticket): await ticket.disposeNowAwaiting()
                }
            }
        }

        /// The next teardown to run, newest first; `nil` when all have been taken.
        mutating func next() -> Teardown? {
            let newestTicket = nextTicket < pending.count ? pending[nextTicket].order : -1
            if let newestSlot = slots.last, newestSlot.order > newestTicket {
                slots.removeLast()
                return .slot(newestSlot.teardown, lifespan.run(for: newestSlot.entry))
            }
            guard nextTicket < pending.count else { return nil }
            defer { nextTicket += 1 }
            return .ticket(pending[nextTicket])
        }
    }

    /// The last step of either end: from now on a new ticket is its build's to dispose. Returns
    /// the teardowns to run, newest first (the tickets, and the teardowns of a scope's own
    /// instances, taken in the same lock and sorted after it: an end of many instances costs no
    /// scan per teardown), and the teardown tasks resets started (taken from the lifespan, to
    /// await, or left in it for a later end that can).
    private func takeSnapshot(takingRunning: Bool) -> TeardownOrder {
        typealias Snapshot = (
            pending: [DisposalTicket], slots: [SlotTeardown], running: [Task<DisposalError.Failure?, Never>], asyncInFlight: Bool
        )
        var snapshot = withLocked { state, slots, inline -> Snapshot in
            state.finished = true
            let asyncInFlight = state.asyncInFlight > 0
            let slotTeardowns = slots.takeTeardowns(inline: inline)
            // A request scope usually has neither: no array made for them.
            if state.tickets.isEmpty, state.running.isEmpty { return ([], slotTeardowns, [], asyncInFlight) }
            let running = Array(state.running.values)
            if takingRunning { state.running = [:] }
            return (Array(state.tickets.values), slotTeardowns, running, asyncInFlight)
        }
        snapshot.pending.sort { $0.order > $1.order }
        snapshot.slots.sort { $0.order < $1.order }
        return TeardownOrder(
            lifespan: self, pending: snapshot.pending, slots: snapshot.slots, running: snapshot.running,
            asyncInFlight: snapshot.asyncInFlight)
    }

    /// Throws `failures` with those of teardowns that ran outside an end since the last report.
    private func report(_ failures: [DisposalError.Failure]) throws(DisposalError) {
        let earlier = withState { state in
            defer { state.failures = [] }
            return state.failures
        }
        if failures.isEmpty, earlier.isEmpty { return }
        throw DisposalError(failures: failures + earlier)
    }

    /// How many tracked instances have not been disposed, for the warning about a scope
    /// released without being closed.
    var undisposedCount: Int {
        withLocked { state, slots, inline in state.tickets.count + slots.undisposedCount(inline: inline) }
    }

    /// Runs every teardown not yet run, newest first, each once, and awaits those a reset
    /// started; throws every failure, those of earlier resets included.
    package func disposeAll() async throws(DisposalError) {
        var order = takeSnapshot(takingRunning: true)
        var failures: [DisposalError.Failure] = []
        while let teardown = order.next() {
            if let failure = await teardown.run() { failures.append(failure) }
        }
        // Then the teardown tasks resets started, those started while this ran (by a build that
        // lost the race with this end and disposes its own instance) included.
        var running = order.running
        while !running.isEmpty {
            for task in running {
                if let failure = await task.value { failures.append(failure) }
            }
            running = withState { state in
                defer { state.running = [:] }
                return Array(state.running.values)
            }
        }
        try report(failures)
    }
}
