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

/// The disposal side of one build of a tracked lifetime (see ``Resolver/buildTracked(_:_:onConstructed:)``).
///
/// A value, not generic, and free of `Result<T, _>`: a build path that names neither allocates
/// nothing for it and needs no run-time generic-metadata lookup. The instance's ticket, once it
/// is built, travels beside it (``Resolver/buildUntracked(_:_:disposal:ticket:onConstructed:)``).
@usableFromInline
struct TrackedBuild {
    let lifespan: Lifespan
    let entry: AnyEntry
    /// Whether it is an async build (``Lifespan/enter(async:nested:)``).
    let isAsync: Bool
    /// Whether it is built through a scope (else its container), for the message of a build
    /// whose owner ended.
    let inScope: Bool

    private init(lifespan: Lifespan, entry: AnyEntry, isAsync: Bool, inScope: Bool) {
        self.lifespan = lifespan
        self.entry = entry
        self.isAsync = isAsync
        self.inScope = inScope
    }

    /// Counts a build of `entry` through `resolver` into its owner's lifespan (the scope's, else the
    /// container's). Throws ``WiringError/Code/shutDown`` when that owner has begun to end: the
    /// build must not start, unless it is part of a build in flight, which may finish its graph
    /// (``Lifespan/enter(async:nested:)``).
    static func enter(_ entry: AnyEntry, through resolver: Resolver, async: Bool) throws(WiringError) -> TrackedBuild {
        let lifespan = DisposalTracker.lifespan(of: resolver)
        let inScope = resolver.scope != nil
        guard lifespan.enter(async: async, nested: { BuildNesting.isInsideBuild }) else {
            throw ended(entry, inScope: inScope)
        }
        return TrackedBuild(lifespan: lifespan, entry: entry, isAsync: async, inScope: inScope)
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
        DisposalTracker.track(instance, of: entry, extras: entry.extras, in: lifespan)
    }

    /// Counts the build out of its lifespan; whether its resolve may hand out the instance it built:
    /// not if the owner began to end meanwhile (then the instance is disposed by that end, or
    /// here if the end has already disposed everything) — unless the build is part of one still
    /// in flight, which that end waits for and which may use the instance meanwhile.
    private func leaveSucceeded() -> (handOut: Bool, disposeNow: Bool) {
        let (closed, finished) = lifespan.leave(async: isAsync)
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
        throw Self.ended(entry, inScope: inScope)
    }

    /// A synchronous build failed, after its instance may have existed (a hook threw): counts it
    /// out and disposes the instance now.
    @usableFromInline
    func failed(_ error: WiringError, ticket: DisposalTicket?) -> WiringError {
        _ = lifespan.leave(async: isAsync)
        ticket?.disposeNow()
        return error
    }

    /// ``succeeded(_:ticket:)`` and ``failed(_:ticket:)`` for an async build: the teardown is awaited.
    func finish<T>(_ result: Result<T, WiringError>, ticket: DisposalTicket?) async throws(WiringError) -> T {
        switch result {
        case .success(let instance):
            let (handOut, disposeNow) = leaveSucceeded()
            if handOut { return instance }
            if disposeNow, let failure = await ticket?.disposeNowAwaiting() { lifespan.report(failure) }
            throw Self.ended(entry, inScope: inScope)
        case .failure(let error):
            _ = lifespan.leave(async: isAsync)
            if let failure = await ticket?.disposeNowAwaiting() { lifespan.report(failure) }
            throw error
        }
    }
}
