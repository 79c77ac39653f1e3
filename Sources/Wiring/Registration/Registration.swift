/// A handle on a registration, to refine it after `register`.
///
/// ```swift
/// container.register(ConsoleLogger.self, lifetime: .singleton) { _ in ConsoleLogger() }
///     .forwarding(to: (any Logging).self) { $0 }
///     .onResolved { r, logger in logger.sink = try r.resolve() }
/// ```
public struct Registration<T>: Sendable {
    /// The container the registration was made in.
    public let container: Container
    let key: ServiceKey

    init(container: Container, key: ServiceKey) {
        self.container = container
        self.key = key
    }

    /// The tag the registration was made under, if any: resolve it with
    /// `container.resolve(T.self, tag: registration.tag)`.
    public var tag: (any Hashable & Sendable)? { key.tag?.value }

    /// Republishes the registration with `change` applied to its refinements (hooks, decorators,
    /// teardown, flags); it keeps its cache. What every modifier below does.
    func refining(_ change: (inout Refinements<T>) -> Void) -> Registration<T> {
        container.modify(key) { (entry: Entry<T>) in entry.refined(change) }
        return self
    }

    /// Adds a post-construction hook: it runs after the factory, with the new instance, before
    /// the instance is returned. Use it for property injection; with a ``Lifetime/graph`` or
    /// singleton lifetime it is the way to close a cycle on purpose, because the instance is
    /// already cached when the hook runs.
    @discardableResult
    public func onResolved(_ hook: @escaping @Sendable (Resolver, T) throws -> Void) -> Registration<T> {
        refining { $0.hooks.append(hook) }
    }

    /// Lets the factory be entered again while it is building, for facades whose original
    /// library allowed that (Dip's `.shared` instances, built again inside a cycle that a property
    /// block closes). Such a registration's real loops stop at the container's
    /// ``Container/maximumDepth`` or the stack guard instead of at once.
    @discardableResult
    package func allowingReentry() -> Registration<T> {
        refining { $0.allowsReentry = true }
    }

    /// Counts the registration as a root when ``Container/validate(_:)-11zjp`` is given
    /// ``ValidationOptions/roots``: it, and what it depends on, are never reported as
    /// unreachable. For registrations resolved from outside the graph the roots span: a
    /// library's own bookkeeping, or a service that is only read through a property wrapper.
    ///
    /// ```swift
    /// container.register(AuditLog.self, lifetime: .singleton) { _ in AuditLog() }
    ///     .validatedAsRoot()   // read only through @LazyWired
    /// ```
    @discardableResult
    public func validatedAsRoot() -> Registration<T> {
        refining { $0.isValidationRoot = true }
    }

    /// Declares that scopes are given this registration's instance with ``Scope/provide(_:as:tag:file:line:)``
    /// (a request, a request id, the signed-in user), and that its factory only reports that a
    /// scope was not given one. A dry run (``ValidationOptions/dryRun``) then neither builds it
    /// nor reports its factory's error as a finding: it has no value to build from.
    ///
    /// ```swift
    /// container.register(CurrentUser.self, lifetime: .scoped("request")) { _ in throw NotSignedIn() }
    ///     .providedToScopes()
    /// ```
    ///
    /// Only a scoped registration can be given to scopes: on any other lifetime this stops the
    /// program with a message saying so, in every build configuration.
    @discardableResult
    public func providedToScopes() -> Registration<T> {
        if let entry = container.registry.entry(for: key), entry.lifetime.kind != .scoped {
            fatalError(
                """
                Wiring: \(key) is registered as \(entry.lifetime) and marked providedToScopes(), but only a scoped registration's instance can be given to scopes.
                  registered at: \(entry.site)
                To fix: register it with lifetime: .scoped (or .scoped("request")), and give each scope its value with scope.provide(_:).
                """
            )
        }
        return refining { $0.isProvidedToScopes = true }
    }

    /// ``providedToScopes()``, with how a dry run is given a sample of the value, in code a user
    /// can paste (`options.provideSampleHummingbirdRequest()`): what the finding of a dry run
    /// that had none says to do. For the integrations that provide it.
    @discardableResult
    package func providedToScopes(sample: String) -> Registration<T> {
        providedToScopes().refining { $0.sampleHint = sample }
    }

