import Synchronization

#if canImport(Dispatch)
    import Dispatch
#endif

/// An instance with something to release when its owner ends: a file, a socket, a pool.
///
/// A singleton or eager singleton is disposed by ``Container/shutdown()``, a scoped instance by
/// ``Scope/close()``; transients only if their registration asks (``Registration/trackingTransients()``).
public protocol Disposable {
    /// Releases what the instance holds. Called once.
    func dispose() throws
}

/// An instance whose release is asynchronous, such as closing a connection pool.
public protocol AsyncDisposable: Sendable {
    /// Releases what the instance holds. Called once.
    func dispose() async throws
}

/// What a registration's ``Registration/onDispose(_:)-3gzi1`` closure does with its instance.
enum Teardown<T>: Sendable {
    case sync(@Sendable (T) throws -> Void)
    case async(@Sendable (T) async throws -> Void)
}

/// Why ending a scope or a container did not go as asked: teardowns that failed during
/// ``Container/shutdown()`` or ``Scope/close()`` (all of them, since one failure does not stop the
/// others), or, from ``Scope/syncClose()`` and ``Container/syncShutdown()``, a refusal to end
/// without `await`. Read ``code`` to tell them apart.
public struct DisposalError: Error, CustomStringConvertible {
    /// The kind of failure. New codes may be added; switch with a `default` case.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Sendable {
            case teardownsFailed = "teardowns failed"
            case needsAwait = "needs await"
        }

        let base: Base

        /// The end ran; the teardowns in ``DisposalError/failures`` threw, and the others ran.
        public static let teardownsFailed = Code(base: .teardownsFailed)
        /// A synchronous end (``Scope/syncClose()``, ``Container/syncShutdown()``) refused at
        /// once, without waiting, because ending needs `await`: an asynchronous teardown, an
        /// async build in flight, or an `async` end of the same scope or container already in
        /// progress (``DisposalError/asynchronousTeardowns`` says which). Nothing was disposed by
        /// this call: end it with the `async` overload, which also waits for an end in progress.
        public static let needsAwait = Code(base: .needsAwait)

        public var description: String { base.rawValue }
    }

    /// One teardown that threw.
    public struct Failure: Sendable {
        /// The registration whose instance it was.
        public let registration: String
        /// What the teardown threw.
        public let error: any Error
    }

    /// What went wrong.
    public let code: Code

    /// The failures, in the order the teardowns ran (reverse order of creation); empty for
    /// ``Code/needsAwait``.
    public let failures: [Failure]

    /// For ``Code/needsAwait``: the registrations whose instances need an asynchronous teardown
    /// (``AsyncDisposable``, an `async` ``Registration/onDispose(_:)-3gzi1``), and anything else
    /// that needs awaiting, such as an `async` end already in progress. Empty otherwise.
    public let asynchronousTeardowns: [String]

    /// What was being ended, as the message names it: `scope "request"`, `a scope`, `the container`.
    let subject: String?
    /// Whether the refusal met an `async` end in progress, rather than asynchronous teardowns.
    let metEndInProgress: Bool

    init(failures: [Failure], subject: String? = nil) {
        code = .teardownsFailed
        self.failures = failures
        asynchronousTeardowns = []
        self.subject = subject
        metEndInProgress = false
    }

    init(asynchronousTeardowns: [String], subject: String? = nil) {
        code = .needsAwait
        failures = []
        self.asynchronousTeardowns = asynchronousTeardowns
        self.subject = subject
        metEndInProgress = false
    }

    private init(code: Code, failures: [Failure], asynchronousTeardowns: [String], subject: String?, metEndInProgress: Bool) {
        self.code = code
        self.failures = failures
        self.asynchronousTeardowns = asynchronousTeardowns
        self.subject = subject
        self.metEndInProgress = metEndInProgress
    }

    /// The refusal of a synchronous end that met an `async` end of the same owner in progress.
    static let endInProgress = DisposalError(
        code: .needsAwait, failures: [], asynchronousTeardowns: ["an async close() or shutdown() in progress"], subject: nil,
        metEndInProgress: true)

    /// This error, naming `subject` as what was being ended.
    func ending(_ subject: String) -> DisposalError {
        DisposalError(
            code: code, failures: failures, asynchronousTeardowns: asynchronousTeardowns, subject: subject,
            metEndInProgress: metEndInProgress)
    }

    /// The three-part message.
    public var description: String {
        let what = subject ?? "the scope or container"
        let isScope = subject.map { $0 != "the container" } ?? true
        let syncCall = subject == nil ? "syncClose() or syncShutdown()" : (isScope ? "syncClose()" : "syncShutdown()")
        let asyncCall =
            subject == nil
            ? "`try await scope.close()` or `try await container.shutdown()`"
            : (isScope ? "`try await scope.close()`" : "`try await container.shutdown()`")
        if code == .needsAwait && metEndInProgress {
            return """
                Wiring: \(syncCall) of \(what) met an async end of it in progress, and returned at once instead of blocking its thread until that end finishes.
                  \(what): being ended by that call; this one disposed nothing.
                To fix: await the end that is in progress with \(asyncCall): a second call waits for the first and reports its failures.
                """
        }
        if code == .needsAwait {
            return """
                Wiring: \(syncCall) of \(what) cannot await what ending it needs: \(asynchronousTeardowns.joined(separator: ", ")).
                  \(what): still open; nothing was disposed.
                To fix: end it with \(asyncCall), or give those registrations a synchronous teardown (`Disposable`, or an `onDispose` closure that does not await).
                """
        }
        var lines = [
            "Wiring: ending \(what): \(failures.count) teardown\(failures.count == 1 ? "" : "s") failed; the others ran."
        ]
        lines += failures.map { "  \($0.registration): \($0.error)" }
        lines.append("To fix: see each error; every instance was disposed at most once, and none will be again.")
        return lines.joined(separator: "\n")
    }
}

