/// How one tracked instance is disposed, exactly once: by its owner's end
/// (``Container/shutdown()``, ``Scope/close()``) or, for a cached instance, as soon as its owner
/// stops caching it (a reset, a removal, a replacement), whichever comes first.
///
/// A cached instance's ``InstanceBox`` holds its ticket; the lifespan holds every ticket not yet
/// disposed. The ticket holds the instance until it is disposed.
@usableFromInline
package final class DisposalTicket: @unchecked Sendable {
    // @unchecked: `teardown` is taken exactly once, by the thread that wins `done`; `lifespan` is a
    // weak reference, which the Swift runtime loads safely from any thread.
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = AtomicWordStorage(false)
    package enum Teardown {
        case sync(() throws -> Void)
        /// The instance's own ``Disposable/dispose()``: no closure to allocate.
        case disposable(any Disposable)
        case async(() async throws -> Void)
    }

    /// The ticket's place in its lifespan's creation order.
    let order: Int
    /// Whether the teardown is asynchronous: a synchronous end cannot run it.
    let isAsync: Bool
    /// The registration, as messages name it.
    /// The registered type, named by ``registration`` when a message needs it.
    private let registeredType: Any.Type
    private var teardown: Teardown?
    private var done: AtomicView<Bool> { AtomicView(inline: self, word: 0) }
    private weak var lifespan: Lifespan?
    /// The instruments of the registration's container, when it has any: they hear of the
    /// instance tracked, disposed, or released undisposed.
    private let tracer: Tracer?

    init(order: Int, registeredType: Any.Type, teardown: Teardown, lifespan: Lifespan, tracer: Tracer?) {
        self.order = order
        self.registeredType = registeredType
        if case .async = teardown { isAsync = true } else { isAsync = false }
        self.teardown = teardown
        self.lifespan = lifespan
        self.tracer = tracer.flatMap { $0.instruments.isEmpty ? nil : $0 }
    }

    /// Tells the instruments, if any, that the instance is tracked; once, after its lifespan's lock.
    func reportTracked() {
        tracer?.trackedInstancesChanged(by: 1)
    }

    deinit {
        // Released undisposed (a scope dropped without its close): no longer tracked either.
        if let tracer, !done.load(ordering: .acquiring) { tracer.trackedInstancesChanged(by: -1) }
    }

    /// How the teardown runs and is reported.
    private var run: TeardownRun { TeardownRun(registeredType: registeredType, tracer: tracer, lifespan: lifespan) }

    /// The registration, as messages name it.
    var registration: String { typeDisplayName(registeredType) }

    /// Takes the teardown if no one has yet; the caller runs it. Also forgets the ticket in its lifespan.
    private func claim() -> Teardown? {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
        let taken = teardown
        teardown = nil
        lifespan?.forget(self)
        return taken
    }

    /// Disposes now, on this thread, if no one has: a synchronous teardown runs before this
    /// returns; an asynchronous one runs in a task that the lifespan's next ``Lifespan/disposeAll()``
    /// awaits. Failures are reported by that `disposeAll()`. Call it with no engine lock held.
    package func disposeNow() {
        guard let teardown = claim() else { return }
        run.disposeNow(teardown)
    }

    /// Disposes now if no one has, for a synchronous end: runs a synchronous teardown and
    /// returns its failure; an asynchronous one, which it cannot await, is started in a task
    /// that the lifespan's next ``Lifespan/disposeAll()`` awaits, and reported as not awaited.
    func disposeSynchronously() -> DisposalError.Failure? {
        guard let teardown = claim() else { return nil }
        return run.disposeSynchronously(teardown)
    }

    /// Disposes now if no one has, awaiting an asynchronous teardown; returns its failure.
    func disposeNowAwaiting() async -> DisposalError.Failure? {
        guard let teardown = claim() else { return nil }
        return await run.disposeAwaiting(teardown)
    }
}

