// What the migration facades need of a container beyond the public API: registrations keyed by
// an explicit argument type, whose factories receive whatever pointer the facade's resolve passed
// (its runtime arguments, or state of its own), and the plain registration's lock-free path on
// its own.

extension Container {
    /// Registers `factory` under `type`, `tag` and the runtime-argument type `argumentsType`.
    /// The factory receives the pointer that ``resolve(_:tag:argumentsType:arguments:)`` or
    /// ``resolvePlain(_:building:)`` was given, valid for the factory's call only.
    @discardableResult
    package func registerUncheckedSendable<T>(
        _ type: T.Type,
        tag: (any Hashable & Sendable)?,
        argumentsType: Any.Type,
        lifetime: Lifetime,
        factory: @escaping @Sendable (Resolver, UnsafeRawPointer?) throws -> T
    ) -> Registration<T> {
        add(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: argumentsType),
            lifetime: lifetime,
            site: SourceLocation(#fileID, #line),
            dependencies: nil,
            factory: factory
        )
    }

    /// Resolves the registration made by
    /// ``registerUncheckedSendable(_:tag:argumentsType:lifetime:factory:)``, handing its factory
    /// `arguments` if it builds.
    package func resolve<T>(
        _ type: T.Type,
        tag: (any Hashable & Sendable)?,
        argumentsType: Any.Type,
        arguments: UnsafeRawPointer?
    ) throws(WiringError) -> T {
        try resolver.resolveByKey(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: argumentsType),
            arguments: arguments,
            callSite: SourceLocation(#fileID, #line)
        )
    }

    /// Removes the registration of `type` with `tag` and `argumentsType`, releasing what it
    /// cached once no lock is held. Returns whether there was one.
    @discardableResult
    package func remove(_ type: Any.Type, tag: (any Hashable & Sendable)?, argumentsType: Any.Type) -> Bool {
        var (removed, retired) = registry.remove(ServiceKey(type: type, tag: ServiceTag(tag), arguments: argumentsType))
        retired.resettingCache(of: removed)
        retired.release()
        return removed != nil
    }

    /// Resolves the plain registration of `T` (untagged, without runtime arguments) on the
    /// lock-free path: its cached instance, read without running any code of the caller's;
    /// otherwise what `building` returns when handed the resolve of that registration (which
    /// passes its factory the pointer it is given), so that a facade sets up what its factories
    /// expect around the build only. `nil` when there is
    /// no plain registration of `T`, where ``Resolving/resolve(_:file:line:)`` would look
    /// further.
    @inlinable
    package func resolvePlain<T>(
        _ type: T.Type,
        building: (_ resolve: (UnsafeRawPointer?) throws(WiringError) -> T) throws -> T
    ) throws -> T? {
        let registry = _registry.registry
        let section = Reclamation.enter(Registry.readers(at: registry))
        guard let raw = Registry.primaryEntry(of: T.self, startingAt: registry) else {
            section.exit()
            return nil
        }
        if let value = Entry<T>.cachedValue(at: raw) {
            section.exit()
            return value
        }
        // Retained before the section ends: the build runs user code, outside any section.
        let entry = Unmanaged<Entry<T>>.fromOpaque(raw).takeUnretainedValue()
        section.exit()
        let resolver = self.resolver
        return try building { (arguments) throws(WiringError) -> T in try resolver.resolve(entry: entry, arguments: arguments) }
    }
}
