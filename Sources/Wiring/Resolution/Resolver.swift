// How a resolve runs, in the order a call goes through it (the public entry points are in
// Resolving.swift):
// - `Resolving.resolvePrimary`: the plain registration of a type, found lock-free in the registry
//   table, its cached instance read without a lock.
// - `Resolver.resolveByKey`: any other key (a tag, runtime arguments, `Optional<X>`), looked up
//   in this container and its parents.
// - `Resolver.resolve(entry:arguments:)`: a found registration, by lifetime: a cached instance,
//   a transient build, or `resolveCachedLifetime`, which builds once per container, scope or
//   graph.
// - `Resolver.build`: the factory, hooks, cycle and depth checks, and disposal tracking.

/// What factories receive: resolves dependencies from the container (and scope) that is building
/// the instance.
///
/// A resolver is a small value; copying it is free. Inside a factory, resolve through the
/// resolver you were given rather than a captured container: it carries the scope of the
/// current resolve, and for a singleton it is the container that registered it, so a singleton
/// never captures a child container's override or a scoped service.
public struct Resolver: Resolving, Sendable {
    /// The container resolves start from.
    public let container: Container
    /// The scope resolves happen in, if any.
    public let scope: Scope?

    /// An implementation detail of the inlined resolve path; see ``Resolving/_registry``.
    /// Unretained: `container` keeps it alive.
    public let _registry: _RegistryReference

    @usableFromInline
    init(container: Container, scope: Scope?) {
        self.container = container
        self.scope = scope
        self._registry = container._registry
    }

    /// The resolver itself.
    public var resolver: Resolver { self }
}

/// A box for a `.graph` instance in the per-thread graph cache.
@usableFromInline
final class GraphBox<T> {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}

