#if GraphCheck
    /// A mistake the check is sure of, at the line that makes it, in validation's words.
    struct Finding {
        let location: Location
        let headline: String
        let fix: String

        var message: String { "\(headline) To fix: \(fix)" }
    }

    /// Something the user should know about what was not checked: once per set, at its install.
    struct Note {
        let location: Location
        let text: String
    }

    /// The checks of one run: each module declared in the checked target by itself, each set of
    /// modules the target installs, the app's launch (`Container.default`) against the call-site
    /// injection of every type, and the reads of each type against the one declaration of its key.
    struct GraphChecks {
        let program: Program
        /// The checked target holds tests: its containers are completed by overrides.
        let isTestTarget: Bool
        /// No other target of the package builds on the checked one.
        let isTop: Bool

        /// Keys read with `resolveAsync` somewhere, and whether some such read has a key the
        /// check cannot name (any async instance may then be built that way first).
        let asyncKeys: [Key]
        let unreadAsync: Bool

        init(program: Program, isTestTarget: Bool, isTop: Bool) {
            self.program = program
            self.isTestTarget = isTestTarget
            self.isTop = isTop
            var keys: [Key] = []
            var unread = false
            for (fileNumber, file) in program.files.enumerated() {
                for written in file.summary.asyncResolves {
                    if let written, let key = program.readKey(written, file: fileNumber) {
                        keys.append(key)
                    } else {
                        unread = true
                    }
                }
            }
            asyncKeys = keys
            unreadAsync = unread
        }

        /// Every finding of the run, each once, in source order, and the notes.
        func run() -> (findings: [Finding], notes: [Note]) {
            var findings: [Finding] = []
            var notes: [Note] = []
            let modules = program.moduleTypes()
            // Each module of the target by itself: what holds wherever it is installed.
            for id in modules.keys.sorted() where program.isOwn(program.types[id].file) {
                let location = Location(file: program.types[id].file, point: program.type(id).point)
                let expansion = program.expand([(id, [], location)])
                findings += SetChecks(checks: self, placed: expansion.placed, closed: false).findings(duplicates: true)
            }
            // Each set the target installs; each container it fills, as a whole.
            var installed: [Placed] = []
            var owned: [Placed] = []
            /// The worlds by name: their declarations, whether they are closed, and whether this
            /// target installs into them.
            var filled: [String: (world: World, set: SetChecks, reason: (Location?, String)?, isOwn: Bool)] = [:]
            for world in program.worlds() {
                let expansion = program.expand(world.roots)
                installed += expansion.placed
                let reason = program.openReason(of: world, expansion: expansion, isTestTarget: isTestTarget, isTop: isTop)
                let set = SetChecks(checks: self, placed: expansion.placed, closed: reason == nil)
                let isOwn = world.installs.contains { program.isOwn($0.location.file) }
                filled[world.name] = (world, set, reason, isOwn)
                guard isOwn else { continue }
                owned += expansion.placed
                for install in world.installs where program.isOwn(install.location.file) {
                    let one = program.expand(install.modules.map { ($0.module, install.clauses, $0.location) })
                    findings += SetChecks(checks: self, placed: one.placed, closed: false).findings(duplicates: true)
                }
                findings += set.findings(duplicates: false)
                if let reason, world.kind != .test, !(isTestTarget && world.kind != .validation), let site = world.site,
                    let note = note(set.uncheckedReads(), reason: reason, site: site)
                {
                    notes.append(note)
                }
            }
            let typeReads = TypeReadChecks(checks: self)
            let (against, unchecked) = launch(filled)
            if let (site, providers, reason) = unchecked, let note = note(typeReads.uncheckedReads(providers), reason: reason, site: site) {
                notes.append(note)
            }
            findings += typeReads.findings(installed: installed, owned: owned, launch: against)
            // A test target reports only what is in its own files: the app's build reports the rest.
            let reported = findings.filter { !isExpected($0.location) && (!isTestTarget || program.isOwn($0.location.file)) }
            return (Self.once(reported), notes)
        }

        /// The containers a type the app makes may read from: `Container.default`, when the
        /// sources install into it, and each container made current with `withContainer(…)`
        /// (a scope reads its container's registrations). A type's call-site injection is
        /// checked against them when they are all closed and this target fills one of them; else
        /// the first open one, for a note.
        private func launch(_ filled: [String: (world: World, set: SetChecks, reason: (Location?, String)?, isOwn: Bool)]) -> (
            against: (providers: [Providers], module: String)?, unchecked: (Location, Providers, (Location?, String))?
        ) {
            guard !isTestTarget else { return (nil, nil) }
            var names: [String] = filled["shared"].map { _ in ["shared"] } ?? []
            var cannotFollow: Location?
            for (location, name) in program.madeCurrent() {
                guard let name else {
                    cannotFollow = cannotFollow ?? location
                    continue
                }
                if !names.contains(name) { names.append(name) }
            }
            let worlds = names.compactMap { filled[$0] }
            guard let first = worlds.first(where: \.isOwn), let site = first.world.site else { return (nil, nil) }
            if let open = worlds.first(where: { $0.reason != nil }), let reason = open.reason {
                return (nil, (site, first.set.providers, reason))
            }
            if let cannotFollow {
                return (
                    nil, (site, first.set.providers, (cannotFollow, "types made inside withContainer(…) of a container it cannot follow"))
                )
            }
            if worlds.count < names.count {
                // Made current, and never installed into: its registrations are made elsewhere.
                return (nil, (site, first.set.providers, (nil, "a container made current that no install the check reads fills")))
            }
            let module = first.world.roots.first.map { program.types[$0.module].displayName } ?? "the app's module"
            return ((worlds.map(\.set.providers), module), nil)
        }

        /// A note for a set whose reads of keys it does not declare went unchecked.
        private func note(_ unchecked: [(Key, Location)], reason: (Location?, String), site: Location) -> Note? {
            guard let (key, at) = unchecked.min(by: { $0.1 < $1.1 }) else { return nil }
            let more = unchecked.count > 1 ? " and \(unchecked.count - 1) more" : ""
            let opener = reason.0.map { " at \(program.site($0))" } ?? ""
            return Note(
                location: site,
                text:
                    "WiringGraphCheck did not check this container for missing registrations: \(key.display), read at \(program.site(at))\(more), is declared by none of its modules, and the container is open to \(reason.1)\(opener)."
            )
        }

        /// Whether a mistake at `location` is marked as deliberate.
        private func isExpected(_ location: Location) -> Bool {
            program.files[location.file].summary.expectedLines.contains(location.point.line)
        }

        /// Each finding once (the first of a place and headline), in source order.
        private static func once(_ findings: [Finding]) -> [Finding] {
            var seen: Set<String> = []
            return findings.filter {
                seen.insert("\($0.location.file):\($0.location.point.line):\($0.location.point.column) \($0.headline)").inserted
            }
            .sorted { ($0.location, $0.headline) < ($1.location, $1.headline) }
        }

        /// Whether `provider`'s instance for a key is certain not to exist when a synchronous
        /// read comes: a transient is built on every resolve; an eager singleton is built by
        /// `startAsync()`; any other instance that a `resolveAsync` of one of its keys (or of a
        /// key the check cannot name) may build first is left to run time.
        func isNeverBuiltFirst(_ provider: Declaration) -> Bool {
            if provider.lifetime == .transient { return true }
            if provider.lifetime == .eagerSingleton || unreadAsync { return false }
            return !asyncKeys.contains { key in provider.keys.contains { $0.relation(to: key) != .different } }
        }
    }

    extension Program {
        /// `File.swift:12`, as validation names a registration's site.
        func site(_ location: Location) -> String {
            let path = files[location.file].path
            return "\(path.split(separator: "/").last.map(String.init) ?? path):\(location.point.line)"
        }
    }
#endif
