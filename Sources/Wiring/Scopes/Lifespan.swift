#if canImport(Dispatch)
    import Dispatch
#endif

/// The life of an owner of instances, a scope or a container, from its first build to its end:
/// the builds in flight, the instances it will dispose, and how far its end is. A scope *is* its
/// lifespan and a handle (``Scope``): its instances live in the lifespan's slots (``ScopeSlot``).
/// A container keeps its instances in their registrations' cells, so its lifespan has no slots;
/// its end takes the same steps (``runEnd(endingDependents:excludingOwnBuilds:retire:release:)``).
///
/// - Builds of tracked lifetimes ``enter(async:nested:)`` before their factory runs and
///   ``leave(async:)`` after their instance is cached, so that ``close(excluding:)`` can wait for
///   them: an instance built while the owner ends is disposed by that end, never missed. A
///   scope's own builds count themselves in while they claim their slot, under the same lock
///   (``Lifespan/value(for:through:arguments:)``).
/// - Each tracked instance gets a ``DisposalTicket``, but for a scope's own instances, whose slot
///   holds their teardown; ``disposeAll()`` runs those not yet run, newest first.
///
/// One allocation holds everything: the header (the state and its lock) and, for a scope, its
/// first slots inline (``ManagedBuffer``).
@usableFromInline
package final class Lifespan: ManagedBuffer<Lifespan.Header, ScopeSlot> {
    // Safe to share between threads (``SharedLifespan``): the header's state and the slots are read
    // and written only between `lock()` and `unlock()` of the inline lock (``withLocked(_:)``),
    // which is initialised in `make` before the lifespan is shared and destroyed in `deinit`;
    // `instruments` never changes.

    /// What the lifespan's one allocation starts with. The lock must stay its first field: the
    /// lifespan finds it at the header's address (see ``lockPointer``).
    @usableFromInline
    package struct Header {
        var lock = InlineLock()
        var state = State()
        var slots = ScopeSlots()
        /// The next older lifespan in its container's list of open scopes (``OpenScopes``), retained by
        /// that list; read and written only by the list, never under the lifespan's lock.
        var nextOpenScope: UInt = 0
        /// What the container's instruments keep of the scope; `nil` when it has none.
        let instruments: [any ScopeInstrument]?

        /// The lock of the header at `header`: its first field, at the header's own address.
        @inline(__always)
        static func lock(at header: UnsafeMutablePointer<Header>) -> InlineLockPointer {
            InlineLockPointer(UnsafeMutableRawPointer(header).assumingMemoryBound(to: InlineLock.self))
        }
    }

    @usableFromInline
    struct State: @unchecked Sendable {
        // @unchecked: continuations and tasks are Sendable; the tickets are only shared through
        // this lock.
        var tickets: [Int: DisposalTicket] = [:]
        var inFlight = 0
        var closed = false
        /// Set once ``disposeAll()`` took its snapshot: later tickets are their builds' to dispose.
        var finished = false
        /// How many of `inFlight` are async builds, which a synchronous end cannot wait for, or a
        /// scope's resets starting asynchronous teardowns (``Lifespan/resetUnlessEnding()``).
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
        /// The next creation order, shared by tickets and a scope's slots: disposal runs newest first.
        var nextOrder = 0
        /// Whether a scope's instruments have heard of its close (else they hear of the scope
        /// abandoned, when it is released).
        var closeReported = false
        /// Set when a scope's handle was released: its container's shutdown leaves it alone.
        var abandoned = false

        /// Whether the owner serves and builds nothing more: it is closed, and the caller is not a
        /// build in flight (which its end waits for) that still needs to finish its graph. Asks
        /// the thread and task whether they are inside a build only when closed (no user code).
        var refuses: Bool {
            closed && (finished || !BuildNesting.isInsideBuild)
        }

        /// The next place in creation order, taken.
        mutating func nextCreationOrder() -> Int {
            defer { nextOrder += 1 }
            return nextOrder
        }

        /// Counts a build in: the owner's end waits for it (an `async` one, or refuses to start
        /// while it runs, if synchronous).
        @inline(__always)
        mutating func enter(async: Bool) {
            inFlight += 1
            if async { asyncInFlight += 1 }
        }

        /// Counts a build out; returns the closers it lets go, to resume after the lock.
        mutating func leave(async: Bool) -> [Waiter] {
            inFlight -= 1
            if async { asyncInFlight -= 1 }
            var ready: [Waiter] = []
            if !waiters.isEmpty {
                waiters.removeAll { waiter in
                    guard inFlight <= waiter.limit else { return false }
                    ready.append(waiter.waiter)
                    return true
                }
            }
            return ready
        }
    }

    /// The progress of the owner's end.
    enum Ending {
        case notStarted
        /// Running; these callers wait for it.
        case running(waiters: [Waiter])
        case done
    }

    /// A caller waiting for the lifespan: a suspended task (the `async` end), or a blocked thread
    /// (the synchronous one).
    ///
    /// A task's continuation is boxed (``SuspendedTask``): `CheckedContinuation` comes from a
    /// module built for library evolution, so an enum holding it in place has a layout known
    /// only at run time, and every build that counts itself out (``State/leave(async:)``, which
    /// returns waiters) would look its metadata up.
    enum Waiter {
        case task(SuspendedTask)
        case thread(DispatchSemaphore)

        static func task(_ continuation: CheckedContinuation<Void, Never>) -> Waiter {
            .task(SuspendedTask(continuation))
        }

        func resume() {
            switch self {
            case .task(let task): task.continuation.resume()
            case .thread(let semaphore): semaphore.signal()
            }
        }
    }

    /// A task suspended until the lifespan lets it go.
    final class SuspendedTask {
        let continuation: CheckedContinuation<Void, Never>
        init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
    }

    /// The owners being ended by the current task, innermost last: an end called again from
    /// inside its own teardowns must not wait for itself.
    @TaskLocal static var ending: [ObjectIdentifier] = []

    /// Set while an asynchronous teardown runs (in an `async` end, or in a task a reset started,
    /// ``runLater(_:)``): an end may be waiting for it, so an end it calls must not wait for that.
    @TaskLocal static var insideTeardown = false

    /// A lifespan for a scope, with room for `inlineSlots` instances before its slots move to a
    /// buffer of their own; or, with none, for a container, which keeps its instances elsewhere.
    package static func make(inlineSlots: Int = 0, instruments: [any ScopeInstrument]? = nil) -> Lifespan {
        let buffer = Lifespan.create(minimumCapacity: inlineSlots) { _ in
            Header(slots: ScopeSlots(inlineCapacity: inlineSlots), instruments: instruments)
        }
        let lifespan = unsafeDowncast(buffer, to: Lifespan.self)
        lifespan.lockPointer.initialize()
        return lifespan
    }

    deinit {
        // No other reference exists: no lock is needed, and none is held while the slots'
        // instances are released.
        // The header's fields are read through its pointer: the `header` property would copy
        // all of it.
        let abandonedBy = withUnsafeMutablePointers { header, inline in
            header.pointee.slots.releaseAll(inline: inline)
            return header.pointee.state.closeReported ? nil : header.pointee.instruments
        }
        lockPointer.destroy()
        for instrument in abandonedBy ?? [] { instrument.abandoned() }
    }

    /// The inline lock, at the header's address (its first field).
    @inline(__always)
    var lockPointer: InlineLockPointer {
        withUnsafeMutablePointerToHeader { Header.lock(at: $0) }
    }

    /// Runs `body` with exclusive access to the state. `body` must not run user code or release
    /// user objects (return them, to be released after the lock).
    @inline(__always)
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        withLocked { state, _, _ in body(&state) }
    }

    /// ``withState(_:)`` with a scope's slots too: its bookkeeping and its inline slots.
    @inline(__always)
    func withLocked<Result>(
        _ body: (inout State, inout ScopeSlots, UnsafeMutablePointer<ScopeSlot>) -> Result
    ) -> Result {
        let (header, inline) = pointers
        let lock = Header.lock(at: header)
        lock.lock()
        defer { lock.unlock() }
        return body(&header.pointee.state, &header.pointee.slots, inline)
    }

    /// The header and the inline elements. Valid while the lifespan lives, which its caller's reference
    /// guarantees: a `ManagedBuffer` never moves. Not generic, unlike `withUnsafeMutablePointers`,
    /// which unspecialised callers (a scope's builds, generic over the instance's type) would pay
    /// for in run-time metadata lookups of the pointer types.
    var pointers: (header: UnsafeMutablePointer<Header>, inline: UnsafeMutablePointer<ScopeSlot>) {
        withUnsafeMutablePointers { ($0, $1) }
    }

    /// Counts a build in; `false` once the lifespan is closed (the build must not start), unless the
    /// build is `nested` inside another one still in flight, which the owner's end is waiting
    /// for: that is allowed until ``disposeAll()`` has taken its snapshot, so that the build in
    /// flight can finish its graph (its call-site injections included) and everything it makes
    /// is disposed by that end. `nested` is asked only when the lifespan is closed, under its lock: it
    /// may read task-locals and the thread's context, and must not run user code.
    @inline(__always)
    package func enter(async: Bool, nested: () -> Bool) -> Bool {
        withState { state in
            if state.closed, state.finished || !nested() { return false }
            state.enter(async: async)
            return true
        }
    }

    /// Stops new builds (``enter(async:)`` returns `false` from now on) without waiting for those in
    /// flight: the first step of an end, so that a build in flight when it began never hands
    /// out its instance.
    package func stopBuilds() {
        withState { $0.closed = true }
    }

    /// Whether the lifespan is closed: its owner has begun to end.
    package var isClosed: Bool {
        withState { $0.closed }
    }

    /// Whether the owner's end has taken its snapshot: a ticket tracked from now on is its
    /// build's to dispose.
    package var isFinished: Bool {
        withState { $0.finished }
    }

    /// Whether the lifespan is closed but still lets nested builds in (see ``enter(async:nested:)``).
    var acceptsNestedOnly: Bool {
        withState { $0.closed && !$0.finished }
    }

    /// Counts a build out. Returns whether the lifespan was closed meanwhile: the build must then
    /// not hand out its instance (its ticket is disposed by the close, or by the build when
    /// `disposeAll()` already ran).
    package func leave(async: Bool) -> (closed: Bool, finished: Bool) {
        let (result, ready) = withState { state -> ((Bool, Bool), [Waiter]) in
            ((state.closed, state.finished), state.leave(async: async))
        }
        for waiter in ready { waiter.resume() }
        return result
    }

    /// Records how to dispose `instance`, and returns the ticket.
    func track(_ registeredType: Any.Type, teardown: DisposalTicket.Teardown, tracer: Tracer?) -> DisposalTicket {
        let ticket = withState { state in
            let ticket = DisposalTicket(
                order: state.nextCreationOrder(), registeredType: registeredType, teardown: teardown, lifespan: self, tracer: tracer)
            if !state.finished { state.tickets[ticket.order] = ticket }
            return ticket
        }
        ticket.reportTracked()  // after the lock: it calls the instruments, if there are any
        return ticket
    }

    /// Records how to dispose an instance of `registeredType` built outside the core's
    /// registrations (a facade's), which no instruments hear of, and returns the ticket.
    package func track(_ registeredType: Any.Type, teardown: DisposalTicket.Teardown) -> DisposalTicket {
        track(registeredType, teardown: teardown, tracer: nil)
    }

    /// Drops a ticket that has been claimed for disposal.
    func forget(_ ticket: DisposalTicket) {
        let removed = withState { $0.tickets.removeValue(forKey: ticket.order) }
        withExtendedLifetime(removed) {}  // released here, outside the lock
    }

    /// Records a failed teardown, for ``disposeAll()`` to report.
    func report(_ failure: DisposalError.Failure) {
        withState { $0.failures.append(failure) }
    }

    /// Runs an asynchronous teardown in a task that ``disposeAll()`` awaits.
    func runLater(_ teardown: @escaping @Sendable () async -> DisposalError.Failure?) {
        withState { state in
            let id = state.nextTask
            state.nextTask += 1
            let weakSelf = WeakLifespan(lifespan: self)
            state.running[id] = Task {
                let failure = await Lifespan.$insideTeardown.withValue(true) { await teardown() }
                if let self = weakSelf.lifespan {
                    self.withState { state in
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
    package func close(excluding excluded: Int) async {
        await withCheckedContinuation { continuation in
            let now = withState { state -> Bool in
                state.closed = true
                if state.inFlight <= excluded { return true }
                state.waiters.append((excluded, .task(continuation)))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A ``Lifespan`` shared between threads. `ManagedBuffer`, which it is, cannot be `Sendable`;
/// the lifespan is safe to share all the same: every access to its header and slots happens under
/// its lock (``Lifespan/withLocked(_:)``), or in its `deinit`, when no other reference exists.
@usableFromInline
struct SharedLifespan: @unchecked Sendable {
    @usableFromInline let lifespan: Lifespan
}

/// A weak ``SharedLifespan``.
struct WeakLifespan: @unchecked Sendable {
    weak var lifespan: Lifespan?
}
