// The public end of a scope (`close()`, `syncClose()`) and the steps it takes on the scope's lifespan.

extension Scope {
    /// Ends the scope: disposes its tracked instances in reverse order of creation, each exactly
    /// once, then releases them. Afterwards every resolve through this scope throws
    /// ``WiringError/Code/shutDown``.
    ///
    /// ```swift
    /// let request = container.makeScope("request")
    /// defer { Task { try await request.close() } }
    /// ```
    ///
    /// Builds through this scope still in flight finish first, as for ``Container/shutdown()``:
    /// their resolves throw ``WiringError/Code/shutDown`` and their instances are disposed here.
    /// Calling it again, or concurrently, waits for the first call, as ``Container/shutdown()``
    /// does. Its container's shutdown closes a scope left open.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed; the others still ran.
    public func close() async throws(DisposalError) {
        defer { container.openScopes.scopeLeft() }
        do throws(DisposalError) {
            try await lifespan.closeScope { isClosed.store(true, ordering: .releasing) }
        } catch {
            throw error.ending(.scope(name))
        }
    }

    /// Ends the scope without `await` (named as SwiftNIO's `syncShutdownGracefully()`), for scopes whose instances have only synchronous
    /// teardowns (``Disposable``, a synchronous ``Registration/onDispose(_:)-7c457``), such as a
    /// request scope closed on a server's hot path: as the `async` ``close()``, on the calling
    /// thread.
    ///
    /// ```swift
    /// let request = container.makeScope("request")
    /// defer { try? request.syncClose() }
    /// ```
    ///
    /// It refuses to start when ending needs awaiting: when an instance of the scope has an
    /// asynchronous teardown (``AsyncDisposable``, an `async` ``Registration/onDispose(_:)-3gzi1``), a
    /// reset started a teardown task that is still running, or an async build through the scope
    /// is in flight. It then throws a ``DisposalError`` with the code
    /// ``DisposalError/Code/needsAwait``, whose ``DisposalError/asynchronousTeardowns`` names
    /// them, disposes nothing, and leaves the scope open for the `async` ``close()``. It never
    /// blocks on async work: meeting an `async` ``close()`` in progress, it throws the same code
    /// at once.
    ///
    /// Synchronous builds in flight on other threads are waited for, blocking this thread; a
    /// call from inside a build does not wait, and a build that finishes afterwards disposes
    /// its own instance. Calling it again, or concurrently, waits for the first synchronous
    /// call; a call from inside a build or a teardown returns at once.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed (the others still ran), or
    ///   the asynchronous teardowns that stopped it from starting.
    public func syncClose() throws(DisposalError) {
        // A refusal or a second call counts too: a batch that finds nothing more to drop costs
        // one walk of the list, where tracking which call ended the scope would cost every close.
        defer { container.openScopes.scopeLeft() }
        do throws(DisposalError) {
            try lifespan.closeScopeSynchronously { isClosed.store(true, ordering: .releasing) }
        } catch {
            throw error.ending(.scope(name))
        }
    }

    /// Closes the scope in one step when it is quiet, as a request's usually is (no end begun, no
    /// build in flight, a handful of instances, no asynchronous teardown); returns `false`,
    /// having changed nothing, otherwise, for the caller to `await` ``close()``. Never waits for
    /// anything, so an async caller may try it first without blocking its thread, as
    /// ``syncClose()`` would while a build is in flight on another thread.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed (the others still ran).
    package func closeIfQuiet() throws(DisposalError) -> Bool {
        do throws(DisposalError) {
            guard try lifespan.closeQuietScope(stopped: { isClosed.store(true, ordering: .releasing) }) else { return false }
        } catch {
            container.openScopes.scopeLeft()
            throw error.ending(.scope(name))
        }
        container.openScopes.scopeLeft()
        return true
    }
}

/// A scope's end: the same steps as a container's (``Lifespan/end(_:)``), on its lifespan, inside
/// its instruments' ``ScopeInstrument/close(_:)``.
extension Lifespan {
    /// Ends the scope without `await`: see ``Scope/syncClose()``.
    /// `refusing`: whether to refuse when ending needs awaiting; a container's synchronous
    /// shutdown, which checked that already, does not.
    /// `stopped` runs once builds have stopped, before anything is disposed.
    func closeScopeSynchronously(refusing: Bool = true, stopped: () -> Void = {}) throws(DisposalError) {
        if refusing, try closeQuietScope(stopped: stopped) { return }
        if refusing {
            let needs = stopBuildsUnlessAsynchronous()
            if !needs.isEmpty { throw DisposalError(asynchronousTeardowns: needs) }
        } else {
            stopBuilds()
        }
        stopped()
        try endSynchronously { () throws(DisposalError) in
            defer { self.resetSlots() }
            try self.reportingClose { () throws(DisposalError) in
                self.waitForBuildsBlocking()
                try self.disposeAllSynchronously()
            }
        }
    }

