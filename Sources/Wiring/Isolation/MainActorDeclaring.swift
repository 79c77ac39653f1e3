/// The main-actor forms of a ``Module``'s declarations: the same `singleton`, `transient`,
/// `scoped`, `autowire` and the rest, for factories that run on the main actor, such as those
/// that build an app's view models, stores and clients.
///
/// ```swift
/// struct AppModule: Module {
///     var registrations: Registrations {
///         singleton { @MainActor in SessionStore() }
///         singleton((any APIClient).self) { @MainActor r in LiveAPIClient(config: try r.resolve()) }
///         autowire(lifetime: .singleton, OrderService.init(api:database:))   // a main-actor init
///         scoped(in: "checkout") { @MainActor in CheckoutDraft() }
///     }
/// }
/// ```
///
/// A closure marked `@MainActor in`, or a main-actor initializer given to `autowire`, selects
/// these forms; any other closure selects the nonisolated form, which the compiler prefers when
/// both fit. (Swift decides a closure's isolation from the parameter it is passed to, not from
/// what its body calls, so a closure that calls a main-actor initializer says so.)
///
/// The registration behaves as one made with
/// ``Container/register(_:tag:lifetime:file:line:mainActor:)``: on the main actor a resolve
/// builds it in place, ``Resolving/resolveAsync(_:tag:file:line:)`` hops to the main actor from
/// anywhere, and a synchronous resolve elsewhere throws ``WiringError/Code/isolationMismatch``.
/// Validation's dry run runs these factories on the main actor: the awaited `validate` goes
/// there, and a synchronous one called there runs them in place.
///
/// The main-actor `autowire` takes initializers whose parameters are all `Sendable` (they cross
/// to the main actor); with another parameter, the compiler picks the nonisolated form and
/// reports that converting the initializer "loses global actor 'MainActor'".
///
/// Every ``Module`` has these declarations: ``RegistrationDeclaring`` refines this protocol.
public protocol MainActorDeclaring {}

extension MainActorDeclaring {

