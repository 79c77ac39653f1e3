public import Wiring

/// An instance with something to release when its container ends (a file, a socket, a pool):
/// Wiring's protocol, so that a type conforms to it with `WiringSwinject` imported alone.
public typealias Disposable = Wiring.Disposable

/// An instance whose release is asynchronous, such as closing a connection pool: Wiring's
/// protocol.
public typealias AsyncDisposable = Wiring.AsyncDisposable

/// What `Container.shutdown()` and `syncShutdown()` throw: Wiring's error, which lists every
/// teardown that failed.
public typealias DisposalError = Wiring.DisposalError

/// A registration's own teardown, set by `ServiceEntry.onDispose`, taking the instance as `Any`.
enum EntryTeardown {
    case sync(@Sendable (Any) throws -> Void)
    case async(@Sendable (Any) async throws -> Void)

    /// How `instance` is disposed: by the registration's own teardown if it has one, else by the
    /// instance's `dispose()` if it is ``AsyncDisposable`` or ``Disposable``; `nil` when nothing
    /// would dispose it. Asked when the instance is disposed, not when it is built: a build pays
    /// for no conformance lookup.
    static func teardown(for instance: Any, registered: EntryTeardown?) -> DisposalTicket.Teardown? {
        // The teardowns are `Sendable`; the instance is not asked to be, as Swinject never asked:
        // it is handed to its teardown once (the ticket runs it once), on the thread that ends or
        // resets its container, or for an `async` teardown in a task that the end awaits, as it was
        // handed to every thread that resolved it.
        let box = UncheckedBox(instance)
        switch registered {
        case .sync(let teardown): return .sync { try teardown(box.value) }
        case .async(let teardown): return .async { try await teardown(box.value) }
        case nil: break
        }
        if let disposable = instance as? any AsyncDisposable { return .async { try await disposable.dispose() } }
        if let disposable = instance as? any Disposable { return .disposable(disposable) }
        return nil
    }

    /// Whether disposing `instance` needs awaiting.
    static func isAsynchronous(_ instance: Any, registered: EntryTeardown?) -> Bool {
        switch registered {
        case .sync: false
        case .async: true
        case nil: instance is any AsyncDisposable
        }
    }
}

extension ServiceEntry {
    /// Gives the registration's instances a teardown, run once: when the container that made the
    /// registration ends (``Container/shutdown()``), newest instance first, or as soon as a reset
    /// drops the instance (`resetObjectScope`, a new scope set by `inObjectScope`). It replaces the
    /// instance's own ``Disposable`` or ``AsyncDisposable`` conformance. A registration replaced
    /// or removed keeps its instance, as in Swinject (it may be forwarded elsewhere): the instance
    /// is disposed when the registration goes, as a reset disposes it, or at the container's
    /// shutdown if something still holds the registration. One built while its registration was
    /// being replaced or removed (by its own factory, or by another thread) is handed out
    /// undisposed, and the shutdown disposes it.
    ///
    /// ```swift
    /// container.register(ConnectionPool.self) { _ in ConnectionPool() }
    ///     .inObjectScope(.container)
    ///     .onDispose { pool in await pool.close() }
    /// ```
    ///
    /// Only instances a container keeps until it is reset are its to dispose: those of the
    /// `.container` scope, and of custom scopes whose storage is a ``PermanentStorage``. A
    /// `.transient`, `.graph` or `.weak` instance belongs to whoever holds it.
    ///
    /// An asynchronous teardown needs the `async` ``Container/shutdown()``; a closure that does not
    /// await gets the synchronous overload, which ``Container/syncShutdown()`` can run too.
    @discardableResult
    public func onDispose(_ teardown: @escaping @Sendable (Service) async throws -> Void) -> Self {
        setTeardown(
            .async { instance in
                if let service = instance as? Service { try await teardown(service) }
            })
        return self
    }

    /// Gives the registration's instances a synchronous teardown: as the `async` overload, but it
    /// runs on the thread that ends the container, so ``Container/syncShutdown()`` can run it.
    ///
    /// ```swift
    /// container.register(LogFile.self) { _ in LogFile(path: "app.log") }
    ///     .inObjectScope(.container)
    ///     .onDispose { file in file.close() }
    /// ```
    @discardableResult
    public func onDispose(_ teardown: @escaping @Sendable (Service) throws -> Void) -> Self {
        setTeardown(
            .sync { instance in
                if let service = instance as? Service { try teardown(service) }
            })
        return self
    }
}
