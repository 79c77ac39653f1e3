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
    private let cells = Mutex<[ServiceKey: AnyObject]>([:])
    /// The instances ``close()`` disposes.
    let disposables = DisposalBag()
    /// Set by ``close()``.
    let isClosed = Atomic<Bool>(false)

    init(container: Container, parent: Scope?, name: ScopeName?) {
        self.container = container
        self.parent = parent
        self.name = name
    }

    /// The container's registry, unretained (see ``Resolving/_registryPointer``); once the scope
    /// is closed, an empty registry, so that every resolve misses and reports it.
    public var _registryPointer: UnsafeRawPointer {
        isClosed.load(ordering: .acquiring) ? Container.closedScope._registryPointer : container._registryPointer
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

    /// Releases the instances this scope holds; the next resolve builds new ones.
    public func reset() {
        let released = cells.withLock { cells in
            let old = cells
            cells = [:]
            return old
        }
        _ = consume released
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

    /// The cell that holds this scope's instance for `key`; `nil` once the scope is closed.
    func cell<T>(for key: ServiceKey) -> InstanceCell<T>? {
        if isClosed.load(ordering: .acquiring) { return nil }
        return cells.withLock { cells in
            if let existing = cells[key] { return unsafeDowncast(existing, to: InstanceCell<T>.self) }
            let cell = InstanceCell<T>(weak: false)
            cells[key] = cell
            return cell
        }
    }
}