/// How one tracked instance is disposed, exactly once: by its owner's end
/// (``Container/shutdown()``, ``Scope/close()``) or, for a cached instance, as soon as its owner
/// stops caching it (a reset, a removal, a replacement), whichever comes first.
///
/// A cached instance's ``InstanceBox`` holds its ticket; the bag holds every ticket not yet
/// disposed. The ticket holds the instance until it is disposed.
@usableFromInline
final class DisposalTicket: @unchecked Sendable {
    // @unchecked: `teardown` is taken exactly once, by the thread that wins `done`; `bag` is a
    // weak reference, which the Swift runtime loads safely from any thread.
    enum Teardown {
        case sync(() throws -> Void)
        /// The instance's own ``Disposable/dispose()``: no closure to allocate.
        case disposable(any Disposable)
        case async(() async throws -> Void)
    }

    /// The ticket's place in its bag's creation order.
    let order: Int
    /// Whether the teardown is asynchronous: a synchronous end cannot run it.
    let isAsync: Bool
    /// The registration, as messages name it.
    /// The registered type, named by ``registration`` when a message needs it.
    private let registeredType: Any.Type
    private var teardown: Teardown?
    private let done = Atomic<Bool>(false)
    private weak var bag: DisposalBag?
    /// The instruments of the registration's container, when it has any: they hear of the
    /// instance tracked, disposed, or released undisposed.
    private let tracer: Tracer?

    init(order: Int, registeredType: Any.Type, teardown: Teardown, bag: DisposalBag, tracer: Tracer?) {
        self.order = order
        self.registeredType = registeredType
        if case .async = teardown { isAsync = true } else { isAsync = false }
        self.teardown = teardown
        self.bag = bag
        self.tracer = tracer.flatMap { $0.instruments.isEmpty ? nil : $0 }
    }

    /// Tells the instruments, if any, that the instance is tracked; once, after its bag's lock.
    func reportTracked() {
        tracer?.trackedInstancesChanged(by: 1)
    }

    deinit {
        // Released undisposed (a scope dropped without its close): no longer tracked either.
        if let tracer, !done.load(ordering: .acquiring) { tracer.trackedInstancesChanged(by: -1) }
    }