/// How one teardown runs, for a ticket or a scope's slot: on this thread, or in a task its lifespan's
/// end awaits, reported to the registration's instruments, marked as a teardown so that an end
/// it calls does not wait for the end in progress.
struct TeardownRun: @unchecked Sendable {
    // @unchecked: `registeredType` is an immutable metatype, `tracer` is `Sendable`, and `lifespan` is
    // safe to share (``SharedLifespan``).
    let registeredType: Any.Type
    /// The registration's tracer, when it has instruments.
    let tracer: Tracer?
    let lifespan: Lifespan?

    /// The registration, as messages name it.
    var registration: String { typeDisplayName(registeredType) }

    /// Runs a synchronous teardown now, or starts an asynchronous one in a task that the lifespan's
    /// next ``Lifespan/disposeAll()`` awaits; a failure is reported by that `disposeAll()`.
    func disposeNow(_ teardown: DisposalTicket.Teardown) {
        if let failure = runOrStart(teardown) { lifespan?.report(failure) }
    }

    /// For a synchronous end: runs a synchronous teardown and returns its failure; an
    /// asynchronous one is started in a task and reported as not awaited.
    func disposeSynchronously(_ teardown: DisposalTicket.Teardown) -> DisposalError.Failure? {
        let failure = runOrStart(teardown)
        if case .async = teardown {
            return DisposalError.Failure(registration: registration, error: AsynchronousTeardownNotAwaited())
        }
        return failure
    }

    /// Ends a teardown that started at `start`: its failure, if `error` is one, reported with its
    /// duration to the instruments.
    private func finished(since start: ContinuousClock.Instant?, error: (any Error)?) -> DisposalError.Failure? {
        let failure = error.map { DisposalError.Failure(registration: registration, error: $0) }
        if let tracer, let start {
            tracer.disposed(DisposalInfo(type: registeredType, start: start, duration: .now - start, error: error))
            tracer.trackedInstancesChanged(by: -1)
        }
        return failure
    }

    /// The time now, when a teardown is reported to instruments.
    private var reportStart: ContinuousClock.Instant? { tracer == nil ? nil : .now }

    /// Runs a synchronous teardown and returns its failure; starts an asynchronous one in a
    /// task that the lifespan's next ``Lifespan/disposeAll()`` awaits, which reports its failure.
    private func runOrStart(_ teardown: DisposalTicket.Teardown) -> DisposalError.Failure? {
        let start = reportStart
        if case .async(let run) = teardown {
            let box = UncheckedBox(run)
            let report = self
            lifespan?.runLater { () async -> DisposalError.Failure? in
                do {
                    try await box.value()
                    return report.finished(since: start, error: nil)
                } catch {
                    return report.finished(since: start, error: error)
                }
            }
            return nil
        }
        do {
            try Self.runSynchronously(teardown)
            return finished(since: start, error: nil)
        } catch {
            return finished(since: start, error: error)
        }
    }

    /// Runs a synchronous teardown on this thread, marked as one (``ResolutionContext/teardownDepth``)
    /// so that an end it calls does not wait for an end in progress; `false` for an asynchronous
    /// one, which it leaves to the caller.
    @discardableResult
    private static func runSynchronously(_ teardown: DisposalTicket.Teardown) throws -> Bool {
        if case .async = teardown { return false }
        let context = ResolutionContext.current
        context.teardownDepth += 1
        defer { context.teardownDepth -= 1 }
        // Called in place, not through a closure stored in a local, whose context would be
        // allocated on every disposal.
        switch teardown {
        case .sync(let run): try run()
        case .disposable(let disposable): try disposable.dispose()
        case .async: break
        }
        return true
    }

    /// Runs the teardown, awaiting an asynchronous one; returns its failure.
    func disposeAwaiting(_ teardown: DisposalTicket.Teardown) async -> DisposalError.Failure? {
        let start = reportStart
        do {
            if try !Self.runSynchronously(teardown), case .async(let run) = teardown {
                try await Lifespan.$insideTeardown.withValue(true) { try await run() }
            }
            return finished(since: start, error: nil)
        } catch {
            return finished(since: start, error: error)
        }
    }
}

/// What a box that carries a ``DisposalTicket`` does when its owner stops caching it.
protocol DisposedOnRelease: AnyObject {
    /// Disposes the instance now (once); called after its cache forgot it, with no lock held,
    /// just before the last reference to the box is released.
    func disposeBeforeRelease()
}