    /// Ends the scope: see ``Scope/close()``. The first call does the work; a later or
    /// concurrent one waits for it, then reports the failures of teardowns that ran since.
    /// `stopped` runs once builds have stopped, before anything is disposed.
    func closeScope(stopped: () -> Void = {}) async throws(DisposalError) {
        // Builds stop before the scope reads as closed: whoever sees it closed knows that a
        // build in flight will not hand out its instance.
        stopBuilds()
        stopped()
        let shared = SharedLifespan(lifespan: self)
        try await end { () async throws(DisposalError) in
            defer { shared.lifespan.resetSlots() }
            try await shared.lifespan.reportingClose { () async throws(DisposalError) in
                await shared.lifespan.close(excluding: AsyncResolutionStack.builds(in: shared.lifespan))
                try await shared.lifespan.disposeAll()
            }
        }
    }

    /// The synchronous end of a quiet scope, in one step, as a request's usually is: when no
    /// end has begun, no build is in flight, the scope holds at most its inline slots, none
    /// with an asynchronous teardown, and nothing else (no tickets, no teardown tasks).
    /// Returns `false`, having changed nothing, when the scope is not quiet: the general end
    /// below then runs.
    ///
    /// Under one lock it stops builds, claims the end (a concurrent end waits for it, one its
    /// teardowns call returns at once: ``endSynchronously(_:)``'s rules), marks it finished and
    /// moves every slot out; after the lock it disposes them newest first, releases them, and
    /// under the lock again marks the end done and collects failures reported meanwhile.
    func closeQuietScope(stopped: () -> Void) throws(DisposalError) -> Bool {
        try withUnsafeTemporaryAllocation(of: ScopeSlot.self, capacity: 8) { buffer throws(DisposalError) -> Bool in
            let thread = currentThreadID
            let taken = withLocked { state, slots, inline -> Int? in
                guard case .notStarted = state.ending, state.inFlight == 0, state.tickets.isEmpty, state.running.isEmpty,
                    slots.count <= buffer.count, !slots.hasAsynchronousTeardown(inline: inline)
                else { return nil }
                state.closed = true
                state.finished = true
                state.ending = .running(waiters: [])
                state.endingThread = thread
                return slots.takeAll(into: buffer, inline: inline)
            }
            guard let taken else { return false }
            let slots = UnsafeMutableBufferPointer(rebasing: buffer[0..<taken])
            stopped()
            var failures: [DisposalError.Failure] = []
            do throws(DisposalError) {
                try reportingClose { () throws(DisposalError) in
                    var failures: [DisposalError.Failure] = []
                    // Newest first, among the slots with a teardown not yet run (taking one clears
                    // its slot's): the slots are in the order they were claimed, not built.
                    let first = slots.baseAddress.unsafelyUnwrapped
                    while let newest = ScopeSlots.newestWithTeardown(first, count: slots.count) {
                        guard let teardown = slots[newest].takeTeardown() else { continue }
                        if let failure = run(for: slots[newest].entry).disposeSynchronously(teardown) { failures.append(failure) }
                    }
                    if !failures.isEmpty { throw DisposalError(failures: failures) }
                }
            } catch {
                failures = error.failures
            }
            for index in 0..<taken { (slots.baseAddress.unsafelyUnwrapped + index).move().release() }
            let earlier = finishEnding(takingFailures: true)
            if failures.isEmpty, earlier.isEmpty { return true }
            throw DisposalError(failures: failures + earlier)
        }
    }

    /// Whether the scope builds nothing more: it is closed, and the caller is not a build in
    /// flight (which its end waits for) that still needs to finish its graph.
    var refusesBuilds: Bool {
        withState { $0.refuses }
    }

    /// The scope's instruments, if any; they hear of its close from now on, not of it abandoned.
    private func instrumentsHearingClose() -> [any ScopeInstrument]? {
        // Read through the header's pointer: the `header` property would copy all of it.
        guard let instruments = withUnsafeMutablePointerToHeader({ $0.pointee.instruments }) else { return nil }
        withState { $0.closeReported = true }
        return instruments
    }

