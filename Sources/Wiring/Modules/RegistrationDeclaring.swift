/// What a ``Module``'s `registrations` body is written with: `singleton { … }`, `transient { … }`
/// and the other declarations. They are members of every module (and of the parameter of an
/// inline ``Registrations`` list), not global functions, so they are in scope exactly where
/// registrations are declared and nowhere else in a file that imports Wiring.
///
/// Each declaration has a main-actor form too, from ``MainActorDeclaring``: a closure marked
/// `@MainActor in`, or a main-actor initializer given to `autowire`, selects it. The forms with
/// an `async` factory, and `instance`, come from ``CommonDeclaring``.
public protocol RegistrationDeclaring: MainActorDeclaring, CommonDeclaring {}

extension RegistrationDeclaring {

    /// Declares a ``Lifetime/transient`` registration in a ``Module``: a new instance on every resolve.
    /// The factory receives a ``Resolver`` for its dependencies.
    public func transient<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, factory: factory)
    }

    /// Declares a ``Lifetime/transient`` registration whose factory takes no resolver (its
    /// dependencies come from `wired()` default arguments, which resolve where the factory does).
    public func transient<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line) { _ in try factory() }
    }

    /// Declares a ``Lifetime/transient`` registration whose factory takes runtime arguments, passed
    /// to ``Resolving/resolve(_:tag:arguments:file:line:)``; see
    /// ``Container/register(_:tag:lifetime:file:line:arguments:)``.
    ///
    /// ```swift
    /// transient(HTTPClient.self) { (r: Resolver, baseURL: String, timeout: Int) in
    ///     HTTPClient(baseURL: baseURL, timeout: timeout, logger: try r.resolve())
    /// }
    /// ```
    public func transient<T, each A>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver, repeat each A) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, file: file, line: line, arguments: factory)
    }

    /// Declares a ``Lifetime/singleton`` registration in a ``Module``: one instance, built on first use.
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line, factory: factory)
    }

    /// Declares a ``Lifetime/singleton`` registration whose factory takes no resolver.
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line) { _ in try factory() }
    }

    /// Declares an ``Lifetime/eagerSingleton`` registration: built by ``Container/start()``.
    public func eagerSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .eagerSingleton, file: file, line: line, factory: factory)
    }

    /// Declares an ``Lifetime/eagerSingleton`` registration whose factory takes no resolver.
    public func eagerSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .eagerSingleton, file: file, line: line) { _ in try factory() }
    }

    /// Declares a ``Lifetime/weakSingleton`` registration: shared while someone holds it.
    public func weakSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .weakSingleton, file: file, line: line, factory: factory)
    }

    /// Declares a ``Lifetime/weakSingleton`` registration whose factory takes no resolver.
    public func weakSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .weakSingleton, file: file, line: line) { _ in try factory() }
    }

    /// Declares a ``Lifetime/graph`` registration: one instance per outermost resolve.
    public func graph<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .graph, file: file, line: line, factory: factory)
    }

    /// Declares a ``Lifetime/graph`` registration whose factory takes no resolver.
    public func graph<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .graph, file: file, line: line) { _ in try factory() }
    }

    /// Declares a scoped registration: one instance per innermost ``Scope`` (``Lifetime/scoped``),
    /// or per enclosing scope named `scope` (``Lifetime/scoped(_:)``).
    public func scoped<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        in scope: ScopeName? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: scope.map(Lifetime.scoped) ?? .scoped, file: file, line: line, factory: factory)
    }

    /// Declares a scoped registration whose factory takes no resolver.
    public func scoped<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        in scope: ScopeName? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: scope.map(Lifetime.scoped) ?? .scoped, file: file, line: line) { _ in
            try factory()
        }
    }

    /// Declares a contribution to the collection `[Element]`; see
    /// ``Container/contribute(to:tag:lifetime:file:line:_:)-(_,_,_,_,_,(Resolver)->Element)``.
    ///
    /// ```swift
    /// contribution(to: [any Plugin].self) { _ in AuthPlugin() }
    /// ```
    public func contribution<Element>(
        to collection: [Element].Type,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> Declaration<Element> {
        Declaration(contributionAt: file, line, lifetime: lifetime) { container in
            container.contribute(to: collection, tag: tag, lifetime: lifetime, file: file, line: line, factory)
        }
    }

    /// Declares a contribution to the collection `[Element]` whose factory takes no resolver:
    /// `contribution(to: [any Plugin].self) { AuthPlugin() }`.
    public func contribution<Element>(
        to collection: [Element].Type,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Element
    ) -> Declaration<Element> {
        contribution(to: collection, tag: tag, lifetime: lifetime, file: file, line: line) { _ in try factory() }
    }

    /// Declares a contribution under `key` to the map `[Key: Element]`; see
    /// ``Container/contribute(to:key:tag:lifetime:file:line:_:)``.
    public func contribution<Key: Hashable & Sendable, Element>(
        to map: [Key: Element].Type,
        key: Key,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> Declaration<Element> {
        Declaration(contributionAt: file, line, lifetime: lifetime) { container in
            container.contribute(to: map, key: key, tag: tag, lifetime: lifetime, file: file, line: line, factory)
        }
    }

    /// Declares a contribution under `key` to the map `[Key: Element]` whose factory takes no
    /// resolver.
    public func contribution<Key: Hashable & Sendable, Element>(
        to map: [Key: Element].Type,
        key: Key,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Element
    ) -> Declaration<Element> {
        contribution(to: map, key: key, tag: tag, lifetime: lifetime, file: file, line: line) { _ in try factory() }
    }

    /// Declares an auto-wired registration: `initializer`'s parameters are resolved by type, and the
    /// dependency edges are known without calling it; see ``Container/autowire(_:tag:lifetime:file:line:_:)``.
    ///
    /// ```swift
    /// autowire(lifetime: .singleton, UserService.init(database:logger:))
    /// ```
    ///
    /// The registered type is the initializer's result type. With a lifetime, it must be `Sendable`.
    public func autowire<T: Sendable, each D>(
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: lifetime, file: file, line: line, autowiring: initializer)
    }

    /// Declares an auto-wired ``Lifetime/transient``, of any type; see
    /// the `autowire` that takes a lifetime.
    public func autowire<T, each D>(
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, autowiring: initializer)
    }

    /// Declares a registration of a type that is not `Sendable`, with any lifetime, on the
    /// module author's word that sharing its instances between threads is safe; see
    /// ``Container/registerUncheckedSendable(_:tag:lifetime:file:line:factory:)``.
    public func uncheckedSendable<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: lifetime, file: file, line: line, factory: factory)
    }

    /// Declares an already-built value that is not `Sendable` as a singleton; see
    /// ``Container/registerUncheckedSendable(_:tag:instance:file:line:)``.
    public func uncheckedSendable<T>(
        instance value: T,
        as type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line) { container in
            container.registerUncheckedSendable(T.self, tag: tag, instance: value, file: file, line: line)
        }
    }
}

/// Identifies a contribution declaration by its source line, for duplicate detection in
/// ``Container/install(_:)``: the same line installed twice is one contribution.
struct ContributionSite: Hashable, Sendable {
    let site: SourceLocation
}