    /// Makes the registration answer to `type` too, converting with `convert` (usually `{ $0 }`,
    /// which the compiler checks). Resolving `type` shares the instance this registration caches.
    @discardableResult
    public func forwarding<F>(
        to type: F.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ convert: @escaping @Sendable (T) -> F
    ) -> Registration<T> {
        let source = key
        container.addForward(
            key: ServiceKey(type: F.self, tag: key.tag, arguments: Void.self),
            source: source,
            site: SourceLocation(file, line)
        ) { resolver in
            let value: T = try resolver.resolveByKey(key: source, arguments: nil, callSite: SourceLocation(file, line))
            return convert(value)
        }
        return self
    }

    /// Makes the registration answer to `type` too, converting with a dynamic cast at resolve
    /// time. Prefer ``forwarding(to:file:line:_:)``, which the compiler checks and which avoids
    /// the cast; a failed cast throws ``WiringError/Code/typeMismatch``.
    @discardableResult
    public func forwarding<F>(to type: F.Type, file: StaticString = #fileID, line: UInt = #line) -> Registration<T> {
        let source = key
        let forwardKey = ServiceKey(type: F.self, tag: key.tag, arguments: Void.self)
        container.addForward(key: forwardKey, source: source, site: SourceLocation(file, line)) { resolver in
            let value: T = try resolver.resolveByKey(key: source, arguments: nil, callSite: SourceLocation(file, line))
            guard let converted = value as? F else {
                throw WiringError(
                    code: .typeMismatch,
                    key: forwardKey,
                    registrationSite: SourceLocation(file, line),
                    detail: .expectedType(F.self, actual: Swift.type(of: value as Any))
                )
            }
            return converted
        }
        return self
    }
}

extension Container {
    /// Republishes the registration for `key` as `change` makes it, keeping its cache.
    func modify<T>(_ key: ServiceKey, _ change: (Entry<T>) -> Entry<T>) {
        if let batch = pendingPublication, let pending = batch.entry(for: key) {
            batch.add(change(Self.typed(pending, as: T.self)))
            return
        }
        let retired = tracing.withLock { tracer in
            guard let current = registry.entry(for: key) else {
                fatalError(
                    "Wiring: the registration of \(key) was removed (or replaced by a registration of another type) while it was being modified.\nTo fix: refine a registration through the handle register returned, before removing it."
                )
            }
            // The new entry shares the old one's cell: nothing cached is released.
            return registry.insert(change(Self.typed(current, as: T.self)).retraced(tracer)).retired
        }
        retired.release()
    }

    /// `entry` as the registration of `T` it must be: checked in every build configuration, since
    /// a wrong type here would be memory corruption, not an error.
    private static func typed<T>(_ entry: AnyEntry, as type: T.Type) -> Entry<T> {
        guard let typed = entry as? Entry<T> else {
            fatalError(
                "Wiring internal error: the registration of \(entry.key) was modified as \(typeDisplayName(T.self)). Please report it with this message."
            )
        }
        return typed
    }

    /// Publishes the entry `make` builds for the current tracer, records it as a replacement if
    /// it replaced a registration made elsewhere, and releases what the replaced one cached.
    func publish(_ make: (Tracer?) -> AnyEntry) {
        if let batch = pendingPublication {
            let entry = make(tracing.withLock { $0 })
            Self.refuseIrreflexiveTag(of: entry.key, at: entry.site)
            batch.add(entry)
            return
        }
        let (entry, (replaced, retired)) = tracing.withLock { tracer in
            let made = make(tracer)
            Self.refuseIrreflexiveTag(of: made.key, at: made.site)
            let entry = isShutDown.load(ordering: .acquiring) ? made.shutDownCopy() : made
            return (entry, registry.insert(entry))
        }
        var released = retired
        released.resettingCache(of: replaced)
        released.release()
        recordReplacement(of: replaced, by: entry)
    }

