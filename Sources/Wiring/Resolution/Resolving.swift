/// Something you can resolve services from: a ``Container``, a ``Scope``, or the ``Resolver``
/// a factory receives. All three share this API.
///
/// Your own types may conform too — a request context that resolves through its scope — by
/// providing ``resolver`` alone.
public protocol Resolving: Sendable {
    /// The resolver that resolves on behalf of this value.
    var resolver: Resolver { get }

    /// An implementation detail of the inlined resolve path, not API: the registry of the
    /// container resolves start from, unretained, so that a cached resolve does no reference
    /// counting. Valid while the conforming value lives. Has a default; do not implement it.
    var _registry: _RegistryReference { get }
}

extension Resolving {
    /// The default: the registry of ``resolver``'s container, so that a conforming type needs
    /// only ``resolver``. Not API.
    public var _registry: _RegistryReference { resolver._registry }

    /// Resolves the untagged registration of `type`, building it if its lifetime says so.
    ///
    /// The same as ``resolve(_:tag:file:line:)`` with no tag; a separate overload so that the
    /// most common resolve does not pass an empty existential tag.
    ///
    /// - Parameters:
    ///   - type: The type to resolve; inferred from context when omitted.
    ///   - file: The call site for error messages; leave the default.
    ///   - line: The call site for error messages; leave the default.
    /// - Returns: The instance.
    /// - Throws: ``WiringError``, as ``resolve(_:tag:file:line:)`` does.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self,
        file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) -> T {
        if let value = try resolvePrimary(T.self, file: file, line: line) { return value }
        do {
            return try resolver.resolveByKey(
                key: ServiceKey(type: T.self, tag: nil, arguments: Void.self),
                arguments: nil,
                callSite: SourceLocation(file, line)
            )
        } catch {
            throw error.calledFrom(SourceLocation(file, line))
        }
    }

    /// Resolves the registration of `type` with `tag`, building it if its lifetime says so.
    ///
    /// Lookup order: this container, then its parents; the first registration found wins, so a
    /// child overrides its parent. A tagged request finds only registrations with that tag,
    /// unless the container was created with ``TagFallback/untagged``, in which case it falls
    /// back to the untagged registration. Requesting `Optional<X>` when only `X` is registered
    /// resolves `X` (and gives `nil` if `X` is not registered either).
    ///
    /// - Parameters:
    ///   - type: The type to resolve; inferred from context when omitted.
    ///   - tag: The tag the registration was made with, or `nil` for the untagged one. Tags
    ///     compare as `AnyHashable` does: `1`, `UInt8(1)` and `1.0` are the same tag; `"1"` is
    ///     another.
    ///   - file: The call site for error messages; leave the default.
    ///   - line: The call site for error messages; leave the default.
    /// - Returns: The instance.
    /// - Throws: ``WiringError`` with code ``WiringError/Code/notRegistered``,
    ///   ``WiringError/Code/argumentMismatch`` (registered only with runtime arguments),
    ///   ``WiringError/Code/cycle``, ``WiringError/Code/factoryFailed``,
    ///   ``WiringError/Code/scopeNotActive`` or ``WiringError/Code/invalidLifetime``.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)?,
        file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) -> T {
        if tag == nil, let value = try resolvePrimary(T.self, file: file, line: line) { return value }
        do {
            return try resolver.resolveByKey(
                key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self),
                arguments: nil,
                callSite: SourceLocation(file, line)
            )
        } catch {
            throw error.calledFrom(SourceLocation(file, line))
        }
    }

    /// Resolves a registration that takes runtime arguments, passing `arguments` to its factory.
    ///
    /// The number, order and types of the arguments must match the registration exactly (`Int`
    /// and `Int?` differ); otherwise the error lists the signatures that are registered.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag the registration was made with, or `nil`.
    ///   - arguments: The runtime arguments, in the order the factory declares them.
    ///   - file: The call site for error messages; leave the default.
    ///   - line: The call site for error messages; leave the default.
    /// - Throws: ``WiringError``; ``WiringError/Code/argumentMismatch`` when the type and tag are
    ///   registered with other argument types.
    @inlinable
    public func resolve<T, each A>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        arguments: repeat each A,
        file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) -> T {
        let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: (repeat each A).self)
        var tuple = (repeat each arguments)
        let resolver = self.resolver
        do {
            return try withUnsafeMutablePointer(to: &tuple) { (pointer) throws(WiringError) -> T in
                try resolver.resolveByKey(key: key, arguments: UnsafeRawPointer(pointer), callSite: SourceLocation(file, line))
            }
        } catch {
            throw error.calledFrom(SourceLocation(file, line))
        }
    }

    /// Resolves `type` if something is registered for it, and returns `nil` if nothing is.
    ///
    /// Only a missing registration gives `nil`: a factory that throws, a cycle or a registration
    /// that needs runtime arguments still throws. A miss costs a lookup; no error is built.
    ///
    /// - Throws: ``WiringError`` for every failure other than "not registered".
    @inlinable
    public func resolveIfRegistered<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) -> T? {
        if tag == nil, let value = try resolvePrimary(T.self, file: file, line: line) { return value }
        // Nothing at all registered for `T` here or in a parent: answer without building a key,
        // a resolver or a list of signatures.
        // A closed scope's registry is empty; it answers as a shut-down container does.
        if !Registry.hasRegistrations(of: T.self, startingAt: _registry.registry), !resolver.isClosedScope { return nil }
        let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self)
        guard resolver.isRegistered(key) || !resolver.container.registeredSignatures(for: key).isEmpty else {
            return nil
        }
        do {
            // Typed as `T`, not `T?`, so that the registration of `T` is the one resolved.
            let value: T = try resolver.resolveByKey(key: key, arguments: nil, callSite: SourceLocation(file, line))
            return value
        } catch {
            throw error.calledFrom(SourceLocation(file, line))
        }
    }

    /// The untagged resolves' first step, inlined into the caller: the plain registration of `T` here or in a
    /// parent, its cached instance if built, else a build; `nil` if there is no such registration.
    @inlinable @inline(__always)
    func resolvePrimary<T>(_ type: T.Type, file: StaticString, line: UInt) throws(WiringError) -> T? {
        try resolvePlain(T.self) { (build) throws(WiringError) -> T in
            do throws(WiringError) {
                return try build(nil)
            } catch {
                throw error.calledFrom(SourceLocation(file, line))
            }
        }
    }

    /// The plain registration of `T` (untagged, without runtime arguments) here or in a parent,
    /// on the lock-free path: its cached instance if built, read without running any code of the
    /// caller's; otherwise what `building` returns when handed the build, which passes the
    /// factory the pointer it is given (a facade sets up what its factories expect around the
    /// build only). `nil` if there is no such registration.
    @inlinable @inline(__always)
    package func resolvePlain<T, E: Error>(
        _ type: T.Type,
        building: (_ build: (UnsafeRawPointer?) throws(WiringError) -> T) throws(E) -> T
    ) throws(E) -> T? {
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

    /// Whether resolving `type` with `tag` would find a registration (without building anything).
    public func isRegistered<T>(_ type: T.Type, tag: (any Hashable & Sendable)? = nil) -> Bool {
        resolver.isRegistered(ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self))
    }
}