    /// Runs `close` inside each instrument's ``ScopeInstrument/close(_:)``, the first outermost.
    private func reportingClose(_ close: () throws(DisposalError) -> Void) throws(DisposalError) {
        guard let instruments = instrumentsHearingClose() else { return try close() }
        var progress = CloseProgress()
        _ = Self.run(close, inside: instruments, from: 0, &progress)
        try progress.finish()
    }

    /// ``reportingClose(_:)`` for an `async` close, inside each instrument's
    /// ``ScopeInstrument/closeAsync(_:)``: the same steps, through ``CloseProgress``.
    private func reportingClose(_ close: @Sendable () async throws(DisposalError) -> Void) async throws(DisposalError) {
        guard let instruments = instrumentsHearingClose() else { return try await close() }
        var progress = CloseProgress()
        // The body an instrument gets stores its closure, valid only during the call (see
        // `Tracer.instrumentedAsync`).
        await withoutActuallyEscaping(close) { close in
            func run(_ index: Int) async -> [DisposalError.Failure] {
                if index == instruments.count { return await progress.runOnce(awaiting: close) }
                var failures: [DisposalError.Failure] = []
                await instruments[index].closeAsync(
                    ScopeCloseBody {
                        failures = await run(index + 1)
                        return failures
                    })
                return failures
            }
            _ = await run(0)
        }
        try progress.finish()
    }

    /// How far a close wrapped in instruments is: how often the innermost body was called (once,
    /// or the instruments misbehaved), and how the close ended. The close runs on the first call
    /// only; every call returns its failures, for the instrument to record.
    private struct CloseProgress {
        var runs = 0
        var outcome: DisposalError?

        mutating func runOnce(_ close: () throws(DisposalError) -> Void) -> [DisposalError.Failure] {
            runs += 1
            if runs == 1 {
                do throws(DisposalError) { try close() } catch { outcome = error }
            }
            return outcome?.failures ?? []
        }

        mutating func runOnce(awaiting close: () async throws(DisposalError) -> Void) async -> [DisposalError.Failure] {
            runs += 1
            if runs == 1 {
                do throws(DisposalError) { try await close() } catch { outcome = error }
            }
            return outcome?.failures ?? []
        }

        /// Stops the program if the close did not run exactly once; throws its failures.
        func finish() throws(DisposalError) {
            if runs != 1 { Lifespan.closeNotRunOnce() }
            if let outcome { throw outcome }
        }
    }

    /// Runs `close` inside `instruments[index...]`, the first outermost; returns its failures.
    /// Recursive through a non-escaping closure and an `inout` parameter, not a local function
    /// capturing variables, which would box them on the heap on every close.
    private static func run(
        _ close: () throws(DisposalError) -> Void, inside instruments: [any ScopeInstrument], from index: Int,
        _ progress: inout CloseProgress
    ) -> [DisposalError.Failure] {
        if index == instruments.count { return progress.runOnce(close) }
        var failures: [DisposalError.Failure] = []
        instruments[index].close {
            failures = run(close, inside: instruments, from: index + 1, &progress)
            return failures
        }
        return failures
    }

    /// Stops the program: an instrument did not run a scope's close exactly once.
    fileprivate static func closeNotRunOnce() -> Never {
        fatalError(
            """
            Wiring: a ScopeInstrument's close(_:) or closeAsync(_:) did not call its body exactly once, so the scope's instances were not disposed as they should be.
            To fix: call `body` exactly once in every ScopeInstrument.close(_:) and closeAsync(_:).
            """
        )
    }

    #if DEBUG
        /// Whether the warning below has been printed: once per process, so that a loop that
        /// drops scopes does not flood the console.
        private static let warned = AtomicCell<Bool>(false)

        /// Prints a warning, in debug builds, when the scope is released without being closed
        /// while it holds instances that were never disposed (the first time only).
        func warnIfDroppedUndisposed(name: ScopeName?) {
            let undisposed = undisposedCount
            guard undisposed > 0, !Self.warned.exchange(true, ordering: .relaxed) else { return }
            let scope = name.map { "scope \"\($0.rawValue)\"" } ?? "a scope"
            printWarning(
                """
                Wiring warning: \(scope) was released without close(); its \(undisposed) disposable instance\(undisposed == 1 ? " was" : "s were") released without being disposed.
                To fix: end every scope with `try await scope.close()` when its work is done. (Printed once per process.)
                """
            )
        }
    #endif
}
