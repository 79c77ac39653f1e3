extension Container {
    /// Installs the registrations of `modules` into this container, all or none.
    ///
    /// Modules may be installed in any order and may nest each other. Two rules keep
    /// installation predictable:
    /// - **The same declaration twice is installed once.** A declaration is identified by its
    ///   type, tag and source line, so a module included by two others (a diamond), or installed
    ///   again, is not an error and does not replace anything.
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
    public func install(_ modules: any Module...) throws(WiringError) {
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
    public func install(_ modules: [any Module], overriding: Bool = false) throws(WiringError) {
        let plan = installPlan(for: modules, overriding: overriding)
        if let first = plan.conflicts.first {
            throw WiringError(
                code: .duplicateRegistration,
                key: first.key,
                registrationSite: first.site,
                detail: .duplicate(
                    existing: first.other,
                    others: plan.conflicts.dropFirst().map { "\($0.key) at \($0.site) and \($0.other)" }
                )
            )
        }
        apply(plan, overriding: overriding)
    }

    /// What installing `modules` would do: the declarations to install, and the clashes.
    func installPlan(for modules: [any Module], overriding: Bool) -> InstallPlan {
        var plan = InstallPlan()
        var sites: [ServiceKey: SourceLocation] = [:]
        for declaration in modules.flatMap(\.registrations.declarations) {
            let installed = registry.entry(for: declaration.key)
            if sites[declaration.key] == declaration.site || installed?.site == declaration.site { continue }
            let clashes = declaration.keys.compactMap { key -> InstallPlan.Conflict? in
                let existing = overriding ? nil : registry.entry(for: key)?.site
                guard let other = sites[key] ?? existing else { return nil }
                return InstallPlan.Conflict(key: key, site: declaration.site, other: other)
            }
            plan.conflicts.append(contentsOf: clashes)
            guard clashes.isEmpty else { continue }
            for key in declaration.keys { sites[key] = declaration.site }
            plan.accepted.append(declaration)
        }
        return plan
    }

    /// Installs the accepted declarations of `plan`, publishing them together: other threads
    /// see all of them or none, and the registry is locked once. With `overriding`, what they
    /// replace is not recorded as an ambiguous registration.
    func apply(_ plan: InstallPlan, overriding: Bool) {
        publishingTogether(recordingReplacements: !overriding) {
            for declaration in plan.accepted { declaration.install(self) }
        }
    }
}

/// The outcome of planning an installation: what to install and what clashes.
struct InstallPlan {
    struct Conflict {
        let key: ServiceKey
        let site: SourceLocation
        let other: SourceLocation
    }

    var accepted: [AnyDeclaration] = []
    var conflicts: [Conflict] = []
}

/// The registrations an `install` makes, gathered on its thread and published together (see
/// ``Container/publishingTogether(recordingReplacements:_:)``). Used by one thread only.
final class PendingPublication {
    let container: Container
    /// In the order first made; a later entry for the same key (a modifier) takes its place.
    private(set) var entries: [AnyEntry] = []
    private var positions: [ServiceKey: Int] = [:]

    init(container: Container) {
        self.container = container
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