extension Resolver {
    /// Resolves `entry`, honouring its lifetime. A built singleton is read and a transient built
    /// right here, inlined into the caller; the other lifetimes go through
    /// ``resolveCachedLifetime(entry:arguments:)``.
    @inlinable @inline(__always)
    func resolve<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        if let cell = entry.unretainedCell, let value = cell.withObject({ $0.readValue() }) {
            return value
        }
        if entry.lifetime.kind == .transient {
            return try build(entry, arguments, onConstructed: { _, _ in })
        }
        // A request's instance: read from its scope, or claimed there and built, specialised
        // here, when the innermost scope is the one that holds it (a named lifetime's is the
        // nearest scope of that name).
        if entry.readsScopeInPlace, let scope, entry.lifetime.scopeName == nil || scope.name == entry.lifetime.scopeName,
            let value = try scope.lifespan.innermostValue(of: entry, through: self, arguments: arguments)
        {
            return value
        }
        return try resolveCachedLifetime(entry: entry, arguments: arguments)
    }

    /// Calls the factory and hooks of `entry`, tracking the build path for cycle detection, and
    /// tracking the instance for disposal if its lifetime is.
    ///
    /// Throws ``WiringError/Code/cycle`` when `entry` is already being built on this thread (a
    /// registration without runtime arguments re-entered: its factory would recurse forever), and
    /// ``WiringError/Code/depthExceeded`` when builds nest deeper than the container's
    /// ``Container/maximumDepth`` or the thread's stack is nearly used up.
    ///
    /// - Parameter onConstructed: runs after the factory and before the hooks: where caching
    ///   lifetimes store the instance (and its disposal ticket), so that a cycle closed by a hook
    ///   finds it. Not optional, so not escaping: an escaping closure that names `T` costs a
    ///   context allocation and a run-time function-type metadata lookup per build.
    @inlinable
    func build<T>(
        _ entry: Entry<T>,
        _ arguments: UnsafeRawPointer?,
        onConstructed: (T, DisposalTicket?) throws(WiringError) -> Void
    ) throws(WiringError) -> T {
        if entry.tracksDisposal { return try buildTracked(entry, arguments, onConstructed: onConstructed) }
        var ticket: DisposalTicket?
        return try buildUntracked(entry, arguments, disposal: nil, ticket: &ticket, onConstructed: onConstructed)
    }

    /// ``build(_:_:onConstructed:)`` for a lifetime tracked for disposal: the build counts itself
    /// in its owner's ``Lifespan`` (the scope's, else the container's) so that a shutdown or
    /// close waits for it, and an instance finished after that began is never handed out: the
    /// resolve throws ``WiringError/Code/shutDown`` and the instance is disposed.
    @usableFromInline
    func buildTracked<T>(
        _ entry: Entry<T>,
        _ arguments: UnsafeRawPointer?,
        onConstructed: (T, DisposalTicket?) throws(WiringError) -> Void
    ) throws(WiringError) -> T {
        let disposal = try TrackedBuild.enter(entry, through: self, async: false)
        var ticket: DisposalTicket?
        let instance: T
        do {
            instance = try buildUntracked(entry, arguments, disposal: disposal, ticket: &ticket, onConstructed: onConstructed)
        } catch {
            throw disposal.failed(error, ticket: ticket)
        }
        return try disposal.succeeded(instance, ticket: ticket)
    }

    /// The build itself; `disposal` tracks the instance when its lifetime is tracked, and
    /// `ticket` receives how to dispose of it.
    @inlinable @inline(__always)
    func buildUntracked<T>(
        _ entry: Entry<T>,
        _ arguments: UnsafeRawPointer?,
        disposal: TrackedBuild?,
        ticket: inout DisposalTicket?,
        onConstructed: (T, DisposalTicket?) throws(WiringError) -> Void
    ) throws(WiringError) -> T {
        let context = ResolutionContext.current
        let frame = context.frame
        let path = context.path
        let outer = frame.pointee
        let identity = UInt(bitPattern: ObjectIdentifier(entry))
        var marker: UInt8 = 0
        let stackAddress = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if outer.depth >= container.maximumDepth || stackAddress < path.pointee.stackLimit {
            throw Resolver.depthExceeded(entry, depth: outer.depth, limit: container.maximumDepth, path: path.pointee)
        }
        // Re-entering a registration without runtime arguments is a loop; one with arguments may
        // recurse on purpose (a tree built level by level), bounded by the checks above.
        if entry.reentryIsCycle, path.pointee.contains(identity, depth: outer.depth) {
            throw Resolver.cycle(entry)
        }
        path.pointee.set(identity, at: outer.depth)
        frame.pointee = BuildFrame(
            depth: outer.depth &+ 1,
            container: Unmanaged.passUnretained(container),
            scope: scope.map { Unmanaged.passUnretained($0) }
        )
        defer {
            frame.pointee = outer
            if outer.depth == 0 { context.endOutermost() }
        }
        let instance: T
        do {
            instance = try entry.factory(self, arguments)
        } catch {
            throw Resolver.failure(error, in: entry)
        }
        ticket = disposal?.track(instance, builtBy: entry)
        try onConstructed(instance, ticket)
        // A flag, not `hooks.isEmpty`: unspecialised, touching an array of closures that name `T`
        // costs a run-time metadata lookup for the closure type and one for the array.
        if entry.hasHooks {
            for hook in entry.hooks {
                do {
                    try hook(self, instance)
                } catch {
                    throw Resolver.failure(error, in: entry)
                }
            }
        }
        return instance
    }

    /// Turns an error thrown inside `entry`'s factory or hooks into a ``WiringError`` whose path
    /// includes `entry`.
    @usableFromInline
    static func failure(_ error: any Error, in entry: AnyEntry) -> WiringError {
        if let wiring = error as? WiringError { return wiring.passing(through: entry.key) }
        if error is IsolationViolation { return WiringError(code: .isolationMismatch, entry: entry) }
        if error is ShutDownSignal { return WiringError(code: .shutDown, entry: entry) }
        if error is AsyncFactoryRequired {
            // Resolved synchronously (from a decorator or hook) while this task builds it
            // asynchronously: a loop, as the synchronous path reports it, not a missing `await`.
            if AsyncResolutionStack.frames.contains(where: { $0.key == entry.key }) { return cycle(entry) }
            return WiringError(code: .asyncRequired, entry: entry)
        }
        return WiringError(code: .factoryFailed, entry: entry, underlyingError: error)
    }

    /// The error for a scoped registration resolved with no matching scope: ``WiringError/Code/shutDown``
    /// when the resolve went through a scope that closed meanwhile, else
    /// ``WiringError/Code/scopeNotActive``.
    static func noScope(for entry: AnyEntry, in container: Container) -> WiringError {
        if container === Container.closedScope { return WiringError(code: .shutDown, entry: entry, detail: .closedScope) }
        // Resolved from a singleton's factory: the singleton is built without a scope, whatever
        // its caller resolved through — a captive dependency, which the message should say.
        if let holder = ResolutionContext.existing?.innermostBuild, holder.lifetime.isContainerOwned {
            return WiringError(
                code: .scopeNotActive,
                entry: entry,
                detail: .heldByContainerOwned(entry.lifetime.scopeName, holder: holder.key, lifetime: holder.lifetime)
            )
        }
        return WiringError(code: .scopeNotActive, entry: entry, detail: .scope(entry.lifetime.scopeName))
    }

    /// The error for `entry` re-entered while it is being built, reported to its instruments.
    @usableFromInline
    static func cycle(_ entry: AnyEntry) -> WiringError {
        let error = WiringError(code: .cycle, entry: entry)
        entry.tracer?.refused(error)
        return error
    }

    @usableFromInline
    static func depthExceeded(_ entry: AnyEntry, depth: Int, limit: Int, path: BuildPath) -> WiringError {
        // At the depth limit, a registration without runtime arguments that occurs again in the
        // path is a loop that was allowed to re-enter (`allowingReentry`) and never ended.
        if depth >= limit, !entry.key.hasArguments,
            path.contains(UInt(bitPattern: ObjectIdentifier(entry)), depth: depth)
        {
            return cycle(entry)
        }
        let error = WiringError(
            code: .depthExceeded,
            entry: entry,
            detail: depth >= limit ? .depthLimit(limit) : .stackLimit(depth: depth)
        )
        entry.tracer?.refused(error)
        return error
    }

    /// Singleton, weak singleton, graph and scoped lifetimes.
    ///
    /// Each lifetime has a function of its own, and none of them names `T?` or a generic type
    /// it does not need: unspecialised, each such type costs a run-time metadata lookup on
    /// every call, wherever the compiler hoists it.
    @usableFromInline
    func resolveCachedLifetime<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        if let tracer = entry.tracer, tracer.reportsHits { return try resolveTraced(entry: entry, arguments: arguments) }
        return try resolveUntraced(entry: entry, arguments: arguments)
    }

    /// A traced registration: a cached instance is reported as a hit.
    private func resolveTraced<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        if let tracer = entry.tracer, let value = cachedValue(of: entry) {
            tracer.hit(entry.traced, self)
            return value
        }
        return try resolveUntraced(entry: entry, arguments: arguments)
    }

    private func resolveUntraced<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        switch entry.lifetime.kind {
        case .singleton, .eagerSingleton, .weakSingleton: return try resolveSingleton(entry: entry, arguments: arguments)
        case .graph: return try resolveGraph(entry: entry, arguments: arguments)
        case .scoped: return try resolveScoped(entry: entry, arguments: arguments)
        case .transient: return try build(entry, arguments, onConstructed: { _, _ in })
        }
    }

    private func resolveSingleton<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        guard let cell = entry.cell else { fatalError("Wiring: a singleton entry has no cell") }
        // Singletons live in the container that registered them and see only what it sees.
        let owner = Resolver(container: entry.owner, scope: nil)
        let isWeak = entry.lifetime.kind == .weakSingleton
        return try cell.value(for: entry) { (cell) throws(WiringError) -> T in
            try owner.build(entry, arguments) { (value, ticket) throws(WiringError) in
                if isWeak {
                    guard let object = InstanceCell<T>.object(of: value) else {
                        throw WiringError(code: .invalidLifetime, entry: entry)
                    }
                    ResolutionContext.current.held.pointee.keptAlive.append(object)
                }
                cell.pending = value
                cell.pendingTicket = ticket
            }
        }
    }

    private func resolveGraph<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        let context = ResolutionContext.current
        let id = ObjectIdentifier(entry)
        if let box = context.held.pointee.graphInstances[id] { return unsafeDowncast(box, to: GraphBox<T>.self).value }
        return try build(entry, arguments) { (value, _) throws(WiringError) in
            // A box this replaces (a re-entered build) is released after the dictionary is
            // consistent again, in case the instance's `deinit` resolves.
            let replaced = context.held.pointee.graphInstances.updateValue(GraphBox(value), forKey: id)
            withExtendedLifetime(replaced) {}
        }
    }

    private func resolveScoped<T>(entry: Entry<T>, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        guard let scope else { throw Resolver.noScope(for: entry, in: container) }
        // The innermost scope, the common case: this resolver is already the scope's.
        guard let name = entry.lifetime.scopeName else { return try scope.lifespan.value(for: entry, through: self, arguments: arguments) }
        guard let target = scope.enclosing(named: name) else { throw Resolver.noScope(for: entry, in: container) }
        return try target.lifespan.value(for: entry, through: Resolver(container: container, scope: target), arguments: arguments)
    }

    /// The instance `entry`'s lifetime has cached for this resolve, if any, without building:
    /// for reporting cache hits of traced registrations.
    func cachedValue<T>(of entry: Entry<T>) -> T? {
        switch entry.lifetime.kind {
        case .singleton, .eagerSingleton, .weakSingleton:
            return entry.cell?.peek()
        case .graph:
            let box = ResolutionContext.existing?.held.pointee.graphInstances[ObjectIdentifier(entry)]
            return box.map { unsafeDowncast($0, to: GraphBox<T>.self).value }
        case .scoped:
            return scope?.enclosing(named: entry.lifetime.scopeName)?.lifespan.peek(entry)
        case .transient:
            return nil
        }
    }
}

