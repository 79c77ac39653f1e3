// Public: the resolve of a type a provider answers to directly is inlinable, so that a call site
// is specialized and reaches the engine's lock-free read.
public import Wiring

/// The base of ``Injector`` and ``InjectionEnvironment``: a set of providers, each answering to
/// one or more types, and the "nearest type" lookup.
///
/// Resolving `T`:
/// 1. the provider registered for exactly `T`;
/// 2. else every provider that can serve `T` — its instance type is `T` or a subclass, or the
///    instance it already holds is a `T` — tried exact type first, then more-derived instance
///    types first, until one gives a `T`; the match is remembered.
///
/// Providers run on Wiring's engine, so a singleton is built exactly once under any contention
/// and a dependency loop throws instead of overflowing the stack. Step 1 is an engine lookup:
/// each type a provider answers to is registered in the engine under that type (an *alias* of
/// the provider's own registration, sharing its instance), so that resolving it costs what the
/// engine's own resolve costs.
public class InjectResolver: InjectContext, @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, a Lock; `container` is Sendable.
    struct State {
        var mapped: [ObjectIdentifier: AnyProvider] = [:]
        /// The type of each key of `mapped`.
        var types: [ObjectIdentifier: Any.Type] = [:]
        var cachedCompatible: [ObjectIdentifier: AnyProvider] = [:]
        /// How many times the mapping of each type changed: an alias update that finds it
        /// changed meanwhile updates again, so the engine ends up agreeing with `mapped`.
        var generations: [ObjectIdentifier: Int] = [:]
    }

    let state = Lock(State())
    /// The engine container the providers of this resolver register in, with their aliases.
    @usableFromInline let container = Container()

    /// Creates a resolver with no providers.
    public init() {}

    /// Removes every provider.
    public func reset() {
        state.withLock { $0 = State() }
        container.removeAll()
    }

    /// The instance of `type`: from the provider registered for it, or else from the nearest
    /// compatible one.
    ///
    /// - Throws: ``ImposeError`` when no provider can give a `T`.
    public func resolve<T>(_ type: T.Type) throws -> T {
        try resolveFast(T.self)
    }

    /// ``resolve(_:)``, inlined where it is called: the engine alias of the provider answering to
    /// `T`, else the lookup by provider.
    @inlinable
    public final func resolveFast<T>(_ type: T.Type) throws -> T {
        do {
            if let instance = try container.resolveIfRegistered(T.self) { return instance }
        } catch {
            throw imposeError(error, resolving: T.self)
        }
        return try resolveThroughProviders(T.self)
    }

    /// The failure of an engine resolve of `type`, as Impose reports it.
    @usableFromInline
    func imposeError<T>(_ error: WiringError, resolving type: T.Type) -> ImposeError {
        AnyProvider.imposeError(error, resolving: T.self)
    }

    /// Steps 1 and 2 through the providers themselves, for a type without an alias (a nearest
    /// type match) or one whose alias is being updated.
    @usableFromInline
    func resolveThroughProviders<T>(_ type: T.Type) throws -> T {
        let key = ObjectIdentifier(T.self)
        if let provider = state.withLock({ $0.mapped[key] ?? $0.cachedCompatible[key] }) {
            let instance = try provider.resolveInstance()
            guard let typed = instance as? T else {
                throw ImposeError(
                    "Impose Error: fail when resolving instance",
                    failureReason: "Provider instance type \(Swift.type(of: instance)) is not compatible for \(T.self)"
                )
            }
            return typed
        }
        for provider in compatibleProviders(for: T.self) {
            guard let typed = try? provider.resolveInstance() as? T else { continue }
            state.withLock { $0.cachedCompatible[key] = provider }
            return typed
        }
        throw ImposeError(
            "Impose Error: fail when search for imposed instance",
            failureReason: "No compatible resolver for \(T.self). To fix: register a provider, for example "
                + "Injector.shared.addSingleton(for: \(T.self).self, …)."
        )
    }

    /// The providers that can serve `T`, exact instance type first, then more-derived first.
    private func compatibleProviders<T>(for type: T.Type) -> [AnyProvider] {
        let unique = state.withLock { state in
            var seen = Set<Int>()
            return state.mapped.values.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
        }
        let candidates = unique.filter { $0.canResolve(T.self) }
        let exact = candidates.filter { $0.instanceType == T.self }
        var rest = candidates.filter { $0.instanceType != T.self }
        // Insertion sort by "more derived first": a partial order, so no `sort(by:)`.
        var ordered: [AnyProvider] = []
        while let next = rest.first(where: { candidate in !rest.contains { $0.isMoreDerived(than: candidate) } }) {
            ordered.append(next)
            rest.removeAll { $0.id == next.id }
        }
        return exact + ordered + rest
    }

    /// Makes `provider` answer to each of `types`, replacing what answered before.
    func add(_ provider: AnyProvider, for types: [Any.Type]) {
        state.withLock { state in
            for type in types {
                state.mapped[ObjectIdentifier(type)] = provider
                state.types[ObjectIdentifier(type)] = type
                state.generations[ObjectIdentifier(type), default: 0] += 1
            }
            state.cachedCompatible = [:]
        }
        for type in types { updateAlias(of: type) }
    }

    /// Stops whatever answered to `type` from answering; whether something did.
    func remove(_ type: Any.Type) -> Bool {
        let removed = state.withLock { state in
            state.cachedCompatible = [:]
            state.generations[ObjectIdentifier(type), default: 0] += 1
            state.types[ObjectIdentifier(type)] = nil
            return state.mapped.removeValue(forKey: ObjectIdentifier(type)) != nil
        }
        updateAlias(of: type)
        return removed
    }

    /// Makes the engine's registration of `type` agree with the provider mapped to it: an alias
    /// of that provider, or none. Outside the lock (an engine change may release instances, whose
    /// `deinit` may come back here); it repeats until no other change of `type` overlapped it.
    func updateAlias(of type: Any.Type) {
        let id = ObjectIdentifier(type)
        func update<X>(_: X.Type) {
            while true {
                let (generation, provider) = state.withLock { ($0.generations[id, default: 0], $0.mapped[id]) }
                if let provider {
                    provider.registerAlias(of: X.self, in: container)
                } else {
                    container.remove(X.self)
                }
                if state.withLock({ $0.generations[id, default: 0] }) == generation { return }
            }
        }
        update(type)
    }

    /// A copy of the providers, keyed by type, for an environment derived from this resolver.
    var providers: [(type: Any.Type, provider: AnyProvider)] {
        state.withLock { state in
            state.mapped.compactMap { id, provider in state.types[id].map { (type: $0, provider: provider) } }
        }
    }

    /// Adds another resolver's providers as they are: the two share their instances.
    func adopt(_ providers: [(type: Any.Type, provider: AnyProvider)]) {
        let added = state.withLock { state -> [Any.Type] in
            var added: [Any.Type] = []
            for (type, provider) in providers where state.mapped[ObjectIdentifier(type)] == nil {
                state.mapped[ObjectIdentifier(type)] = provider
                state.types[ObjectIdentifier(type)] = type
                state.generations[ObjectIdentifier(type), default: 0] += 1
                added.append(type)
            }
            state.cachedCompatible = [:]
            return added
        }
        for type in added { updateAlias(of: type) }
    }
}