    /// Declares a ``Lifetime/transient`` registration whose factory runs on the main actor.
    public func transient<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, factory: onMainActor(factory))
    }

    /// Declares a ``Lifetime/transient`` registration whose factory runs on the main actor and
    /// takes no resolver.
    public func transient<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, factory: ignoringResolver(factory))
    }

    /// Declares a ``Lifetime/transient`` registration whose factory runs on the main actor and
    /// takes runtime arguments; see ``Container/register(_:tag:lifetime:file:line:arguments:)``.
    public func transient<T: Sendable, each A: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver, repeat each A) throws -> T
    ) -> Declaration<T> {
        let factory: @Sendable (Resolver, repeat each A) throws -> T = onMainActor(factory)
        return Declaration(tag: tag, file: file, line: line, arguments: factory)
    }

    /// Declares a ``Lifetime/singleton`` registration whose factory runs on the main actor.
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line, factory: onMainActor(factory))
    }

    /// Declares a ``Lifetime/singleton`` registration whose factory runs on the main actor and
    /// takes no resolver.
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line, factory: ignoringResolver(factory))
    }

    /// Declares an ``Lifetime/eagerSingleton`` registration whose factory runs on the main actor:
    /// ``Container/start()`` builds it when called on the main actor, and
    /// ``Container/startAsync()`` from anywhere.
    public func eagerSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .eagerSingleton, file: file, line: line, factory: onMainActor(factory))
    }

    /// Declares an ``Lifetime/eagerSingleton`` registration whose factory runs on the main actor
    /// and takes no resolver.
    public func eagerSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .eagerSingleton, file: file, line: line, factory: ignoringResolver(factory))
    }

    /// Declares a ``Lifetime/weakSingleton`` registration whose factory runs on the main actor.
    public func weakSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .weakSingleton, file: file, line: line, factory: onMainActor(factory))
    }

    /// Declares a ``Lifetime/weakSingleton`` registration whose factory runs on the main actor
    /// and takes no resolver.
    public func weakSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .weakSingleton, file: file, line: line, factory: ignoringResolver(factory))
    }

    /// Declares a ``Lifetime/graph`` registration whose factory runs on the main actor.
    public func graph<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .graph, file: file, line: line, factory: onMainActor(factory))
    }

    /// Declares a ``Lifetime/graph`` registration whose factory runs on the main actor and takes
    /// no resolver.
    public func graph<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .graph, file: file, line: line, factory: ignoringResolver(factory))
    }

    /// Declares a scoped registration whose factory runs on the main actor: one instance per
    /// innermost ``Scope``, or per enclosing scope named `scope`.
    public func scoped<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        in scope: ScopeName? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(
            tag: tag, lifetime: scope.map(Lifetime.scoped) ?? .scoped, file: file, line: line, factory: onMainActor(factory))
    }

    /// Declares a scoped registration whose factory runs on the main actor and takes no resolver.
    public func scoped<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        in scope: ScopeName? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(
            tag: tag, lifetime: scope.map(Lifetime.scoped) ?? .scoped, file: file, line: line,
            factory: ignoringResolver(factory))
    }

    /// Declares a contribution to the collection `[Element]` whose factory runs on the main actor.
    public func contribution<Element: Sendable>(
        to collection: [Element].Type,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> Element
    ) -> Declaration<Element> {
        Declaration(contributionAt: file, line, lifetime: lifetime) { container in
            container.contribute(to: collection, tag: tag, lifetime: lifetime, file: file, line: line, onMainActor(factory))
        }
    }

    /// Declares a contribution to the collection `[Element]` whose factory runs on the main actor
    /// and takes no resolver.
    public func contribution<Element: Sendable>(
        to collection: [Element].Type,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> Element
    ) -> Declaration<Element> {
        contribution(to: collection, tag: tag, lifetime: lifetime, file: file, line: line) { @MainActor _ in try factory() }
    }

    /// Declares a contribution under `key` to the map `[Key: Element]` whose factory runs on the
    /// main actor.
    public func contribution<Key: Hashable & Sendable, Element: Sendable>(
        to map: [Key: Element].Type,
        key: Key,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable (Resolver) throws -> Element
    ) -> Declaration<Element> {
        Declaration(contributionAt: file, line, lifetime: lifetime) { container in
            container.contribute(to: map, key: key, tag: tag, lifetime: lifetime, file: file, line: line, onMainActor(factory))
        }
    }

    /// Declares a contribution under `key` to the map `[Key: Element]` whose factory runs on the
    /// main actor and takes no resolver.
    public func contribution<Key: Hashable & Sendable, Element: Sendable>(
        to map: [Key: Element].Type,
        key: Key,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> Element
    ) -> Declaration<Element> {
        contribution(to: map, key: key, tag: tag, lifetime: lifetime, file: file, line: line) { @MainActor _ in try factory() }
    }

    /// Declares an auto-wired registration of a main-actor initializer:
    /// `autowire(lifetime: .singleton, OrderService.init(api:database:))`. Its parameters are
    /// resolved by type, and it is called on the main actor.
    public func autowire<T: Sendable, each D: Sendable>(
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @MainActor @Sendable (repeat each D) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: lifetime, file: file, line: line, autowiring: onMainActor(initializer))
    }

    /// Declares an auto-wired ``Lifetime/transient`` of a main-actor initializer.
    public func autowire<T: Sendable, each D: Sendable>(
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @MainActor @Sendable (repeat each D) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, autowiring: onMainActor(initializer))
    }
}

/// A main-actor factory without a resolver, as one that takes it and does not use it.
private func ignoringResolver<T: Sendable>(
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> @Sendable (Resolver) throws -> T {
    let factory = onMainActor(factory)
    return { _ in try factory() }
}