    /// Reports a teardown that started at `start` and ended now, with its failure if any.
    private func reportDisposed(since start: ContinuousClock.Instant?, failure: DisposalError.Failure?) {
        guard let tracer, let start else { return }
        tracer.disposed(DisposalInfo(registration: registration, start: start, duration: .now - start, error: failure?.error))
        tracer.trackedInstancesChanged(by: -1)
    }

    /// The time now, when a teardown is reported to instruments.
    private var reportStart: ContinuousClock.Instant? { tracer == nil ? nil : .now }

    /// The registration, as messages name it.
    var registration: String { typeDisplayName(registeredType) }

    /// Takes the teardown if no one has yet; the caller runs it. Also forgets the ticket in its bag.
    private func claim() -> Teardown? {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
        let taken = teardown
        teardown = nil
        bag?.forget(self)
        return taken
    }

    /// Disposes now, on this thread, if no one has: a synchronous teardown runs before this
    /// returns; an asynchronous one runs in a task that the bag's next ``DisposalBag/disposeAll()``
    /// awaits. Failures are reported by that `disposeAll()`. Call it with no engine lock held.
    func disposeNow() {
        guard let teardown = claim() else { return }
        if let failure = runOrStart(teardown) { bag?.report(failure) }
    }

    /// Disposes now if no one has, for a synchronous end: runs a synchronous teardown and
    /// returns its failure; an asynchronous one, which it cannot await, is started in a task
    /// that the bag's next ``DisposalBag/disposeAll()`` awaits, and reported as not awaited.
    func disposeSynchronously() -> DisposalError.Failure? {
        guard let teardown = claim() else { return nil }
        let failure = runOrStart(teardown)
        if case .async = teardown {
            return DisposalError.Failure(registration: registration, error: AsynchronousTeardownNotAwaited())
        }
        return failure
    }

    /// Runs a synchronous teardown and returns its failure; starts an asynchronous one in a
    /// task that the bag's next ``DisposalBag/disposeAll()`` awaits, which reports its failure.
    private func runOrStart(_ teardown: Teardown) -> DisposalError.Failure? {
        let start = reportStart
        let failure: DisposalError.Failure?
        do {
            switch teardown {
            case .sync(let run): try run()
            case .disposable(let disposable): try disposable.dispose()
            case .async(let run):
                let registration = self.registration
                let box = UncheckedBox(run)
                bag?.runLater { () async -> DisposalError.Failure? in
                    let failure: DisposalError.Failure?
                    do {
                        try await box.value()
                        failure = nil
                    } catch {
                        failure = DisposalError.Failure(registration: registration, error: error)
                    }
                    self.reportDisposed(since: start, failure: failure)
                    return failure
                }
                return nil
            }
            failure = nil
        } catch {
            failure = DisposalError.Failure(registration: registration, error: error)
        }
        reportDisposed(since: start, failure: failure)
        return failure
    }

    /// Disposes now if no one has, awaiting an asynchronous teardown; returns its failure.
    func disposeNowAwaiting() async -> DisposalError.Failure? {
        guard let teardown = claim() else { return nil }
        let start = reportStart
        let failure: DisposalError.Failure?
        do {
            switch teardown {
            case .sync(let run): try run()
            case .disposable(let disposable): try disposable.dispose()
            case .async(let run): try await run()
            }
            failure = nil
        } catch {
            failure = DisposalError.Failure(registration: registration, error: error)
        }
        reportDisposed(since: start, failure: failure)
        return failure
    }
}

/// What a box that carries a ``DisposalTicket`` does when its owner stops caching it.
protocol DisposedOnRelease: AnyObject {
    /// Disposes the instance now (once); called after its cache forgot it, with no lock held,
    /// just before the last reference to the box is released.
    func disposeBeforeRelease()
}

