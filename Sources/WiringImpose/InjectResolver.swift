import Wiring

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
/// and a dependency loop throws instead of overflowing the stack.
public class InjectResolver: InjectContext, @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, a Lock; `container` is Sendable.
    struct State {
        var mapped: [ObjectIdentifier: AnyProvider] = [:]
        var cachedCompatible: [ObjectIdentifier: AnyProvider] = [:]
    }

    let state = Lock(State())
    /// The engine container the providers of this resolver register in.
    let container = Container()

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
            for type in types { state.mapped[ObjectIdentifier(type)] = provider }
            state.cachedCompatible = [:]
        }
    }

    /// A copy of the providers, keyed by type, for an environment derived from this resolver.
    var providers: [ObjectIdentifier: AnyProvider] {
        state.withLock { $0.mapped }
    }

    /// Adds another resolver's providers as they are: the two share their instances.
    func adopt(_ providers: [ObjectIdentifier: AnyProvider]) {
        state.withLock { state in
            state.mapped.merge(providers) { mine, _ in mine }
            state.cachedCompatible = [:]
        }
    }
}
