#if GraphCheck
    /// The checks, on every module by itself and on every set of modules installed together.
    struct GraphChecks {
        let sources: SourceSet

        /// Every mistake found, once (the first wording of a mistake found twice), in source order.
        func findings() -> [Finding] {
            var found: [Finding] = []
            for name in sources.modules.keys.sorted() {
                found += check(expand([name]), closed: false)
            }
            for set in sources.installedSets {
                found += check(expand(set.modules), closed: set.isClosed)
            }
            found += callSiteFindings()
            var seen: Set<String> = []
            return found.filter {
                !sources.isExpected($0.point) && seen.insert("\($0.point.file):\($0.point.line):\($0.point.column) \($0.headline)").inserted
            }
            .sorted { ($0.point, $0.headline) < ($1.point, $1.headline) }
        }

        /// The call-site injection of the sources' own types (a view model's `let x: T = wired()`),
        /// against the one declaration of each key among all the modules, when a module the
        /// sources install makes it: such a read is made wherever the type is made, by a factory
        /// or by the app. (A declaration no install in the sources reaches may never be the one
        /// the app's container holds.)
        private func callSiteFindings() -> [Finding] {
            let installed = Set(sources.installedSets.flatMap { expand($0.modules).declarations.map(\.point) })
            var providers: [Key: [Declaration]] = [:]
            for (name, module) in sources.modules where !sources.ambiguousModules.contains(name) {
                for declaration in module.declarations {
                    for key in declaration.keys { providers[key, default: []].append(declaration) }
                }
            }
            // The one declaration of `key`, when an installed module makes it.
            let provider = { (key: Key) -> Declaration? in
                guard let declarations = providers[key], declarations.count == 1, installed.contains(declarations[0].point) else {
                    return nil
                }
                return declarations[0]
            }
            var findings: [Finding] = []
            for name in sources.types.types.keys.sorted() {
                guard let facts = sources.types.facts(of: name) else { continue }
                for read in facts.propertyReads + facts.lazyReads + facts.offMainReads {
                    if let provider = provider(read.key), let finding = asyncReadByType(read, in: name, of: provider) {
                        findings.append(finding)
                    }
                }
                for read in facts.offMainReads {
                    if let provider = provider(read.key), let finding = mainActorReadOffMain(read, in: name, of: provider) {
                        findings.append(finding)
                    }
                }
            }
            return findings
        }

        /// A type's synchronous call-site read of an async registration that nothing builds first:
        /// `wired()` cannot throw, so the program stops where the type is made (a view model's
        /// `wired()` of an async singleton stops the test run that makes it).
        private func asyncReadByType(_ read: CallSiteRead, in owner: String, of provider: Declaration) -> Finding? {
            guard provider.isAsync, isNeverBuiltFirst(read.key, by: provider) else { return nil }
            let name = Self.metatype(read.key.type)
            let eager =
                provider.lifetime == .transient
                ? ""
                : "make it an eagerSingleton and run `try await container.startAsync()` at launch (and in tests), or "
            return Finding(
                point: read.point,
                headline:
                    "\(read.key) has an async factory, and it was resolved synchronously before it was built: \(owner) reads it with \(read.form) \(read.moment), which \(read.form == "resolve()" ? "throws" : "stops the program").",
                fix: "\(eager)read it where it is used with `try await resolveAsync(\(name))`, from an async method.")
        }

        /// A synchronous read, from code that never runs on the main actor, of a main-actor
        /// registration that is built on every resolve (transient, graph) or per scope. (A
        /// main-actor singleton read there works once the main actor has built it, which the tool
        /// cannot rule out; a `nonisolated` type is not reported either: made from main-actor
        /// code, its reads run there, and work.)
        private func mainActorReadOffMain(_ read: CallSiteRead, in owner: String, of provider: Declaration) -> Finding? {
            guard provider.isMainActor, !provider.lifetime.isContainerOwned else { return nil }
            return Finding(
                point: read.point,
                headline:
                    "\(read.key) must be built on the main actor, and it was resolved synchronously from outside the main actor: \(owner) reads it with \(read.form) \(read.moment).",
                fix:
                    "resolve it with `try await resolveAsync(\(Self.metatype(read.key.type)))`, which hops to the main actor to build it, or read it from main-actor code."
            )
        }

        /// Whether `provider`'s instance for `key` is certain not to exist when a synchronous read
        /// comes: a transient is built on every resolve; an eager singleton is built by
        /// `startAsync()`; any other instance (a singleton's, a scope's, a graph's) that the
        /// sources resolve with `resolveAsync` somewhere may be built that way first.
        private func isNeverBuiltFirst(_ key: Key, by provider: Declaration) -> Bool {
            if provider.lifetime == .transient { return true }
            if provider.lifetime == .eagerSingleton { return false }
            return !(sources.hasUnreadAsyncResolves || sources.resolvedAsynchronously.contains(key))
        }

        /// The declarations of `names` and the modules they include, each module once (as an
        /// install does), and whether any part could not be read.
        private func expand(_ names: [String]) -> (declarations: [Declaration], complete: Bool) {
            var declarations: [Declaration] = []
            var complete = true
            var seen: Set<String> = []
            var pending = names
            while let name = pending.popLast() {
                guard seen.insert(name).inserted else { continue }
                guard let module = sources.modules[name], !sources.ambiguousModules.contains(name) else {
                    complete = false
                    continue
                }
                if module.hasUnreadParts { complete = false }
                declarations += module.declarations
                pending += module.nested
            }
            return (declarations.sorted { $0.point < $1.point }, complete)
        }

        /// The findings of one set of declarations. `closed`: nothing but these can provide a key.
        private func check(_ expansion: (declarations: [Declaration], complete: Bool), closed: Bool) -> [Finding] {
            let declarations = expansion.declarations
            var providers: [Key: [Declaration]] = [:]
            for declaration in declarations {
                for key in declaration.keys { providers[key, default: []].append(declaration) }
            }
            var findings: [Finding] = []
            findings += duplicates(providers)
            // The checks below follow a read to its registration: only where exactly one declaration
            // provides the key. (An unread part of the set cannot add another without making a
            // duplicate, which `install` refuses.)
            let unique = providers.compactMapValues { $0.count == 1 ? $0[0] : nil }
            for declaration in declarations {
                for read in declaration.reads {
                    guard let provider = unique[read.key] else {
                        if closed, expansion.complete, providers[read.key] == nil, !Self.builtIn.contains(read.key.type) {
                            findings.append(missing(read, by: declaration))
                        }
                        continue
                    }
                    if let finding = captive(read, by: declaration, of: provider) { findings.append(finding) }
                    if let finding = asyncReadSynchronously(read, by: declaration, of: provider) { findings.append(finding) }
                }
            }
            findings += cycles(declarations, unique)
            return findings
        }

        /// Keys every container provides itself.
        private static let builtIn: Set<String> = ["Container", "Scope", "Resolver", "any Resolving"]

        /// One key declared by two declarations of the set: `install` throws.
        private func duplicates(_ providers: [Key: [Declaration]]) -> [Finding] {
            providers.compactMap { key, declarations -> Finding? in
                let points = Set(declarations.map(\.point)).sorted()
                guard points.count >= 2 else { return nil }
                return Finding(
                    point: points[1], headline: "\(key) is declared twice, at \(points[0].site) and at \(points[1].site).",
                    fix:
                        "keep one of the two declarations, or give them different tags; to override on purpose, install the override into a child container."
                )
            }
        }

        /// A key that nothing in a closed set provides.
        private func missing(_ read: Read, by consumer: Declaration) -> Finding {
            let tag = read.key.tag.map { tag -> String in
                switch tag {
                case .member(let name): ", tag: .\(name)"
                case .string(let text): ", tag: \"\(text)\""
                }
            }
            return Finding(
                point: read.point, headline: "\(consumer.keys[0]) depends on \(read.key), and nothing is registered for it.",
                fix: "register it: container.register(\(Self.metatype(read.key.type))\(tag ?? "")) { r in … }.")
        }

        /// A container-owned instance reading a scoped one: resolving it throws.
        private func captive(_ read: Read, by holder: Declaration, of held: Declaration) -> Finding? {
            guard holder.lifetime.isContainerOwned, held.lifetime == .scoped else { return nil }
            let heldLifetime = held.scopeName.map { "scoped(\($0))" } ?? "scoped"
            let from = holder.keys[0]
            return Finding(
                point: read.point,
                headline:
                    "\(from) (\(holder.lifetime)) depends on \(read.key) (\(heldLifetime)), which exists only inside a scope: resolving \(from) throws.",
                fix: "make \(from) scoped too, or resolve \(read.key) where it is used, through the scope.")
        }

        /// A synchronous read, in a synchronous factory, of an async registration that nothing
        /// builds first: it throws `asyncRequired`. (A read by a type the factory makes is
        /// reported at the type, wherever it is made.)
        private func asyncReadSynchronously(_ read: Read, by consumer: Declaration, of provider: Declaration) -> Finding? {
            guard !consumer.isAsync, !read.isAsync, !read.isConstruction, provider.isAsync, isNeverBuiltFirst(read.key, by: provider) else {
                return nil
            }
            let name = Self.metatype(read.key.type)
            return Finding(
                point: read.point,
                headline: "\(read.key) has an async factory, and it was resolved synchronously before it was built.",
                fix:
                    "\(consumer.keys[0]) resolves it from a synchronous factory: make that factory async ({ r async throws in … try await r.resolveAsync(\(name)) … }) and resolve \(consumer.keys[0]) with resolveAsync."
            )
        }

        /// Loops of reads between declarations, each once, starting at its first key in name order.
        private func cycles(_ declarations: [Declaration], _ unique: [Key: Declaration]) -> [Finding] {
            var findings: [Finding] = []
            var reported: Set<Set<SourcePoint>> = []
            for start in declarations {
                // Breadth first from `start`, over reads to unique providers, back to `start`.
                var previous: [SourcePoint: (Declaration, Read)] = [:]
                var queue = [start]
                var closing: (Declaration, Read)?
                search: while !queue.isEmpty {
                    let current = queue.removeFirst()
                    for read in current.reads {
                        guard let next = unique[read.key] else { continue }
                        if next.point == start.point {
                            closing = (current, read)
                            break search
                        }
                        if previous[next.point] == nil {
                            previous[next.point] = (current, read)
                            queue.append(next)
                        }
                    }
                }
                guard let closing else { continue }
                var loop = [closing]
                while loop[0].0.point != start.point, let step = previous[loop[0].0.point] { loop.insert(step, at: 0) }
                let members = Set(loop.map(\.0.point))
                guard !reported.contains(members) else { continue }
                // Reported once, from the declaration whose key sorts first.
                guard start.keys[0].description == loop.map(\.0.keys[0].description).min() else { continue }
                reported.insert(members)
                let names = loop.map(\.0.keys[0].description) + [start.keys[0].description]
                findings.append(
                    Finding(
                        point: loop[0].1.point, headline: "circular dependency: \(names.joined(separator: " → ")).",
                        fix:
                            "break the loop: inject one side after construction with .onResolved { r, instance in … } and a .graph or singleton lifetime, or read one side lazily with @LazyWired."
                    ))
            }
            return findings
        }

        /// `X.self`, or `(any P).self`.
        private static func metatype(_ type: String) -> String {
            type.hasPrefix("any ") ? "(\(type)).self" : "\(type).self"
        }
    }
#endif
