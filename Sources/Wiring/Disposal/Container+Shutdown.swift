import Synchronization

extension Container {
    /// Ends the container: disposes every instance it tracked — singletons and eager singletons
    /// that are ``Disposable``, ``AsyncDisposable`` or have an ``Registration/onDispose(_:)``
    /// teardown, and transients of registrations that asked — in reverse order of creation,
    /// each exactly once, then releases its cached instances. Live child containers are shut
    /// down first.
    ///
    /// ```swift
    /// try await container.shutdown()
    /// ```
    ///
    /// Every teardown runs even if others throw; their errors come back together, with those of
    /// teardowns that earlier resets started. Afterwards, every resolve from this container
    /// throws ``WiringError/Code/shutDown``, including those of registrations made later, and
    /// the container holds no instance. Calling it again does nothing more.
    ///
    /// Builds in flight when it is called finish first: it waits for them (except the build
    /// it is called from, when an async factory shuts down its own container). Such a build's
    /// resolve throws ``WiringError/Code/shutDown`` instead of handing out its instance, and the
    /// instance is disposed with the others, so nothing escapes undisposed.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed.
    public func shutdown() async throws(DisposalError) {
        var failures: [DisposalError.Failure] = []
        for child in liveChildren {
            do throws(DisposalError) {
                try await child.shutdown()
            } catch {
                failures += error.failures
            }
        }
        let (replaced, retired) = tracing.withLock { _ in
            isShutDown.store(true, ordering: .releasing)
            // The replaced entries keep their instances until they are disposed, below.
            return registry.insert(contentsOf: registry.allEntries().map { $0.shutDownCopy() })
        }
        retired.release()
        await disposables.close(excluding: AsyncResolutionStack.builds(in: disposables))
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
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed; the others still ran.
    public func close() async throws(DisposalError) {
        isClosed.store(true, ordering: .releasing)
        defer { reset() }
        await disposables.close(excluding: AsyncResolutionStack.builds(in: disposables))
        try await disposables.disposeAll()
    }
}
