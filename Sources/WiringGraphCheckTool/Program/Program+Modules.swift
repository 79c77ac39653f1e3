#if GraphCheck
    /// A module type of the sources: a type that conforms to Wiring's `Module` or
    /// `MainActorModule`, with its `registrations` body.
    struct ModuleInfo {
        let type: Int
        /// A `MainActorModule`: its unmarked synchronous factories run on the main actor.
        let isMainActor: Bool
        /// Its `registrations` bodies (one, in a program that compiles; none when it inherits the
        /// body from code the check does not read).
        let bodies: [Located<RegistrationsFact>]
    }

    /// The declarations a set of modules makes, each module once, and the parts of it the check
    /// could not read.
    struct Expansion {
        var placed: [Placed] = []
        /// A part that may declare any key: where it is, and what it is.
        var unread: [(Location, String)] = []
        /// The modules it reached.
        var modules: [Int] = []
    }

    extension Program {
        /// Global numbers for a file's `#if` clauses: unique across files.
        func clauses(_ clauses: Clauses, file: Int) -> [Int] { clauses.map { file << 32 | $0 } }

        /// Every module type of the sources, found once.
        func moduleTypes() -> [Int: ModuleInfo] {
            if let known = modulesFound { return known }
            var bodies: [Int: [Located<RegistrationsFact>]] = [:]
            for (fileNumber, file) in files.enumerated() {
                for fact in file.summary.registrations {
                    let owner = ScopeRef(file: fileNumber, scope: fact.owner)
                    let id: Int?
                    switch scopeFact(owner).kind {
                    case .type(let index): id = typeIndex[fileNumber][index]
                    case .extension: id = extended[owner]
                    default: id = nil
                    }
                    if let id { bodies[id, default: []].append(Located(value: fact, file: fileNumber, scope: fact.owner)) }
                }
            }
            var found: [Int: ModuleInfo] = [:]
            for id in types.indices {
                var conformances = type(id).inherits.map { ($0, ScopeRef(file: types[id].file, scope: type(id).scope)) }
                for scope in extensionsOf[id] ?? [] {
                    guard case .extension(let index) = scopeFact(scope).kind else { continue }
                    conformances += files[scope.file].summary.extensions[index].inherits.map { ($0, ScopeRef(file: scope.file, scope: 0)) }
                }
                var isModule = false
                var isMainActor = false
                for (name, scope) in conformances {
                    switch resolve(name, from: scope) {
                    case .external("Module"), .external("Wiring.Module"): isModule = true
                    case .external("MainActorModule"), .external("Wiring.MainActorModule"):
                        isModule = true
                        isMainActor = true
                    default: break
                    }
                }
                if isModule { found[id] = ModuleInfo(type: id, isMainActor: isMainActor, bodies: bodies[id] ?? []) }
            }
            modulesFound = found
            return found
        }

        /// The declarations of `roots` and the modules they include, each module once (as an
        /// install does), under `clauses`.
        func expand(_ roots: [(module: Int, clauses: [Int], location: Location)]) -> Expansion {
            var expansion = Expansion()
            var seen: Set<Int> = []
            var pending = Array(roots.reversed())
            let modules = moduleTypes()
            while let (id, clauses, location) = pending.popLast() {
                guard seen.insert(id).inserted else { continue }
                expansion.modules.append(id)
                guard let module = modules[id] else {
                    expansion.unread.append((location, "\(types[id].displayName) is not a module the check can read"))
                    continue
                }
                guard module.bodies.count == 1, let body = module.bodies.first else {
                    expansion.unread.append((location, "\(types[id].displayName)'s registrations are not in the files the check reads"))
                    continue
                }
                for (index, item) in body.value.items.enumerated() {
                    switch item {
                    case .declaration(let fact):
                        let declaration = self.declaration(fact, file: body.file, module: module, index: index)
                        expansion.placed.append(
                            Placed(declaration: declaration, clauses: clauses + self.clauses(fact.clauses, file: body.file)))
                    case .nested(let name, let scope, let point, let own):
                        let here = Location(file: body.file, point: point)
                        guard case .source(let nested) = resolve(name, from: ScopeRef(file: body.file, scope: scope)) else {
                            expansion.unread.append((here, "\(types[id].displayName) includes \(name), which the check cannot read"))
                            continue
                        }
                        pending.append((nested, clauses + self.clauses(own, file: body.file), here))
                    case .unread(let point, let what):
                        expansion.unread.append(
                            (Location(file: body.file, point: point), "\(what) in \(types[id].displayName)'s registrations"))
                    }
                }
            }
            return expansion
        }

        /// The declaration `fact` of `module`, its names looked up (once).
        func declaration(_ fact: DeclarationFact, file: Int, module: ModuleInfo, index: Int) -> Declaration {
            let cacheKey = Location(file: file, point: fact.point)
            if let known = declarations[cacheKey] { return known }
            let scope = ScopeRef(file: file, scope: fact.scope)
            var type: (TypeRef, TypeName)?
            if let explicit = fact.explicitType {
                type = (resolve(explicit, from: scope), explicit)
            } else if let built = fact.built {
                type = builtType(built, scope: scope)
            }
            let tag = fact.tag.map { self.tag($0, from: scope) } ?? .none
            var keys: [Key] = []
            if fact.form != .contribution, let (ref, written) = type {
                keys.append(makeKey(ref, tag: tag, written: written, writtenTag: fact.tag))
                keys += fact.forwarded.map { makeKey(resolve($0, from: scope), tag: tag, written: $0, writtenTag: fact.tag) }
            }
            let unknownKey = fact.form != .contribution && (type == nil || keys.contains { Self.mayBeAnyType($0.type) })
            let lifetime = LifetimeKind(fact.lifetime) ?? .transient
            let isMainActor =
                fact.isMarkedMainActor || (module.isMainActor && !fact.isAsync && !fact.isMarkedNonisolated)
            let name = keys.first?.display ?? (fact.form == .contribution ? "a contribution" : "a declaration")
            let declaration = Declaration(
                fact: fact, file: file, module: module.type, keys: keys, providesUnknownKey: unknownKey, lifetime: lifetime,
                isMainActor: isMainActor, reads: reads(of: fact, file: file, builtType: type?.0, tag: fact.tag, scope: scope), name: name)
            declarations[cacheKey] = declaration
            return declaration
        }

        /// Whether a key of this type may be any type a read looks for.
        static func mayBeAnyType(_ type: TypeRef) -> Bool {
            switch type {
            case .unknown, .candidates: true
            case .source, .external, .structural: false
            }
        }

        /// What every build of the declaration reads: its factory's reads, its hooks', the
        /// parameters `autowire` resolves, and what the types it makes read as they are made.
        private func reads(of fact: DeclarationFact, file: Int, builtType: TypeRef?, tag: WrittenTag?, scope: ScopeRef) -> [Read] {
            var reads: [Read] = []
            for read in fact.reads {
                guard let key = readKey(read.key, file: file) else { continue }
                reads.append(
                    Read(
                        key: key, isAsync: read.isAsync, isHook: read.isHook, location: Location(file: file, point: read.point),
                        clauses: clauses(read.clauses, file: file), via: nil))
            }
            var constructions = fact.constructions
            if fact.form == .autowire, case .source(let id)? = builtType, let explicit = fact.explicitType,
                let initializer = autowiredInitializer(of: id, labels: fact.autowireLabels)
            {
                reads += autowired(initializer, at: Location(file: file, point: fact.point))
                constructions.append(
                    Construction(
                        type: explicit, labels: initializer.value.parameters.map(\.label), scope: fact.scope, point: fact.point,
                        clauses: []))
            }
            for construction in constructions {
                guard case .source(let id) = resolve(construction.type, from: ScopeRef(file: file, scope: construction.scope)) else {
                    continue
                }
                for located in constructionReads(of: id, labels: construction.labels) {
                    let read = located.value
                    reads.append(
                        Read(
                            key: key(read.key, file: located.file), isAsync: false, isHook: false,
                            location: Location(file: file, point: construction.point),
                            clauses: clauses(construction.clauses, file: file) + clauses(read.clauses, file: located.file),
                            via: Read.Via(
                                type: types[id].displayName, form: read.form, moment: read.moment,
                                origin: Location(file: located.file, point: read.point))))
                }
            }
            return reads
        }

        /// The initializer `autowire(T.init(a:b:))` names: the one with exactly those labels, or
        /// the type's only initializer when none are written.
        private func autowiredInitializer(of id: Int, labels: [String?]?) -> Located<Initializer>? {
            guard let labels else {
                let facts = self.facts(of: id)
                let all =
                    facts.initializers
                    + (facts.memberwise.map { [Located(value: Initializer(parameters: $0.value), file: $0.file, scope: $0.scope)] } ?? [])
                return all.count == 1 ? all[0] : nil
            }
            let named = (candidates(of: id, labels: labels) ?? []).filter { $0.initializer.value.parameters.count == labels.count }
            return named.count == 1 ? named[0].initializer : nil
        }

        /// The reads `autowire` makes: one per parameter of the initializer, by type, untagged.
        private func autowired(_ initializer: Located<Initializer>, at location: Location) -> [Read] {
            initializer.value.parameters.compactMap { parameter in
                guard let written = parameter.type else { return nil }
                let type = resolve(written, from: ScopeRef(file: initializer.file, scope: initializer.scope))
                var read = Read(
                    key: makeKey(type, tag: .none, written: written, writtenTag: nil), isAsync: false, isHook: false, location: location,
                    clauses: [], via: nil)
                read.isAutowired = true
                return read
            }
        }

        /// The key a factory's read names.
        func readKey(_ key: ReadKey, file: Int) -> Key? {
            switch key {
            case .written(let written):
                return self.key(written, file: file)
            case .parameter(let owner, let labels, let position, let tag, let scope):
                let from = ScopeRef(file: file, scope: scope)
                guard case .source(let id) = resolve(owner, from: from),
                    let type = parameterType(of: id, labels: labels, position: position)
                else { return nil }
                let tagRef = tag.map { self.tag($0, from: from) } ?? .none
                return makeKey(type, tag: tagRef, written: .opaque(display(type, written: .opaque("?"))), writtenTag: tag)
            }
        }
    }
#endif
