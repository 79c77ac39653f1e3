extension Container {
    /// Installs the registrations of `modules` into this container, all or none.
    ///
    /// Modules may be installed in any order and may nest each other. Two rules keep
    /// installation predictable:
    /// - **The same declaration twice is installed once.** A declaration is identified by its
    ///   type, tag, source line and the module value it comes from, so a module included by two
    ///   others (a diamond), or installed again, is not an error and does not replace anything.
    ///   Two module values are the same module when they are the same class instance, equal
    ///   (an `Equatable` module), or identical in memory (a module without stored properties).
    ///   Two *different* values of one module type — `CoreModule(config: prod)` and
    ///   `CoreModule(config: staging)` — declare different registrations: that is a clash, not a
    ///   silent choice of the first. Make the module `Equatable` if equal values should install
    ///   once.
    /// - **Two different declarations of the same type and tag are an error**, whether both come
    ///   from the modules being installed or one is already registered in this container:
    ///   ``WiringError/Code/duplicateRegistration``, naming both sites; nothing is installed.
    ///   To override on purpose, install the override into a child container (``makeChild()``),
    ///   or call ``register(_:tag:lifetime:file:line:factory:)-(_,_,_,_,_,(Resolver)->T)``, which replaces.
    ///
    /// Registrations inherited from a parent container are not duplicates: installing a module
    /// into a child overrides them, as registering there does.
    ///
    /// - Throws: ``WiringError`` with code ``WiringError/Code/duplicateRegistration``.
    public func install(_ modules: any Installable...) throws(WiringError) {
        try install(modules)
    }

    /// Installs the registrations of `modules`, all or none; see ``install(_:)``.
    ///
    /// - Parameters:
    ///   - modules: The modules to install, in any order.
    ///   - overriding: When `true`, the modules' declarations replace registrations
    ///     already in this container instead of clashing with them (a test's overrides of the
    ///     app's modules). Two different declarations of one type and tag *within* `modules`
    ///     are still an error.
    public func install(_ modules: [any Installable], overriding: Bool = false) throws(WiringError) {
        // The plan reads the registry without a lock held across it and the publication (its
        // modules' code runs meanwhile); the publication checks, in the same step, that no key
        // the plan found free has been registered since. If one has, by another install or a
        // `register` on another thread, plan again: the clash is reported, or, if it was this
        // same module, recognised as installed.
        while true {
            let plan = installPlan(for: modules, overriding: overriding)
            try Self.throwConflicts(of: plan)
            if apply(plan, overriding: overriding) { return }
        }
    }

    /// Throws ``WiringError/Code/duplicateRegistration`` for the clashes of `plan`, if any.
    private static func throwConflicts(of plan: InstallPlan) throws(WiringError) {
        if let first = plan.conflicts.first {
            throw WiringError(
                code: .duplicateRegistration,
                key: first.key,
                registrationSite: first.site,
                detail: .duplicate(
                    existing: first.other,
                    others: plan.conflicts.map(\.sameLineNote).compactMap { $0 }
                        + plan.conflicts.dropFirst().map { "\($0.key) at \($0.site) and \($0.other)" }
                )
            )
        }
    }

    /// What installing `modules` would do: the declarations to install, and the clashes.
    func installPlan(for modules: [any Installable], overriding: Bool) -> InstallPlan {
        var plan = InstallPlan()
        var planned: [ServiceKey: AnyDeclaration] = [:]
        let previously = installedDeclarations.withLock { $0 }
        let declarations = modules.flatMap { module in module.registrations.declarations.map { $0.made(by: module) } }
        for declaration in declarations {
            if let earlier = planned[declaration.key], earlier.isRepeated(by: declaration) { continue }
            // Read once: another thread may register the key meanwhile, and both checks below
            // must see the same registry (the publication checks again that it has not changed).
            let installed = registry.entry(for: declaration.key)
            if let installed, installed.site == declaration.site,
                previously[declaration.key]?.isRepeated(by: declaration) ?? true
            {
                continue  // installed before, by this same module
            }
            let clashes = declaration.keys.compactMap { key -> InstallPlan.Conflict? in
                if let earlier = planned[key] {
                    return InstallPlan.Conflict(key: key, site: declaration.site, other: earlier.site, module: declaration.module)
                }
                guard !overriding, let existing = key == declaration.key ? installed : registry.entry(for: key) else {
                    return nil
                }
                return InstallPlan.Conflict(key: key, site: declaration.site, other: existing.site, module: declaration.module)
            }
            plan.conflicts.append(contentsOf: clashes)
            guard clashes.isEmpty else { continue }
            for key in declaration.keys { planned[key] = declaration }
            plan.accepted.append(declaration)
        }
        return plan
    }

    /// Installs the accepted declarations of `plan`, publishing them together: other threads
    /// see all of them or none, and the registry is locked once. With `overriding`, what they
    /// replace is not recorded as an ambiguous registration.
    ///
    /// - Returns: `false`, having installed nothing, when a key the plan found free (without
    ///   `overriding`) was registered since the plan was made.
    @discardableResult
    func apply(_ plan: InstallPlan, overriding: Bool) -> Bool {
        let published = publishingTogether(
            recordingReplacements: !overriding,
            requiringAbsent: overriding ? [] : plan.accepted.flatMap(\.keys)
        ) {
            for declaration in plan.accepted { declaration.install(self) }
        }
        guard published else { return false }
        installedDeclarations.withLock { installed in
            for declaration in plan.accepted { installed[declaration.key] = declaration.origin }
        }
        return true
    }
}

/// The outcome of planning an installation: what to install and what clashes.
struct InstallPlan {
    struct Conflict {
        let key: ServiceKey
        let site: SourceLocation
        let other: SourceLocation
        /// The module value the clashing declaration came from.
        let module: ModuleIdentity?

        /// When both declarations are one line of two different values of one module type.
        var sameLineNote: String? {
            guard site == other, let module else { return nil }
            return "\(key) at \(site) is declared by two different \(module.typeName) values; "
                + "install one of them, or make \(module.typeName) Equatable if the two are equal"
        }
    }

    var accepted: [AnyDeclaration] = []
    var conflicts: [Conflict] = []
}

/// The registrations an `install` makes, gathered on its thread and published together (see
/// ``Container/publishingTogether(recordingReplacements:requiringAbsent:_:)``). Used by one thread only.
final class PendingPublication {
    let container: Container
    /// In the order first made; a later entry for the same key (a modifier) takes its place.
    private(set) var entries: [AnyEntry] = []
    private var positions: [ServiceKey: Int] = [:]

    /// Contributions to collections and maps, recorded in the container when the batch publishes.
    var contributions: [(collection: ServiceKey, record: ContributionRecord)] = []

    init(container: Container) {
        self.container = container
    }

    /// The site of the batch's first contribution to `collection`, if any.
    func firstContribution(to collection: ServiceKey) -> SourceLocation? {
        contributions.first { $0.collection == collection }?.record.site
    }

    func add(_ entry: AnyEntry) {
        if let position = positions[entry.key] {
            entries[position] = entry
        } else {
            positions[entry.key] = entries.count
            entries.append(entry)
        }
    }

    func entry(for key: ServiceKey) -> AnyEntry? {
        positions[key].map { entries[$0] }
    }
}
