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
/// nearest enclosing scope with that name.
///
/// End a scope with ``close()``, or without `await` with ``syncClose()`` when its teardowns are
/// synchronous: it disposes the scope's disposable instances in reverse order of creation, then
/// releases them. A scope still open when its container shuts down is closed
/// by ``Container/shutdown()``. A scope released without being closed releases its instances
/// but does **not** dispose them (a debug build prints a warning when it had some to dispose):
/// disposal may be asynchronous and may fail, and a `deinit` can neither await nor report.
public final class Scope: Resolving, Sendable {
    /// The scope's name, if it was given one.
    public let name: ScopeName?
    /// The container the scope resolves from.
    public let container: Container
    /// The enclosing scope, for a nested scope.
    public let parent: Scope?
    /// What the scope holds; its container holds it too while the scope is open, to close it at
    /// shutdown.
    let state: ScopeState

    init(container: Container, parent: Scope?, name: ScopeName?) {
        self.container = container
        self.parent = parent
        self.name = name
        state = ScopeState(instruments: container.scopeInstruments(name: name, isNested: parent != nil))
        container.openScopes.open(state)
    }

    deinit {
        container.openScopes.forget(state)
        #if DEBUG
            state.warnIfDroppedUndisposed(name: name)
        #endif
    }

    /// The instances ``close()`` disposes.
    var disposables: DisposalBag { state.disposables }

    /// The container's registry, unretained (see ``Resolving/_registry``); once the scope is
    /// closed, an empty registry, so that every resolve misses and reports it.
    public var _registry: _RegistryReference {
        state.isClosed.load(ordering: .acquiring) ? Container.closedScope._registry : container._registry
    }

    /// The resolver for this scope.
    public var resolver: Resolver {
        state.isClosed.load(ordering: .acquiring)
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
        state.reset()
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

    /// This scope's instances, or `nil` once it is closed; see ``ScopeState/openInstances``.
    var instances: ScopedInstances? { state.openInstances }
}

/// A scope's instances and their disposal: what its container reaches to close it at shutdown,
/// without keeping the ``Scope`` itself alive (a scope dropped without ``Scope/close()`` is
/// released as before, and forgotten by its container).
final class ScopeState: Sendable {
    /// The instances of `.scoped` registrations.
    private let instances = ScopedInstances()
    /// The instances ``close()`` disposes.
    let disposables = DisposalBag(isScopes: true)
    /// Set by ``close()``.
    let isClosed = Atomic<Bool>(false)
    /// Its place in its container's ``OpenScopes``, in order of creation; set once, under
    /// that list's lock, before the scope is used.
    let order = Atomic<Int>(-1)
    /// What the container's instruments keep of this scope; `nil` when it has none.
    private let instruments: [any ScopeInstrument]?
    /// Whether the instruments have heard of the close (else they hear of the scope abandoned,
    /// when it is released).
    private let closeReported = Atomic<Bool>(false)

    init(instruments: [any ScopeInstrument]? = nil) {
        self.instruments = instruments
    }

    deinit {
        if let instruments, !closeReported.load(ordering: .acquiring) {
            for instrument in instruments { instrument.abandoned() }
        }
    }

    /// Disposes and releases the instances; see ``Scope/reset()``.
    func reset() {
        // A scope's instances are read under its mutex, never lock-free, so there is no reader
        // to wait for: a request scope closes without a grace period. Newest first.
        Reclamation.releaseUnshared(instances.takeAll())
    }

    /// Ends the scope without `await`: see ``Scope/syncClose()``.
    /// `refusing`: whether to refuse when ending needs awaiting; a container's synchronous
    /// shutdown, which checked that already, does not.
    func closeSynchronously(refusing: Bool = true) throws(DisposalError) {
        if refusing {
            let needs = disposables.stopBuildsUnlessAsynchronous()
            if !needs.isEmpty { throw DisposalError(asynchronousTeardowns: needs) }
        } else {
            disposables.stopBuilds()
        }
        isClosed.store(true, ordering: .releasing)
        try disposables.endSynchronously { () throws(DisposalError) in
            defer { self.reset() }
            try self.reportingClose { () throws(DisposalError) in
                self.disposables.waitForBuildsBlocking()
                try self.disposables.disposeAllSynchronously()
            }
        }
    }

    /// Ends the scope: see ``Scope/close()``. The first call does the work; a later or
    /// concurrent one waits for it, then reports the failures of teardowns that ran since.
    func close() async throws(DisposalError) {
        // Builds stop before the scope reads as closed: whoever sees it closed knows that a
        // build in flight will not hand out its instance.
        disposables.stopBuilds()
        isClosed.store(true, ordering: .releasing)
        try await disposables.end { () async throws(DisposalError) in
            defer { self.reset() }
            try await self.reportingClose { () async throws(DisposalError) in
                await self.disposables.close(excluding: AsyncResolutionStack.builds(in: self.disposables))
                try await self.disposables.disposeAll()
            }
        }
    }

