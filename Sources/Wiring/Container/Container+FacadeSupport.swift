// What the migration facades need of a container beyond the public API: registrations keyed by
// an explicit argument type, whose factories receive whatever pointer the facade's resolve passed
// (its runtime arguments, or state of its own). The plain registration's lock-free path, with a
// facade's own set-up around the build, is `Resolving.resolvePlain(_:building:)`.

extension Container {
    /// Registers `factory` under `type`, `tag` and the runtime-argument type `argumentsType`.
    /// The factory receives the pointer that ``resolve(_:tag:argumentsType:arguments:)`` or
    /// `resolvePlain(_:building:)` was given, valid for the factory's call only.
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
}
