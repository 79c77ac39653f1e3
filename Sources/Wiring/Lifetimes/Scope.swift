import Synchronization

/// The owner of `.scoped` instances for one unit of work: a request, a session, a screen.
///
/// ```swift
/// container.register(RequestContext.self, lifetime: .scoped) { _ in RequestContext() }
/// let request = container.makeScope("request")
/// let context = try request.resolve(RequestContext.self)   // one per scope
/// ```
///
/// Resolving through a scope resolves everything else exactly as the container would; only
/// `.scoped` registrations are cached here. Scopes nest (``makeScope(_:)``): a `.scoped`
/// registration lives in the innermost scope, a ``Lifetime/scoped(_:)`` registration in the
/// nearest enclosing scope with that name. A scope's instances are released when the scope is
/// released or ``reset()``.
public final class Scope: Resolving, Sendable {
    /// The scope's name, if it was given one.
    public let name: ScopeName?
    /// The container the scope resolves from.
    public let container: Container
    /// The enclosing scope, for a nested scope.
    public let parent: Scope?
    /// One cell per key, tagged with the registration it caches for (see ``cell(for:)``).
    private let cells = Lock<[ServiceKey: ScopedCell]>([:])
    /// The instances ``close()`` disposes.
    let disposables = DisposalBag()
    /// Set by ``close()``.
    let isClosed = Atomic<Bool>(false)

    init(container: Container, parent: Scope?, name: ScopeName?) {
        self.container = container
        self.parent = parent
        self.name = name
    }

    /// The container's registry, unretained (see ``Resolving/_registry``); once the scope is
    /// closed, an empty registry, so that every resolve misses and reports it.
    public var _registry: _RegistryReference {
        isClosed.load(ordering: .acquiring) ? Container.closedScope._registry : container._registry
    }

    /// The resolver for this scope.
    public var resolver: Resolver {
        isClosed.load(ordering: .acquiring)
            ? Resolver(container: Container.closedScope, scope: nil) : Resolver(container: container, scope: self)
    }

    /// Makes a scope nested in this one, for example a request scope inside a session scope.
    public func makeScope(_ name: ScopeName? = nil) -> Scope {
        Scope(container: container, parent: self, name: name)
    }

    /// Disposes and releases the instances this scope holds; the next resolve builds new ones.
    ///
    /// A disposable instance is disposed once, before this returns (an asynchronous teardown
    /// runs in a task that ``close()`` awaits). A build in flight is not waited for: it returns
    /// its instance to its caller and does not cache it.
    public func reset() {
        let released = cells.withLock { cells in
            let old = cells
            cells = [:]
            return old
        }
        // A scope's cells are read under their lock, never lock-free, so there is no reader to
        // wait for: a request scope closes without a grace period.
        Reclamation.releaseUnshared(released.values.compactMap { $0.cell.reset() })
    }

    /// This scope if `name` is `nil`, else the nearest scope (this one or an ancestor) with `name`.
    func enclosing(named name: ScopeName?) -> Scope? {
        guard let name else { return self }
        var current: Scope? = self
        while let scope = current {
            if scope.name == name { return scope }
            current = scope.parent
        }
        return nil
    }

    /// The cell that holds this scope's instance of `entry`'s registration; `nil` once the scope
    /// is closed. A cell made for a registration that has since been replaced or removed (same
    /// key, other registration) is dropped, so the scope never serves what an old factory built.
    func cell<T>(for entry: AnyEntry) -> InstanceCell<T>? {
        if isClosed.load(ordering: .acquiring) { return nil }
        let registration = ScopedCell.Registration(owner: ObjectIdentifier(entry.owner), sequence: entry.sequence)
        let (cell, replaced) = cells.withLock { cells -> (InstanceCell<T>, ScopedCell?) in
            if let existing = cells[entry.key], existing.registration == registration {
                return (unsafeDowncast(existing.cell, to: InstanceCell<T>.self), nil)
            }
            let cell = InstanceCell<T>(weak: false, lockedReads: true)
            return (cell, cells.updateValue(ScopedCell(registration: registration, cell: cell), forKey: entry.key))
        }
        // Disposed and released after the lock is dropped, in case the old instance's `deinit`
        // resolves.
        if let replaced, let old = replaced.cell.reset() { Reclamation.releaseUnshared([old]) }
        return cell
    }
}

/// A scope's cell for one key, and which registration it was made for.
struct ScopedCell: Sendable {
    /// A registration's identity that survives republishing it (hooks, tracing): its container
    /// and its sequence number there.
    struct Registration: Hashable, Sendable {
        let owner: ObjectIdentifier
        let sequence: Int
    }

    let registration: Registration
    let cell: any ResettableCell & Sendable
}