/// The instances a container or scope will dispose, and the builds of them still in flight.
///
/// - Builds of tracked lifetimes ``enter()`` before their factory runs and ``leave()`` after
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

    /// Set in the tasks that run teardowns started by a reset (``runLater(_:)``): an end may be
    /// waiting for them, so an end they call must not wait for it.
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

    /// Stops new builds (``enter()`` returns `false` from now on) without waiting for those in
    /// flight: the first step of an end, so that a build in flight when it began never hands
    /// out its instance.
    func stopBuilds() {
        state.withLock { $0.closed = true }
    }

    /// Whether the bag is closed but still lets nested builds in (see ``enterNested()``).
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
    fileprivate func forget(_ ticket: DisposalTicket) {
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
            role = claimEnd(reentered: reentered, synchronousOn: nil) { .task(continuation) }
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
    /// that end's own teardowns, a build in flight, or a teardown task a reset started. Such a
    /// call must return instead of waiting for the end, which would never finish.
    private var isReentrantEnd: Bool {
        Self.ending.contains(ObjectIdentifier(self)) || Self.insideTeardown
            || AsyncResolutionStack.frames.contains { $0.bag != nil }
    }

    /// Decides a call's role in the owner's end: the first runs it (a synchronous one on
    /// `thread`, where its teardowns run, so that a call from them is re-entrant too); a later
    /// call waits as `waiter` while it runs, unless it is re-entrant, or synchronous while the
    /// end is `async`: a thread never blocks on async work.
    private func claimEnd(reentered: Bool, synchronousOn thread: UInt?, waiter: () -> Waiter) -> EndRole {
        state.withLock { state in
            switch state.ending {
            case .notStarted:
                state.ending = .running(waiters: [])
                state.endingThread = thread ?? 0
                return .first
            case .running where reentered || (thread != nil && state.endingThread == thread):
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
        let role = claimEnd(reentered: isReentrantEnd || BuildNesting.isInsideBuild, synchronousOn: currentThreadID) {
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

/// Decides which builds are tracked for disposal, and tracks them.
enum DisposalTracker {
    /// Singletons, eager singletons and scoped instances; transients only when asked.
    static func tracks(_ lifetime: Lifetime, transients: Bool) -> Bool {
        switch lifetime.kind {
        case .singleton, .eagerSingleton, .scoped: true
        case .transient: transients
        case .graph, .weakSingleton: false
        }
    }

    /// The bag a build through `resolver` tracks into: its scope's, else its container's.
    static func bag(of resolver: Resolver) -> DisposalBag {
        resolver.scope?.disposables ?? resolver.container.disposables
    }

    /// Records how to dispose `instance`, built by `entry`, in `bag`; `nil` for an instance with
    /// nothing to dispose.
    static func track<T>(_ instance: T, of entry: AnyEntry, extras: EntryExtras<T>?, in bag: DisposalBag) -> DisposalTicket? {
        let run: DisposalTicket.Teardown
        if let extras, let registered = registered(extras, instance) {
            run = registered
        } else {
            // Whether the instance is disposable is two conformance lookups; a registration
            // builds one dynamic type nearly always, so it keeps the answer for the first one.
            // `as Any`: in generic code, `type(of:)` of an existential `T` is the existential's
            // metatype, not the instance's type.
            let dynamicType = type(of: instance as Any)
            let identity = ObjectIdentifier(dynamicType)
            let conformance: DisposalConformance
            if let known = entry.disposalConformance.load() {
                // Another type than the first: looked up each time (not kept: rare).
                conformance = known.type == identity ? known : DisposalConformance(dynamicType)
            } else {
                let first = DisposalConformance(dynamicType)
                entry.disposalConformance.storeIfNil(first)
                conformance = first
            }
            if let asyncType = conformance.asyncDisposable {
                run = disposing(instance, as: asyncType)
            } else if let syncType = conformance.disposable {
                run = disposing(instance, as: syncType)
            } else {
                return nil
            }
        }
        return bag.track(T.self, teardown: run, tracer: entry.tracer)
    }

    /// Disposes, now, an instance that a build made and then abandoned: a decorator or an
    /// instrument threw after the factory returned it, so nothing will cache, hand out or track
    /// it. Only for a lifetime that tracks disposal (`tracks`), as a successful build would have
    /// been disposed. A synchronous teardown runs here; an asynchronous one in a task that the
    /// owner's end awaits; a failure is reported at that end, as a late teardown's is.
    static func disposeAbandoned<T>(
        _ instance: T,
        tracks: Bool,
        extras: EntryExtras<T>?,
        tracer: Tracer?,
        through resolver: Resolver
    ) {
        guard tracks else { return }
        // The same choice of teardown as `track(_:of:extras:in:)`, written out: a helper shared
        // with that tracked-build path cost 279 to 507 more instructions per S8 request, even
        // inlined (Benchmarks/instructions.sh wiring S8: 36,816 without it).
        let run: DisposalTicket.Teardown
        if let extras, let registered = registered(extras, instance) {
            run = registered
        } else {
            let conformance = DisposalConformance(type(of: instance as Any))
            if let asyncType = conformance.asyncDisposable {
                run = disposing(instance, as: asyncType)
            } else if let syncType = conformance.disposable {
                run = disposing(instance, as: syncType)
            } else {
                return
            }
        }
        bag(of: resolver).track(T.self, teardown: run, tracer: tracer).disposeNow()
    }

    /// A registration's own teardown for `instance`, if it has one (``Registration/onDispose(_:)-3gzi1``).
    private static func registered<T>(_ extras: EntryExtras<T>, _ instance: T) -> DisposalTicket.Teardown? {
        guard let teardown = extras.refinements.teardown else { return nil }
        let box = UncheckedBox(instance)
        switch teardown {
        case .sync(let teardown): return .sync { try teardown(box.value) }
        case .async(let teardown): return .async { try await teardown(box.value) }
        }
    }

    /// `instance`'s own `dispose()`; its dynamic type is `D` (a cast to a concrete type, not a
    /// conformance lookup).
    private static func disposing<T, D: AsyncDisposable>(_ instance: T, as _: D.Type) -> DisposalTicket.Teardown {
        let disposable = instance as! D
        return .async { try await disposable.dispose() }
    }

    private static func disposing<T, D: Disposable>(_ instance: T, as _: D.Type) -> DisposalTicket.Teardown {
        .disposable(instance as! D)
    }
}

/// Whether a dynamic type is ``AsyncDisposable`` or ``Disposable``: what a registration learns
/// from the first instance it tracks (``AnyEntry/disposalConformance``).
final class DisposalConformance: @unchecked Sendable {
    // @unchecked: every stored property is a `let`; a metatype is an immutable runtime value,
    // safe to share between threads (`any Disposable.Type` is not `Sendable` only because
    // `Disposable` is not).
    let type: ObjectIdentifier
    let asyncDisposable: (any AsyncDisposable.Type)?
    let disposable: (any Disposable.Type)?

    init(_ type: Any.Type) {
        self.type = ObjectIdentifier(type)
        asyncDisposable = type as? any AsyncDisposable.Type
        disposable = asyncDisposable == nil ? type as? any Disposable.Type : nil
    }
}

/// Whether the calling code runs inside a build: a factory or hook running on this thread, or
/// an async build of the current task. Read only when an owner is ending.
enum BuildNesting {
    static var isInsideBuild: Bool {
        (ResolutionContext.existing?.frame.pointee.depth ?? 0) > 0 || !AsyncResolutionStack.frames.isEmpty
    }
}

/// Thrown by the factories of a container that was shut down; becomes
/// ``WiringError/Code/shutDown``.
struct ShutDownSignal: Error {}

/// The failure a synchronous end reports for an asynchronous teardown it could only start.
struct AsynchronousTeardownNotAwaited: Error, CustomStringConvertible {
    var description: String {
        "an asynchronous teardown that syncClose() or syncShutdown() could only start, in a task; an `async` close() or shutdown() awaits it"
    }
}

/// The disposal side of one build of a tracked lifetime (see ``Resolver/buildTracked(_:_:onConstructed:)``).
///
/// A value, not generic, and free of `Result<T, _>`: a build path that names neither allocates
/// nothing for it and needs no run-time generic-metadata lookup. The instance's ticket, once it
/// is built, travels beside it (``Resolver/buildUntracked(_:_:disposal:ticket:onConstructed:)``).
@usableFromInline
struct TrackedBuild {
    let bag: DisposalBag
    let entry: AnyEntry
    /// Whether it is an async build (``DisposalBag/enter(async:)``).
    let isAsync: Bool

    private init(bag: DisposalBag, entry: AnyEntry, isAsync: Bool) {
        self.bag = bag
        self.entry = entry
        self.isAsync = isAsync
    }

    /// Counts a build of `entry` through `resolver` into its owner's bag (the scope's, else the
    /// container's). Throws ``WiringError/Code/shutDown`` when that owner has begun to end: the
    /// build must not start, unless it is part of a build in flight, which may finish its graph
    /// (``DisposalBag/enterNested(async:)``).
    static func enter(_ entry: AnyEntry, through resolver: Resolver, async: Bool) throws(WiringError) -> TrackedBuild {
        let bag = DisposalTracker.bag(of: resolver)
        guard bag.enter(async: async) || (BuildNesting.isInsideBuild && bag.enterNested(async: async)) else {
            throw ended(entry, inScope: bag.isScopes)
        }
        return TrackedBuild(bag: bag, entry: entry, isAsync: async)
    }

    /// The error of a build whose owner ended: the scope it was built through was closed, or
    /// the container was shut down; the message says which.
    private static func ended(_ entry: AnyEntry, inScope: Bool) -> WiringError {
        inScope ? WiringError(code: .shutDown, entry: entry, detail: .closedScope) : WiringError(code: .shutDown, entry: entry)
    }

    /// Tracks the instance the factory built, right after it was built: disposal runs in
    /// reverse order of creation, so an instance goes before the dependencies it was built from.
    @usableFromInline
    func track<T>(_ instance: T, builtBy entry: Entry<T>) -> DisposalTicket? {
        DisposalTracker.track(instance, of: entry, extras: entry.extras, in: bag)
    }

    /// Counts the build out of its bag; whether its resolve may hand out the instance it built:
    /// not if the owner began to end meanwhile (then the instance is disposed by that end, or
    /// here if the end has already disposed everything) — unless the build is part of one still
    /// in flight, which that end waits for and which may use the instance meanwhile.
    private func leaveSucceeded() -> (handOut: Bool, disposeNow: Bool) {
        let (closed, finished) = bag.leave(async: isAsync)
        if !closed || (!finished && BuildNesting.isInsideBuild) { return (true, false) }
        return (false, finished)
    }

    /// A synchronous build succeeded: returns its instance, or throws ``WiringError/Code/shutDown``
    /// (see ``leaveSucceeded()``); an async teardown runs in a task the owner's end awaits.
    @usableFromInline
    func succeeded<T>(_ instance: T, ticket: DisposalTicket?) throws(WiringError) -> T {
        let (handOut, disposeNow) = leaveSucceeded()
        if handOut { return instance }
        if disposeNow { ticket?.disposeNow() }
        throw Self.ended(entry, inScope: bag.isScopes)
    }

    /// A synchronous build failed, after its instance may have existed (a hook threw): counts it
    /// out and disposes the instance now.
    @usableFromInline
    func failed(_ error: WiringError, ticket: DisposalTicket?) -> WiringError {
        _ = bag.leave(async: isAsync)
        ticket?.disposeNow()
        return error
    }

    /// ``succeeded(_:)`` and ``failed(_:)`` for an async build: the teardown is awaited.
    func finish<T>(_ result: Result<T, WiringError>, ticket: DisposalTicket?) async throws(WiringError) -> T {
        switch result {
        case .success(let instance):
            let (handOut, disposeNow) = leaveSucceeded()
            if handOut { return instance }
            if disposeNow, let failure = await ticket?.disposeNowAwaiting() { bag.report(failure) }
            throw Self.ended(entry, inScope: bag.isScopes)
        case .failure(let error):
            _ = bag.leave(async: isAsync)
            if let failure = await ticket?.disposeNowAwaiting() { bag.report(failure) }
            throw error
        }
    }
}
