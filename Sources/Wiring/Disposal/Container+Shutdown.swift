import Synchronization

extension Container {
    /// Ends the container: disposes every instance it tracked — singletons and eager singletons
    /// that are ``Disposable``, ``AsyncDisposable`` or have an ``Registration/onDispose(_:)``
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
        try await disposables.end { () async throws(DisposalError) in try await self.shutDownOnce() }
    }

    /// The first ``shutdown()``'s work, in this order:
    /// 1. new builds of its instances stop (a build in flight may still finish its graph);
    /// 2. live children shut down, then the open scopes close, innermost first: their instances
    ///    may use this container's;
    /// 3. the builds in flight finish;
    /// 4. every registration is replaced by one that throws ``WiringError/Code/shutDown``;
    /// 5. its instances are disposed, newest first, and released.
    private func shutDownOnce() async throws(DisposalError) {
        disposables.stopBuilds()
        var failures: [DisposalError.Failure] = []
        for child in liveChildren {
            do throws(DisposalError) {
                try await child.shutdown()
            } catch {
                failures += error.failures
            }
        }
        // A scope made from now on is born closed.
        for scope in openScopes.withLock({ $0.takeAll() }) {
            do throws(DisposalError) {
                try await scope.close()
            } catch {
                failures += error.failures
            }
        }
        await disposables.close(excluding: AsyncResolutionStack.builds(in: disposables))
        let (replaced, retired) = tracing.withLock { _ in
            isShutDown.store(true, ordering: .releasing)
            // The replaced entries keep their instances until they are disposed, below.
            return registry.insert(contentsOf: registry.allEntries().map { $0.shutDownCopy() })
        }
        retired.release()
        do throws(DisposalError) {
            try await disposables.disposeAll()
        } catch {
            failures += error.failures
        }
        // The entries the shut-down copies replaced own the instances: release those too.
        Reclamation.release(replaced.compactMap { $0?.resetCache() })
        reset()
        if !failures.isEmpty { throw DisposalError(failures: failures) }
    }
}

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
        defer { container.openScopes.forget(state) }
        try await state.close()
    }
}