// MARK: - Finding a registration by key

/// Lets a request for `Optional<X>` be served by the registration of `X`.
protocol OptionalResolvable {
    /// The `Wrapped` type.
    static var wrappedType: Any.Type { get }
    /// `Wrapped`'s instance for `key` (with `arguments`, of the key's argument types), or `nil`
    /// when nothing is registered for it.
    static func resolveWrapped(
        _ resolver: Resolver, key: ServiceKey, arguments: UnsafeRawPointer?, callSite: SourceLocation
    ) throws(WiringError) -> Any
}

extension Optional: OptionalResolvable {
    static var wrappedType: Any.Type { Wrapped.self }

    static func resolveWrapped(
        _ resolver: Resolver, key: ServiceKey, arguments: UnsafeRawPointer?, callSite: SourceLocation
    ) throws(WiringError) -> Any {
        // The same tag and runtime arguments: `resolve(T?.self, arguments: …)` is served by the
        // registration of `T` that takes them.
        let wrappedKey = ServiceKey(type: Wrapped.self, tag: key.tag, arguments: key.arguments)
        guard resolver.isRegistered(wrappedKey) else { return Wrapped?.none as Any }
        let value: Wrapped = try resolver.resolveByKey(key: wrappedKey, arguments: arguments, callSite: callSite)
        return Wrapped?.some(value) as Any
    }
}

