extension Registration {
    /// Gives the registration's instances a teardown, run by ``Container/shutdown()`` (for
    /// singletons) or ``Scope/close()`` (for scoped instances), in reverse order of creation, or
    /// as soon as the container stops caching an instance (a reset, a removal, a re-registration),
    /// once either way. It replaces the instance's own ``Disposable`` or ``AsyncDisposable``
    /// conformance.
    ///
    /// ```swift
    /// container.register(ConnectionPool.self, lifetime: .singleton) { _ in try ConnectionPool() }
    ///     .onDispose { pool in await pool.close() }
    /// ```
    ///
    /// An asynchronous teardown needs the `async` ``Scope/close()`` or ``Container/shutdown()``,
    /// not ``Scope/syncClose()`` or ``Container/syncShutdown()``; a closure that does not await
    /// gets the synchronous overload below, which both can run.
    @discardableResult
    public func onDispose(_ teardown: @escaping @Sendable (T) async throws -> Void) -> Registration<T> {
        refining { $0.teardown = .async(teardown) }
    }

    /// Gives the registration's instances a synchronous teardown: as the `async` overload, but
    /// it runs on the thread that ends the instance's owner, so ``Scope/syncClose()`` and
    /// ``Container/syncShutdown()`` can run it.
    ///
    /// ```swift
    /// container.register(Transaction.self, lifetime: .scoped) { r in try Transaction(r.resolve()) }
    ///     .onDispose { transaction in transaction.rollBackIfOpen() }
    /// ```
    @discardableResult
    public func onDispose(_ teardown: @escaping @Sendable (T) throws -> Void) -> Registration<T> {
        refining { $0.teardown = .sync(teardown) }
    }

    /// Makes a transient registration's instances tracked for disposal too: each one built is
    /// disposed when the scope it was resolved through closes, or else when the container shuts
    /// down. Off by default, because a container that tracked every transient would keep them
    /// all alive.
    @discardableResult
    public func trackingTransients() -> Registration<T> {
        refining { $0.tracksTransients = true }
    }
}
