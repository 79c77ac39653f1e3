#if GraphCheck
    /// The checks of one set of declarations: a module by itself, one install, or a container's
    /// modules together. `closed`: nothing but these can provide a key.
    struct SetChecks {
        let checks: GraphChecks
        let placed: [Placed]
        let closed: Bool
        let providers: Providers

        init(checks: GraphChecks, placed: [Placed], closed: Bool) {
            self.checks = checks
            self.placed = placed
            self.closed = closed
            providers = Providers(placed)
        }

        private var program: Program { checks.program }

        func findings(duplicates includeDuplicates: Bool) -> [Finding] {
            var findings: [Finding] = includeDuplicates ? duplicates() : []
            for entry in placed {
                for read in entry.declaration.reads {
                    let clauses = entry.clauses + read.clauses
                    if closed, providers.isMissing(read.key), read.key.isDecidable {
                        findings.append(missing(read, by: entry.declaration))
                        continue
                    }
                    guard !read.isHook, let provider = providers.unique(read.key), coActive([clauses, provider.clauses]) else { continue }
                    if let finding = captive(entry, read, provider) { findings.append(finding) }
                    if let finding = asyncReadSynchronously(read, by: entry.declaration, of: provider.declaration) {
                        findings.append(finding)
                    }
                }
            }
            return findings + cycles()
        }

        /// Reads of keys none of the set's declarations may provide: what a closed set reports.
        func uncheckedReads() -> [(Key, Location)] {
            placed.flatMap { entry in
                entry.declaration.reads.filter { providers.isMissing($0.key) && $0.key.isDecidable }.map {
                    ($0.key, $0.via?.origin ?? $0.location)
                }
            }
        }

        // MARK: Duplicates

        /// One key declared by two declarations that are certainly active together: `install`
        /// throws.
        private func duplicates() -> [Finding] {
            var byKey: [Key: [Placed]] = [:]
            for entry in placed {
                for key in Set(entry.declaration.keys) where key.isDecidable { byKey[key, default: []].append(entry) }
            }
            var findings: [Finding] = []
            for (key, entries) in byKey {
                let sorted = entries.sorted { $0.declaration.location < $1.declaration.location }
                guard let first = sorted.first,
                    let second = sorted.dropFirst().first(where: {
                        $0.declaration.location != first.declaration.location && coActive([first.clauses, $0.clauses])
                    })
                else { continue }
                let (a, b) = (first.declaration.location, second.declaration.location)
                findings.append(
                    Finding(
                        location: b, headline: "\(key.display) is declared twice, at \(program.site(a)) and at \(program.site(b)).",
                        fix:
                            "keep one of the two declarations, or give them different tags; to override on purpose, install the override with install(_:overriding: true) or into a child container."
                    ))
            }
            return findings
        }

        // MARK: Missing

        /// A key that nothing in a closed set provides.
        private func missing(_ read: Read, by consumer: Declaration) -> Finding {
            let module = program.types[consumer.module].displayName
            if let via = read.via {
                return Messages.missing(
                    program: program, key: read.key, consumer: via.type, how: Messages.how(via.form, via.moment), at: via.origin,
                    module: module, argumentsOnly: argumentsOnly(read.key))
            }
            return Messages.missing(
                program: program, key: read.key, consumer: consumer.name, how: nil, at: read.location, module: module,
                argumentsOnly: argumentsOnly(read.key))
        }

        private func argumentsOnly(_ key: Key) -> Bool {
            key.type.sourceType.map { providers.onlyWithArguments($0) } ?? false
        }

        // MARK: Captive

        /// A container-owned instance reading a scoped one, itself or through transient or graph
        /// registrations between them: resolving it throws.
        private func captive(_ holder: Placed, _ read: Read, _ first: Placed) -> Finding? {
            guard holder.declaration.lifetime.isContainerOwned else { return nil }
            // Breadth first through transients and graphs, to a scoped declaration.
            var queue: [(Placed, [Declaration], [[Int]])] = [(first, [], [holder.clauses + read.clauses, first.clauses])]
            var seen: Set<Location> = [holder.declaration.location]
            while !queue.isEmpty {
                let (current, through, clauses) = queue.removeFirst()
                guard seen.insert(current.declaration.location).inserted else { continue }
                let held = current.declaration
                if held.lifetime == .scoped {
                    return Messages.captive(
                        program: program, holder: holder.declaration, held: held, through: through, read: read)
                }
                guard held.lifetime == .transient || held.lifetime == .graph, through.count < 3 else { continue }
                for next in held.reads where !next.isHook {
                    guard let provider = providers.unique(next.key), coActive(clauses + [next.clauses, provider.clauses]) else { continue }
                    queue.append((provider, through + [held], clauses + [next.clauses, provider.clauses]))
                }
            }
            return nil
        }

        // MARK: Async

        /// A synchronous read, in a factory, of an async registration that nothing builds first:
        /// it throws `asyncRequired`. (A read by a type the factory makes is reported at the type.)
        private func asyncReadSynchronously(_ read: Read, by consumer: Declaration, of provider: Declaration) -> Finding? {
            guard !read.isAsync, read.via == nil, provider.isAsync, checks.isNeverBuiltFirst(provider) else { return nil }
            return Messages.asyncReadByFactory(program: program, key: read.key, consumer: consumer, provider: provider, at: read.location)
        }

        // MARK: Cycles

        /// Loops of reads between declarations, each once, starting at its first key in name order.
        private func cycles() -> [Finding] {
            var findings: [Finding] = []
            var reported: Set<Set<Location>> = []
            for start in placed {
                // Breadth first from `start`, over reads to unique providers, back to `start`.
                var previous: [Location: (Placed, Read)] = [:]
                var queue = [start]
                var closing: (Placed, Read)?
                search: while !queue.isEmpty {
                    let current = queue.removeFirst()
                    for read in current.declaration.reads where !read.isHook {
                        guard let next = providers.unique(read.key) else { continue }
                        if next.declaration.location == start.declaration.location {
                            closing = (current, read)
                            break search
                        }
                        if previous[next.declaration.location] == nil {
                            previous[next.declaration.location] = (current, read)
                            queue.append(next)
                        }
                    }
                }
                guard let closing else { continue }
                var loop = [closing]
                while loop[0].0.declaration.location != start.declaration.location, let step = previous[loop[0].0.declaration.location] {
                    loop.insert(step, at: 0)
                }
                // Every step of the loop is made in one configuration of its `#if` clauses.
                let clauses = loop.flatMap { [$0.0.clauses + $0.1.clauses] } + [start.clauses]
                guard coActive(clauses) else { continue }
                let members = Set(loop.map(\.0.declaration.location))
                guard !reported.contains(members) else { continue }
                // Reported once, from the declaration whose key sorts first.
                guard start.declaration.name == loop.map(\.0.declaration.name).min() else { continue }
                reported.insert(members)
                let names = loop.map(\.0.declaration.name) + [start.declaration.name]
                findings.append(
                    Finding(
                        location: loop[0].1.location, headline: "circular dependency: \(names.joined(separator: " → ")).",
                        fix:
                            "break the loop: inject one side after construction with .onResolved { r, instance in … } and a .graph or singleton lifetime, or read one side lazily with @LazyWired or a lazy var."
                    ))
            }
            return findings
        }
    }
#endif
