/// The declarations every module has, whatever isolation its synchronous factories default to
/// (``Module`` or ``MainActorModule``): those with an `async` factory, whose closure carries its
/// own isolation (`{ … }` runs where the resolve awaits it, `{ @MainActor in … }` on the main
/// actor), and ``instance(_:as:tag:file:line:)``, which takes a value.
public protocol CommonDeclaring {}

extension CommonDeclaring {
    /// Declares a registration with an `async` factory in a ``Module`` — here ``Lifetime/transient``;
    /// `singleton`, `eagerSingleton` and `scoped` have the same form. Resolve it with
    /// ``Resolving/resolveAsync(_:tag:file:line:)``; see
    /// the async `Container.register`.
    ///
    /// ```swift
    /// singleton { r async throws in try await ConnectionPool.connect(url: try r.resolve(Config.self).url) }
    ///     .onDispose { pool in await pool.close() }
    /// ```
    public func transient<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, asyncFactory: factory)
    }

    /// Declares a ``Lifetime/transient`` registration with an `async` factory that takes no resolver:
    /// `transient { try await RecipeStore.load() }`, or `{ @MainActor in try await … }` to run it
    /// on the main actor. Resolve it with ``Resolving/resolveAsync(_:tag:file:line:)``.
    public func transient<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable () async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .transient, file: file, line: line, asyncFactory: ignoringResolver(factory))
    }

    /// Declares a ``Lifetime/singleton`` registration with an `async` factory; see
    /// the async `transient`.
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line, asyncFactory: factory)
    }

    /// Declares a ``Lifetime/singleton`` registration with an `async` factory that takes no resolver:
    /// `singleton { try await RecipeStore.load() }`, or `{ @MainActor in try await … }` to run it
    /// on the main actor. Resolve it with ``Resolving/resolveAsync(_:tag:file:line:)``.
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable () async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .singleton, file: file, line: line, asyncFactory: ignoringResolver(factory))
    }

    /// Declares a ``Lifetime/eagerSingleton`` registration with an `async` factory; see
    /// the async `transient`.
    public func eagerSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .eagerSingleton, file: file, line: line, asyncFactory: factory)
    }

    /// Declares an ``Lifetime/eagerSingleton`` registration (built by ``Container/startAsync()``) with an `async` factory that takes no resolver:
    /// `eagerSingleton { try await RecipeStore.load() }`, or `{ @MainActor in try await … }` to run it
    /// on the main actor. Resolve it with ``Resolving/resolveAsync(_:tag:file:line:)``.
    public func eagerSingleton<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable () async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: .eagerSingleton, file: file, line: line, asyncFactory: ignoringResolver(factory))
    }

    /// Declares a scoped registration with an `async` factory; see the async `transient`.
    public func scoped<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        in scope: ScopeName? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T
    ) -> Declaration<T> {
        Declaration(tag: tag, lifetime: scope.map(Lifetime.scoped) ?? .scoped, file: file, line: line, asyncFactory: factory)
    }

    /// Declares a scoped registration with an `async` factory that takes no resolver:
    /// `scoped { try await RecipeStore.load() }`, or `{ @MainActor in try await … }` to run it
    /// on the main actor. Resolve it with ``Resolving/resolveAsync(_:tag:file:line:)``.
    public func scoped<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        in scope: ScopeName? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable () async throws -> T
    ) -> Declaration<T> {
        Declaration(
            tag: tag, lifetime: scope.map(Lifetime.scoped) ?? .scoped, file: file, line: line, asyncFactory: ignoringResolver(factory))
    }

    /// Declares an already-built value as a singleton; see ``Container/register(_:tag:instance:file:line:)``.
    public func instance<T: Sendable>(
        _ value: T,
        as type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Declaration<T> {
        Registrations.Declarations().uncheckedSendable(instance: value, as: type, tag: tag, file: file, line: line)
    }
}

/// `factory` as a factory that takes the resolver and ignores it. The call keeps `factory`'s own
/// isolation: an `@isolated(any)` function runs on its actor (the main actor, for
/// `{ @MainActor in … }`) wherever it is called from.
private func ignoringResolver<T: Sendable>(
    _ factory: @escaping @isolated(any) @Sendable () async throws -> T
) -> @isolated(any) @Sendable (Resolver) async throws -> T {
    { _ in try await factory() }
}