extension Resolver {
    /// The registration for `key`: this container, then its parents; then, for a tagged key in
    /// a container with ``TagFallback/untagged``, the untagged registration.
    @usableFromInline
    func lookup(_ key: ServiceKey) -> AnyEntry? {
        var current: Container? = container
        while let container = current {
            if let entry = container.registry.entry(for: key) { return entry }
            current = container.parent
        }
        if key.tag != nil, container.tagFallback == .untagged {
            return lookup(ServiceKey(type: key.type, tag: nil, arguments: key.arguments))
        }
        return nil
    }

    /// Whether `key` has a registration. A closed scope resolves from an empty stand-in
    /// container, so that every resolve throws ``WiringError/Code/shutDown``; it answers for its
    /// own container's registrations here, as a shut-down container does, so that
    /// `resolveIfRegistered` and optional resolves throw too instead of answering `nil`.
    @usableFromInline
    func isRegistered(_ key: ServiceKey) -> Bool {
        if lookup(key) != nil { return true }
        guard isClosedScope, let scope else { return false }
        return Resolver(container: scope.container, scope: nil).lookup(key) != nil
    }

    /// Whether this resolves through a closed scope.
    @usableFromInline
    var isClosedScope: Bool {
        scope?.hasClosed == true
    }

    /// Tagged, argument-taking, inherited, optional and missing registrations.
    @usableFromInline
    func resolveByKey<T>(key: ServiceKey, arguments: UnsafeRawPointer?, callSite: SourceLocation) throws(WiringError) -> T {
        // The downcast below trusts that `key` names `T`: check it in every build configuration
        // (a tagged-resolve crash of exactly this shape once shipped). A metatype comparison.
        if key.type != T.self { Self.keyMismatch(key, T.self) }
        if let entry = lookup(key) {
            return try resolve(entry: unsafeDowncast(entry, to: Entry<T>.self), arguments: arguments)
        }
        if let optional = T.self as? any OptionalResolvable.Type {
            let value = try optional.resolveWrapped(self, key: key, arguments: arguments, callSite: callSite)
            guard let typed = value as? T else { fatalError("Wiring: Optional forwarding produced \(type(of: value))") }
            return typed
        }
        throw container.missingRegistrationError(for: key, callSite: callSite)
    }

    /// Stops with the message for a key that does not name the type being resolved: a bug in
    /// Wiring, not in the app.
    static func keyMismatch(_ key: ServiceKey, _ type: Any.Type) -> Never {
        fatalError(
            "Wiring internal error: a resolve of \(typeDisplayName(type)) was given the key \(key). Please report it with this message."
        )
    }
}
