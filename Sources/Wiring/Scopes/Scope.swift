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
/// nearest enclosing scope with that name.
///
/// End a scope with ``close()``, or without `await` with ``syncClose()`` when its teardowns are
/// synchronous: it disposes the scope's disposable instances in reverse order of creation, then
/// releases them. A scope still open when its container shuts down is closed
/// by ``Container/shutdown()``. A scope released without being closed releases its instances
/// but does **not** dispose them (a debug build prints a warning when it had some to dispose):
/// disposal may be asynchronous and may fail, and a `deinit` can neither await nor report.
public final class Scope: Resolving, Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = AtomicWordStorage(false)
    /// The scope's name, if it was given one.
    public let name: ScopeName?
    /// The container the scope resolves from.
    public let container: Container
    /// The enclosing scope, for a nested scope.
    public let parent: Scope?
    /// What the scope holds: its instances, their disposal and the builds in flight, behind one
    /// lock, in one allocation. Its container holds it too while the scope is open, to close it
    /// at shutdown.
    @usableFromInline var lifespan: Lifespan { shared.lifespan }
    @usableFromInline let shared: SharedLifespan
    /// Set by ``close()`` and ``syncClose()``; a scope its container's shutdown closed is
    /// refused by the container itself.
    var isClosed: AtomicView<Bool> { AtomicView(inline: self, word: 0) }
    /// Whether the scope is closed now.
    var hasClosed: Bool { isClosed.load(ordering: .acquiring) }
    /// Made after its container had shut down, so closed from the start: errors say so.
    let isBornClosed: Bool

    init(container: Container, parent: Scope?, name: ScopeName?) {
        self.container = container
        self.parent = parent
        self.name = name
        let lifespan = Lifespan.make(
            inlineSlots: 8, instruments: container.scopeInstruments(name: name, isNested: parent != nil))
        shared = SharedLifespan(lifespan: lifespan)
        isBornClosed = !container.openScopes.open(lifespan)
        if isBornClosed { isClosed.store(true, ordering: .releasing) }
    }

    deinit {
        // Closed (by its close, which has returned: it held this handle), or born closed: its
        // instances are gone already.
        if hasClosed { return }
        #if DEBUG
            lifespan.warnIfDroppedUndisposed(name: name)
        #endif
        // Its container's list of open scopes may hold the lifespan a while longer: the instances go now.
        lifespan.abandon()
        container.openScopes.scopeLeft()
    }

    /// The container's registry, unretained (see ``Resolving/_registry``); once the scope is
    /// closed, an empty registry, so that every resolve misses and reports it.
    public var _registry: _RegistryReference {
        hasClosed ? closedStandIn._registry : container._registry
    }

    /// The resolver for this scope; once it is closed, one whose container is an empty stand-in
    /// (every resolve misses and throws ``WiringError/Code/shutDown``), which keeps the scope to
    /// answer ``Resolving/isRegistered(_:tag:)`` for its container.
    public var resolver: Resolver {
        hasClosed
            ? Resolver(container: closedStandIn, scope: self) : Resolver(container: container, scope: self)
    }

    /// The empty container a closed scope resolves from, which says how it came to be closed.
    private var closedStandIn: Container {
        isBornClosed ? Container.scopeOfShutDownContainer : Container.closedScope
    }

    /// Makes a scope nested in this one, for example a request scope inside a session scope.
    public func makeScope(_ name: ScopeName? = nil) -> Scope {
        Scope(container: container, parent: self, name: name)
    }

    /// Disposes and releases the instances this scope holds; the next resolve builds new ones.
    ///
    /// A disposable instance is disposed once, before this returns (an asynchronous teardown
    /// runs in a task that ``close()`` awaits). A build in flight is not waited for: it returns
    /// its instance to its caller and does not cache it. Once the scope has begun to close, its
    /// end disposes the instances instead, and this only keeps builds in flight from caching.
    public func reset() {
        lifespan.resetUnlessEnding()
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
}
