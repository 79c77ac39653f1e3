extension Container {
    /// Ends the container: disposes every instance it tracked — singletons and eager singletons
    /// that are ``Disposable``, ``AsyncDisposable`` or have an ``Registration/onDispose(_:)-3gzi1``
    /// teardown, and transients of registrations that asked — in reverse order of creation,
    /// each exactly once, then releases its cached instances. Live child containers are shut
    /// down first, then the scopes made from this container that are still open, innermost
    /// first (as if each had been closed); a scope made afterwards is born closed.
    ///
    /// ```swift
    /// try await container.shutdown()
    /// ```
    ///
    /// Every teardown runs even if others throw; their errors come back together, with those of
    /// teardowns that earlier resets started. Afterwards, every resolve from this container
    /// throws ``WiringError/Code/shutDown``, including those of registrations made later, and
    /// the container holds no instance.
    ///
    /// Calling it again, or concurrently, waits until the first call has finished, then throws
    /// the failures of teardowns that ran since it returned (a build that outlived the shutdown
    /// disposes its own instance, and its teardown's failure is kept for the next call); it
    /// disposes nothing twice.
    ///
    /// Builds in flight when it is called finish first: it waits for them (except the build
    /// it is called from, when an async factory shuts down its own container). Such a build's
    /// resolve throws ``WiringError/Code/shutDown`` instead of handing out its instance, and the
    /// instance is disposed with the others, so nothing escapes undisposed.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed.
    public func shutdown() async throws(DisposalError) {
        do throws(DisposalError) {
            try await disposables.end { () async throws(DisposalError) in try await self.shutDownOnce() }
        } catch {
            throw error.ending(.container)
        }
    }

    /// Ends the container without `await` (named as SwiftNIO's `syncShutdownGracefully()`), when its instances, its live children's and its open
    /// scopes' have only synchronous teardowns: as the `async` ``shutdown()``, on the calling
    /// thread.
    ///
    /// ```swift
    /// try container.syncShutdown()
    /// ```
    ///
    /// It refuses to start when ending needs awaiting, as ``Scope/syncClose()`` does: it then
    /// throws a ``DisposalError`` with the code ``DisposalError/Code/needsAwait`` whose
    /// ``DisposalError/asynchronousTeardowns`` names what, disposes nothing and leaves the
    /// container running. That is checked when it is called; an asynchronous teardown that a
    /// build in flight adds afterwards is started in a task and reported as not awaited.
    ///
    /// It never blocks on async work: meeting an `async` ``shutdown()`` in progress, it throws
    /// ``DisposalError/Code/needsAwait`` at once. Synchronous builds in flight on other threads
    /// are waited for, blocking this thread, and so is a `syncShutdown()` in progress on another
    /// thread; a call from inside a build, or from a teardown, returns at once (the end in
    /// progress may be waiting for that very build).
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed, or what stopped it from
    ///   starting.
    public func syncShutdown() throws(DisposalError) {
        try syncShutdown(refusingAsynchronousTeardowns: true)
    }

    /// ``syncShutdown()``; or, not `refusing`, the forced form that validation's dry run uses
    /// on its copy: every synchronous teardown runs, and each asynchronous one is started in a
    /// task and reported as a failure of type `AsynchronousTeardownNotAwaited`.
    package func syncShutdown(refusingAsynchronousTeardowns refusing: Bool) throws(DisposalError) {
        do throws(DisposalError) {
            // Once this container's end has started, `endSynchronously` answers: a call from one
            // of its own teardowns (a child's, say) returns at once, as documented.
            if refusing, !disposables.endHasStarted {
                let needs = asynchronousEndNeeds()
                if !needs.isEmpty { throw DisposalError(asynchronousTeardowns: needs) }
            }
            try disposables.endSynchronously { () throws(DisposalError) in
                try self.shutDownOnceSynchronously(refusing: refusing)
            }
        } catch {
            throw error.ending(.container)
        }
    }

    /// What ending this container, its live children and its open scopes would need to await:
    /// their asynchronous teardowns, and an asynchronous end of one of them already running
    /// (whose teardowns may still use this container's instances). `below`: this is a child.
    /// The container's own end in progress is ``Lifespan/endSynchronously(_:)``'s to answer.
    private func asynchronousEndNeeds(below: Bool = false) -> [String] {
        var needs = disposables.asynchronousEndNeeds()
        if below, disposables.asyncEndInProgress { needs.append("a child container's asynchronous shutdown(), in progress") }
        for child in liveChildren { needs += child.asynchronousEndNeeds(below: true) }
        for scope in openScopes.all() {
            needs += scope.asynchronousEndNeeds()
            if scope.asyncEndInProgress { needs.append("a scope's asynchronous close(), in progress") }
        }
        var seen = Set<String>()
        return needs.filter { seen.insert($0).inserted }
    }

    /// ``shutDownOnce()`` without `await`; not `refusing`, a child or scope that meets an
    /// asynchronous teardown reports it as not awaited instead of refusing.
    private func shutDownOnceSynchronously(refusing: Bool) throws(DisposalError) {
        try disposables.runEndSynchronously(
            endingDependents: {
                let children = DisposalError.failures(ending: liveChildren) { (child) throws(DisposalError) in
                    try child.syncShutdown(refusingAsynchronousTeardowns: refusing)
                }
                // Then the open scopes, innermost first: a scope made from now on is born closed.
                let scopes = DisposalError.failures(ending: openScopes.takeAll()) { (scope) throws(DisposalError) in
                    try scope.closeScopeSynchronously(refusing: false)
                }
                return children + scopes
            },
            retire: retireRegistrations,
            release: releaseRetired
        )
    }

    /// Replaces every registration by one that throws ``WiringError/Code/shutDown``, and returns
    /// the entries replaced: they keep their instances until those are disposed.
    private func retireRegistrations() -> [AnyEntry?] {
        let (replaced, retired) = tracing.withLock { _ in
            isShutDown.store(true, ordering: .releasing)
            return registry.insert(contentsOf: registry.allEntries().map { $0.shutDownCopy() })
        }
        retired.release()
        return replaced
    }

    /// The first ``shutdown()``'s work (see ``Lifespan/runEnd(endingDependents:excludingOwnBuilds:retire:release:)``):
    /// its live children shut down, then its open scopes close, innermost first; every
    /// registration is replaced by one that throws ``WiringError/Code/shutDown``; its instances
    /// are disposed, newest first, and released.
    private func shutDownOnce() async throws(DisposalError) {
        try await disposables.runEnd(
            endingDependents: {
                let children = await DisposalError.failures(awaitingEnd: liveChildren) { (child) async throws(DisposalError) in
                    try await child.shutdown()
                }
                // Then the open scopes, innermost first: a scope made from now on is born closed.
                let scopes = await DisposalError.failures(awaitingEnd: openScopes.takeAll()) { (scope) async throws(DisposalError) in
                    try await scope.closeScope()
                }
                return children + scopes
            },
            excludingOwnBuilds: { AsyncResolutionStack.builds(in: disposables) },
            retire: retireRegistrations,
            release: releaseRetired
        )
    }

    /// Releases the instances of the entries the shut-down copies replaced (they own them),
    /// after their teardowns ran, and the container's caches.
    private func releaseRetired(_ replaced: [AnyEntry?]) {
        Reclamation.release(replaced.compactMap { $0?.resetCache() })
        reset()
    }
}