    /// Runs `close` inside each instrument's ``ScopeInstrument/close(_:)``, the first outermost.
    private func reportingClose(_ close: () throws(DisposalError) -> Void) throws(DisposalError) {
        guard let instruments else { return try close() }
        closeReported.store(true, ordering: .releasing)
        var outcome: DisposalError?
        var runs = 0
        func run(_ index: Int) -> [DisposalError.Failure] {
            if index == instruments.count {
                runs += 1
                if runs == 1 {
                    do throws(DisposalError) { try close() } catch { outcome = error }
                }
                return outcome?.failures ?? []
            }
            var failures: [DisposalError.Failure] = []
            instruments[index].close {
                failures = run(index + 1); return failures
            }
            return failures
        }
        _ = run(0)
        if runs != 1 { Self.closeNotRunOnce() }
        if let outcome { throw outcome }
    }

    /// ``reportingClose(_:)`` for an `async` close.
    private func reportingClose(_ close: @Sendable () async throws(DisposalError) -> Void) async throws(DisposalError) {
        guard let instruments else { return try await close() }
        closeReported.store(true, ordering: .releasing)
        var outcome: DisposalError?
        var runs = 0
        // The body an instrument gets stores its closure, valid only during the call (see
        // `Tracer.instrumentedAsync`).
        await withoutActuallyEscaping(close) { close in
            func run(_ index: Int) async -> [DisposalError.Failure] {
                if index == instruments.count {
                    runs += 1
                    if runs == 1 {
                        do throws(DisposalError) { try await close() } catch { outcome = error }
                    }
                    return outcome?.failures ?? []
                }
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
        if runs != 1 { Self.closeNotRunOnce() }
        if let outcome { throw outcome }
    }

    /// Stops the program: an instrument did not run a scope's close exactly once.
    private static func closeNotRunOnce() -> Never {
        fatalError(
            """
            Wiring: a ScopeInstrument's close(_:) or closeAsync(_:) did not call its body exactly once, so the scope's instances were not disposed as they should be.
            To fix: call `body` exactly once in every ScopeInstrument.close(_:) and closeAsync(_:).
            """
        )
    }

    /// The scope's instances; `nil` once the scope is closed, but for a build nested in one in
    /// flight while it closes, which may finish its graph here.
    var openInstances: ScopedInstances? {
        if isClosed.load(ordering: .acquiring), !(BuildNesting.isInsideBuild && disposables.acceptsNestedOnly) {
            return nil
        }
        return instances
    }

    #if DEBUG
        /// Whether the warning below has been printed: once per process, so that a loop that
        /// drops scopes does not flood the console.
        private static let warned = Atomic<Bool>(false)

        /// Prints a warning, in debug builds, when the scope is released without being closed
        /// while it holds instances that were never disposed (the first time only).
        func warnIfDroppedUndisposed(name: ScopeName?) {
            guard !isClosed.load(ordering: .acquiring) else { return }
            let undisposed = disposables.undisposedCount
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

/// The scopes of a container that are open: made and neither closed nor released. Its
/// ``Container/shutdown()`` closes them, newest (innermost) first.
struct OpenScopes: Sendable {
    private var next = 0
    private var scopes: [Int: ScopeState] = [:]
    /// Set when the container's shutdown took them: a scope made later is born closed.
    private var ended = false

    /// Its scopes, oldest first, without closing the list.
    func all() -> [ScopeState] {
        scopes.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Closes the list and returns its scopes, newest first.
    mutating func takeAll() -> [ScopeState] {
        ended = true
        defer { scopes = [:] }
        return scopes.sorted { $0.key > $1.key }.map(\.value)
    }

    /// Records `state`; `false` when the container has already shut down.
    mutating func add(_ state: ScopeState) -> Bool {
        guard !ended else { return false }
        state.order.store(next, ordering: .relaxed)
        scopes[next] = state
        next += 1
        return true
    }

    /// Removes `state`, returning it so that it is released after the lock.
    mutating func remove(_ state: ScopeState) -> ScopeState? {
        let order = state.order.load(ordering: .relaxed)
        guard order >= 0 else { return nil }
        return scopes.removeValue(forKey: order)
    }
}

extension Lock where State == OpenScopes {
    /// Records a new scope's state; a scope made after its container shut down is born closed.
    func open(_ state: ScopeState) {
        if !withLock({ $0.add(state) }) { state.isClosed.store(true, ordering: .releasing) }
    }

    /// Forgets a scope's state: it was closed or released.
    func forget(_ state: ScopeState) {
        let removed = withLock { $0.remove(state) }
        withExtendedLifetime(removed) {}  // released here, outside the lock
    }
}
