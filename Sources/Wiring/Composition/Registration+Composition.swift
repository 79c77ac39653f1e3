extension Registration {
    /// Wraps every instance this registration builds with `decorator`, which receives the
    /// instance and returns what callers get — usually a wrapper that holds it:
    ///
    /// ```swift
    /// container.register((any Database).self, lifetime: .singleton) { _ in Postgres() }
    ///     .decorated { r, inner in MeteredDatabase(inner, metrics: try r.resolve()) }
    /// ```
    ///
    /// Decoration happens when the instance is built, before it is cached: a decorated
    /// singleton is decorated once. Several decorators apply in the order they were added, the
    /// first one wrapping the original. Decorators added with
    /// ``Container/decorate(_:tag:file:line:_:)`` come after this registration's own.
    @discardableResult
    public func decorated(with decorator: @escaping @Sendable (Resolver, T) throws -> T) -> Registration<T> {
        refining { $0.decorators.append(decorator) }
    }
}

/// A decorator of any type, as a container stores it.
struct AnyDecorator: Sendable {
    let site: SourceLocation
    let decorate: @Sendable (Resolver, Any) throws -> Any
}

extension Container {
    /// Wraps every instance of `type` (with `tag`) built by this container's registrations —
    /// present and future — with `decorator`:
    ///
    /// ```swift
    /// container.decorate((any Logging).self) { _, inner in TimestampedLogging(inner) }
    /// ```
    ///
    /// It applies after the registration's own ``Registration/decorated(with:)`` decorators, in
    /// the order `decorate` was called. Instances already built (a singleton already resolved)
    /// stay as they were.
    public func decorate<T>(
        _ type: T.Type,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ decorator: @escaping @Sendable (Resolver, T) throws -> T
    ) {
        let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self)
        decorators.withLock {
            $0[key, default: []].append(
                AnyDecorator(site: SourceLocation(file, line)) { r, value in
                    guard let typed = value as? T else { return value }
                    return try decorator(r, typed)
                })
        }
        guard registry.entry(for: key) != nil else { return }
        modify(key) { (entry: Entry<T>) in entry.refined { $0.decorators.append(decorator) } }
    }

    /// The container-wide decorators of `key`, typed, for a registration made after them.
    func containerDecorated<T>(_ key: ServiceKey, as type: T.Type) -> EntryExtras<T>? {
        // Most containers have no decorators: answer without hashing the key, and without
        // naming an array of closures over `T` (a run-time metadata lookup, unspecialised).
        let found = decorators.withLock { $0.isEmpty ? [] : $0[key] ?? [] }
        if found.isEmpty { return nil }
        let typed: [@Sendable (Resolver, T) throws -> T] = found.map { decorator in
            { resolver, value in
                guard let decorated = try decorator.decorate(resolver, value) as? T else { return value }
                return decorated
            }
        }
        return EntryExtras(Refinements(decorators: typed))
    }
}