    /// Stops the program when `key`'s tag is not equal to itself (`Double.nan`, or a `Hashable`
    /// whose `==` is not reflexive): no lookup could ever find such a registration, to resolve
    /// or remove it, and each registration again would add one more.
    static func refuseIrreflexiveTag(of key: ServiceKey, at site: SourceLocation, role: String = "tag") {
        guard let tag = key.tag, tag.base != tag.base else { return }
        // fatalError, not precondition: its message is printed in release builds too.
        fatalError(
            """
            Wiring: the \(role) \(tag) of \(typeDisplayName(key.type)) is not equal to itself, so nothing could ever resolve or remove this registration.
              registered at: \(site)
            To fix: use a \(role) whose == is reflexive, such as an enum case, a string or an integer; not Double.nan or a value containing it.
            """
        )
    }

    /// Records `entry` replacing a registration made elsewhere in the code, for validation.
    private func recordReplacement(of replaced: AnyEntry?, by entry: AnyEntry) {
        guard let replaced, replaced.site != entry.site else { return }
        replacements.withLock { $0.record(Replacement(key: entry.key, replaced: replaced.site, by: entry.site)) }
    }

    /// The batch an ``publishingTogether(recordingReplacements:requiringAbsent:_:)`` on this thread gathers for
    /// this container, if any.
    var pendingPublication: PendingPublication? {
        guard let batch = ResolutionContext.existing?.publication, batch.container === self else { return nil }
        return batch
    }

    /// Runs `body`, gathering the registrations (and contributions) it makes in this container
    /// on this thread, and publishes them together at the end: one lock, one grace period, and
    /// other threads see all of them or none.
    ///
    /// - Parameters:
    ///   - recordingReplacements: Whether replacing a registration made elsewhere counts as an
    ///     ambiguous registration for validation (not for a deliberate override).
    ///   - requiringAbsent: Keys that must have no registration in this container when the
    ///     batch publishes. The check and the publication are one step under the lock every
    ///     publication takes, so no registration can slip in between.
    /// - Returns: `false`, having published nothing, when one of `requiringAbsent` was registered.
    @discardableResult
    func publishingTogether(
        recordingReplacements: Bool,
        requiringAbsent: [ServiceKey] = [],
        _ body: () -> Void
    ) -> Bool {
        let context = ResolutionContext.current
        let outer = context.publication
        let batch = PendingPublication(container: self)
        context.publication = batch
        body()
        context.publication = outer
        let entries = batch.entries
        guard !entries.isEmpty || !batch.contributions.isEmpty else { return true }
        let published = tracing.withLock { tracer -> (replaced: [AnyEntry?], retired: Retired)? in
            if requiringAbsent.contains(where: { registry.entry(for: $0) != nil }) { return nil }
            let shutDown = isShutDown.load(ordering: .acquiring)
            // The tracer may have changed since the entries were made; what publishes must match.
            let current = entries.map { entry in
                shutDown ? entry.shutDownCopy() : entry.tracer === tracer ? entry : entry.retraced(tracer)
            }
            let result = registry.insert(contentsOf: current)
            // The contributions' records become visible with their elements' registrations.
            contributions.withLock { records in
                for (collection, record) in batch.contributions { records[collection, default: []].append(record) }
            }
            return result
        }
        guard let (replaced, retired) = published else { return false }
        var released = retired
        released.resettingCaches(of: replaced)
        released.release()
        guard recordingReplacements else { return true }
        for (entry, replaced) in zip(entries, replaced) { recordReplacement(of: replaced, by: entry) }
        return true
    }

    func addForward<F>(
        key: ServiceKey,
        source: ServiceKey,
        site: SourceLocation,
        convert: @escaping @Sendable (Resolver) throws -> F
    ) {
        // fatalError, not precondition: its message is printed in release builds too.
        guard !source.hasArguments else {
            fatalError(
                """
                Wiring: \(source) takes runtime arguments, so it cannot be forwarded to \(typeDisplayName(key.type)).
                  registered at: \(site)
                To fix: register \(typeDisplayName(key.type)) with the same arguments: container.register(\(metatypeExpression(typeDisplayName(key.type)))) { (r: Resolver, …) in … }
                """
            )
        }
        publish { tracer in
            Entry<F>(
                key: key,
                lifetime: .transient,
                owner: self,
                site: site,
                sequence: registry.nextSequence(),
                dependencies: [source],
                forwardsTo: source,
                tracer: tracer
            ) { resolver, _ in try convert(resolver) }
        }
    }
}
