extension Scope {
    /// Gives this scope its instance of a `.scoped` registration, as if the factory had built
    /// it: for values that exist before the scope does, such as the request a request scope
    /// serves or the user a session belongs to.
    ///
    /// ```swift
    /// container.register(CurrentUser.self, lifetime: .scoped) { _ in
    ///     throw MissingValue()   // only a scope that was given one has a CurrentUser
    /// }
    /// let request = container.makeScope()
    /// try request.provide(CurrentUser(name: "ada"))
    /// let user = try request.resolve(CurrentUser.self)   // the instance provided
    /// ```
    ///
    /// The registration declares the type, so validation and error messages know it; its
    /// factory runs only in scopes that were not given a value. A provided value belongs to
    /// the caller: the scope releases it when it closes or resets, but does not dispose of it.
    /// For a ``Lifetime/scoped(_:)`` registration, the value goes to the nearest scope with
    /// that name, this one or an ancestor.
    ///
    /// - Throws: ``WiringError`` ``WiringError/Code/notRegistered`` if nothing is registered
    ///   for the type and tag; ``WiringError/Code/invalidLifetime`` if the registration is not
    ///   scoped; ``WiringError/Code/scopeNotActive`` if no enclosing scope has the registration's
    ///   scope name; ``WiringError/Code/duplicateRegistration`` if that scope already holds an
    ///   instance; ``WiringError/Code/shutDown`` if it is closed.
    public func provide<T: Sendable>(
        _ instance: T,
        as type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) {
        let found: AnyEntry
        if tag == nil, let primary = Self.primaryEntry(of: T.self, in: container) {
            // The plain registration, from the lock-free table: no key to hash (a request
            // provides its values on every request).
            found = primary
        } else {
            let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self)
            guard let looked = Resolver(container: container, scope: self).lookup(key) else {
                throw container.missingRegistrationError(for: key, callSite: SourceLocation(file, line))
            }
            found = looked
        }
        guard found.lifetime.kind == .scoped else {
            throw WiringError(code: .invalidLifetime, entry: found, detail: .provideNeedsScoped)
        }
        // The lookup found the registration of `key`, whose type is `T` (a forwarded type is
        // never scoped): the entry is an `Entry<T>`, as `resolveByKey` relies on too.
        if found.key.type != T.self { Resolver.keyMismatch(found.key, T.self) }
        let entry = unsafeDowncast(found, to: Entry<T>.self)
        guard let target = enclosing(named: entry.lifetime.scopeName) else {
            throw Resolver.noScope(for: entry, in: container)
        }
        switch target.lifespan.provide(instance, for: entry) {
        case .provided:
            return
        case .duplicate:
            // The site is made only here: a `String` per provide would cost a request scope.
            throw WiringError(code: .duplicateRegistration, entry: entry, detail: .alreadyInScope)
                .calledFrom(SourceLocation(file, line))
        case .closed:
            let detail: WiringError.Detail = target.isBornClosed ? .scopeOfShutDownContainer : .providedToClosedScope
            throw WiringError(code: .shutDown, entry: entry, detail: detail).calledFrom(SourceLocation(file, line))
        }
    }

    /// The plain registration of `T` (untagged, without arguments) in `container` or a parent,
    /// retained, from the registry's lock-free table; `nil` when there is none.
    private static func primaryEntry<T>(of _: T.Type, in container: Container) -> AnyEntry? {
        let registry = container._registry.registry
        let section = Reclamation.enter(Registry.readers(at: registry))
        defer { section.exit() }
        guard let raw = Registry.primaryEntry(of: T.self, startingAt: registry) else { return nil }
        // Retained (copied out) before the section ends.
        return Unmanaged<AnyEntry>.fromOpaque(raw).takeUnretainedValue()
    }
}

extension Container {
    /// The errors that code giving every scope named `scopeName` its own instance of each of
    /// `types` with ``Scope/provide(_:as:tag:file:line:)`` (a server integration's request
    /// middleware, `provider`) would meet each time, one per type registered here, or in a
    /// parent, in a way that cannot take it: not scoped, or scoped in scopes of another name.
    /// Empty when each is unregistered or registered to take it. For the middleware to throw
    /// when it is made, not on every request.
    package func providedValueClashes(_ types: [Any.Type], scopeName: ScopeName?, provider: String) -> [WiringError] {
        let resolver = Resolver(container: self, scope: nil)
        return types.compactMap { type in
            guard let entry = resolver.lookup(ServiceKey(type: type, tag: nil, arguments: Void.self)) else { return nil }
            let lifetime = entry.lifetime
            if lifetime.kind == .scoped, entry.forwardsTo == nil, lifetime.scopeName == nil || lifetime.scopeName == scopeName {
                return nil
            }
            return WiringError(code: .invalidLifetime, entry: entry, detail: .providedByOthers(provider: provider, scope: scopeName))
        }
    }
}
