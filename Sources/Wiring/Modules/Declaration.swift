/// One registration in a ``Module``, made by `singleton { … }`,
/// `transient { … }` and the other declaration
/// functions, and refined with the same modifiers as a ``Registration``.
///
/// ```swift
/// singleton { ConsoleLogger() }
///     .forwarding(to: (any Logging).self) { $0 }
///     .onResolved { r, logger in logger.sink = try r.resolve() }
/// ```
public struct Declaration<T> {
    let key: ServiceKey
    let lifetime: Lifetime
    let site: SourceLocation
    let forwardedKeys: [ServiceKey]
    let apply: (Container) -> Registration<T>

    /// Adds a post-construction hook; see ``Registration/onResolved(_:)``.
    public func onResolved(_ hook: @escaping @Sendable (Resolver, T) throws -> Void) -> Declaration<T> {
        let apply = self.apply
        return Declaration(key: key, lifetime: lifetime, site: site, forwardedKeys: forwardedKeys) { container in
            apply(container).onResolved(hook)
        }
    }

    /// Makes the registration answer to `type` too; see ``Registration/forwarding(to:file:line:_:)``.
    public func forwarding<F>(
        to type: F.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ convert: @escaping @Sendable (T) -> F
    ) -> Declaration<T> {
        let apply = self.apply
        let forwarded = ServiceKey(type: F.self, tag: key.tag, arguments: Void.self)
        return Declaration(key: key, lifetime: lifetime, site: site, forwardedKeys: forwardedKeys + [forwarded]) {
            container in
            apply(container).forwarding(to: F.self, file: file, line: line, convert)
        }
    }

    /// Wraps every instance with `decorator`; see ``Registration/decorated(with:)``.
    public func decorated(with decorator: @escaping @Sendable (Resolver, T) throws -> T) -> Declaration<T> {
        refined { $0.decorated(with: decorator) }
    }

    /// Gives the instances an asynchronous teardown; see ``Registration/onDispose(_:)-3gzi1``.
    public func onDispose(_ teardown: @escaping @Sendable (T) async throws -> Void) -> Declaration<T> {
        refined { $0.onDispose(teardown) }
    }

    /// Gives the instances a synchronous teardown; see ``Registration/onDispose(_:)-7c457``.
    public func onDispose(_ teardown: @escaping @Sendable (T) throws -> Void) -> Declaration<T> {
        refined { $0.onDispose(teardown) }
    }

    /// Tracks a transient's instances for disposal; see ``Registration/trackingTransients()``.
    public func trackingTransients() -> Declaration<T> {
        refined { $0.trackingTransients() }
    }

    /// Declares a value that the code opening each scope gives it (a request, a request id, the
    /// signed-in user): its factory only reports a scope that was not given one. See
    /// ``Registration/providedToScopes()``.
    ///
    /// ```swift
    /// scoped(CurrentUser.self, in: "request") { throw NotSignedIn() }
    ///     .providedToScopes()
    /// ```
    public func providedToScopes() -> Declaration<T> {
        refined { $0.providedToScopes() }
    }

    /// ``Registration/providedToScopes(sample:)`` for a declaration.
    package func providedToScopes(sample: String) -> Declaration<T> {
        refined { $0.providedToScopes(sample: sample) }
    }

    /// Counts the registration as a validation root; see ``Registration/validatedAsRoot()``.
    public func validatedAsRoot() -> Declaration<T> {
        refined { $0.validatedAsRoot() }
    }

    /// The declaration with `change` applied to its registration when it is installed.
    private func refined(_ change: @escaping (Registration<T>) -> Registration<T>) -> Declaration<T> {
        let apply = self.apply
        return Declaration(key: key, lifetime: lifetime, site: site, forwardedKeys: forwardedKeys) { container in
            change(apply(container))
        }
    }

    var erased: AnyDeclaration {
        let apply = self.apply
        return AnyDeclaration(key: key, site: site, forwardedKeys: forwardedKeys) { _ = apply($0) }
    }
}

/// A declaration of any type, as a module stores it.
struct AnyDeclaration {
    let key: ServiceKey
    let site: SourceLocation
    let forwardedKeys: [ServiceKey]
    let install: (Container) -> Void
    /// The innermost module whose body made it; `nil` for an inline ``Registrations`` list.
    var module: ModuleIdentity?

    init(key: ServiceKey, site: SourceLocation, forwardedKeys: [ServiceKey], install: @escaping (Container) -> Void) {
        self.key = key
        self.site = site
        self.forwardedKeys = forwardedKeys
        self.install = install
    }

    /// Records `module` as where it came from, unless a module nested in it already is.
    func made(by module: some Installable) -> AnyDeclaration {
        guard self.module == nil, !(module is Registrations) else { return self }
        var copy = self
        copy.module = ModuleIdentity(value: module)
        return copy
    }

    /// Whether `other` is this same declaration again: the same line of the same module value.
    func isRepeated(by other: AnyDeclaration) -> Bool {
        origin.isRepeated(by: other)
    }

    /// Where it came from: what a container remembers of an installed declaration.
    var origin: DeclarationOrigin { DeclarationOrigin(site: site, module: module) }

    /// Every key the declaration registers: its own and the forwarded ones.
    var keys: [ServiceKey] { [key] + forwardedKeys }
}

/// The line and module value a declaration came from.
struct DeclarationOrigin: Sendable {
    let site: SourceLocation
    let module: ModuleIdentity?

    /// Whether `other` is this same declaration again: the same line of the same module value.
    func isRepeated(by other: AnyDeclaration) -> Bool {
        guard site == other.site else { return false }
        switch (module, other.module) {
        case (nil, nil): return true
        case (let mine?, let theirs?): return mine.isSame(as: theirs)
        default: return false
        }
    }
}

extension Declaration {
    /// The declaration of `T` with `tag` (and the runtime `arguments` its factory takes, if any),
    /// made at `file`:`line`; `apply` registers it when the module is installed.
    init(
        tag: (any Hashable & Sendable)?,
        arguments: Any.Type = Void.self,
        lifetime: Lifetime,
        file: StaticString,
        line: UInt,
        apply: @escaping (Container) -> Registration<T>
    ) {
        self.init(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: arguments),
            lifetime: lifetime,
            site: SourceLocation(file, line),
            forwardedKeys: [],
            apply: apply
        )
    }

    init(
        tag: (any Hashable & Sendable)?,
        lifetime: Lifetime,
        file: StaticString,
        line: UInt,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) {
        self.init(tag: tag, lifetime: lifetime, file: file, line: line) { container in
            // The declaration functions that reach here ask for `Sendable` where the lifetime shares
            // the instance; `transient` and `graph` do not need it.
            container.registerUncheckedSendable(T.self, tag: tag, lifetime: lifetime, file: file, line: line, factory: factory)
        }
    }
}

extension Declaration {
    /// An auto-wired declaration: `initializer`'s parameters are resolved by type.
    init<each D>(
        tag: (any Hashable & Sendable)?,
        lifetime: Lifetime,
        file: StaticString,
        line: UInt,
        autowiring initializer: @escaping @Sendable (repeat each D) throws -> T
    ) {
        self.init(tag: tag, lifetime: lifetime, file: file, line: line) { container in
            container.add(T.self, tag: tag, lifetime: lifetime, file: file, line: line, autowiring: initializer)
        }
    }

    /// A transient declaration whose factory takes runtime arguments.
    init<each A>(
        tag: (any Hashable & Sendable)?,
        file: StaticString,
        line: UInt,
        arguments factory: @escaping @Sendable (Resolver, repeat each A) throws -> T
    ) {
        self.init(tag: tag, arguments: (repeat each A).self, lifetime: .transient, file: file, line: line) { container in
            container.register(T.self, tag: tag, file: file, line: line, arguments: factory)
        }
    }

    /// A contribution's declaration, keyed by its source line (``ContributionSite``); `apply`
    /// makes the contribution.
    init(
        contributionAt file: StaticString,
        _ line: UInt,
        lifetime: Lifetime,
        apply: @escaping (Container) -> Registration<T>
    ) {
        self.init(tag: ContributionSite(site: SourceLocation(file, line)), lifetime: lifetime, file: file, line: line, apply: apply)
    }
}

extension Declaration where T: Sendable {
    /// A declaration with an async factory; see
    /// the async `Container.register`.
    init(
        tag: (any Hashable & Sendable)?,
        lifetime: Lifetime,
        file: StaticString,
        line: UInt,
        asyncFactory factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T
    ) {
        self.init(tag: tag, lifetime: lifetime, file: file, line: line) { container in
            container.register(T.self, tag: tag, lifetime: lifetime, file: file, line: line, factory: factory)
        }
    }
}
