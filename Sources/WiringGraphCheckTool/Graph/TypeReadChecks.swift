#if GraphCheck
    /// The call-site injection of the sources' own types (a view model's `wired()`, `@Wired`, a
    /// `lazy var`, a computed property, a method's `try resolve()`): against the app's launch
    /// for missing keys, and against the one declaration of each key among all modules for
    /// async and main-actor reads. Such a read is made wherever the type is made, by a factory or
    /// by the app.
    struct TypeReadChecks {
        let checks: GraphChecks

        private var program: Program { checks.program }

        /// A type's read, its key looked up.
        private struct TypeRead {
            let owner: Int
            let read: CallSiteRead
            let key: Key
            let location: Location
            let clauses: [Int]
        }

        /// `installed`: the declarations some container of the sources gets, and those of the
        /// containers this target fills (`owned`); `launch`: the closed containers a type the app
        /// makes may read from (`Container.default` first), and the module to declare a key in.
        func findings(installed: [Placed], owned: [Placed], launch: (providers: [Providers], module: String)?) -> [Finding] {
            let declarations = allDeclarations()
            let all = Providers(declarations)
            let installedHere = Set(installed.map(\.declaration.location))
            let ownedHere = Set(owned.map(\.declaration.location))
            // A type only factories make reads from their containers as it is made, which their
            // sets check; one the app makes (or that nothing the check reads makes) reads from the
            // launch, and so does every type later: a `lazy var`, a computed property or a method
            // reads from the container current where it is used.
            let factoryMade = self.factoryMade(declarations)
            let appMade = self.appMade()
            var findings: [Finding] = []
            for read in reads() {
                let own = program.isOwn(read.location.file)
                let madeByApp =
                    read.read.moment != .made || appMade.contains(read.owner) || !factoryMade.contains(read.owner)
                if let launch, madeByApp, read.read.stops, read.read.certain, read.key.isDecidable,
                    launch.providers.allSatisfy({ $0.isMissing(read.key) })
                {
                    findings.append(missing(read, module: launch.module, argumentsOnly: launch.providers[0]))
                }
                guard let provider = all.unique(read.key)?.declaration, installedHere.contains(provider.location),
                    own || ownedHere.contains(provider.location)
                else { continue }
                let owner = program.types[read.owner].displayName
                if provider.isAsync, checks.isNeverBuiltFirst(provider) {
                    findings.append(
                        Messages.asyncReadByType(
                            key: read.key, owner: owner, form: read.read.form, moment: read.read.moment, stops: read.read.stops,
                            provider: provider, at: read.location))
                }
                if read.read.offMain, provider.isMainActor, !provider.lifetime.isContainerOwned {
                    findings.append(Messages.mainActorReadOffMain(key: read.key, owner: owner, form: read.read.form, at: read.location))
                }
            }
            return findings
        }

        /// The type reads a closed launch would report as missing: what an open one leaves unchecked.
        func uncheckedReads(_ providers: Providers) -> [(Key, Location)] {
            reads().filter { $0.read.stops && $0.read.certain && $0.key.isDecidable && providers.isMissing($0.key) }.map {
                ($0.key, $0.location)
            }
        }

        private func missing(_ read: TypeRead, module: String, argumentsOnly providers: Providers) -> Finding {
            let owner = program.types[read.owner].displayName
            return Messages.missing(
                program: program, key: read.key, consumer: owner, how: Messages.how(read.read.form, read.read.moment), at: read.location,
                module: module, argumentsOnly: read.key.type.sourceType.map { providers.onlyWithArguments($0) } ?? false)
        }

        /// The types that factories make: with an initializer in their body, or by `autowire`.
        private func factoryMade(_ declarations: [Placed]) -> Set<Int> {
            var made: Set<Int> = []
            for declaration in declarations.map(\.declaration) {
                let file = declaration.file
                for construction in declaration.fact.constructions {
                    let scope = Program.ScopeRef(file: file, scope: construction.scope)
                    if let id = program.resolve(construction.type, from: scope).sourceType { made.insert(id) }
                }
                if declaration.form == .autowire, let id = declaration.keys.first?.type.sourceType { made.insert(id) }
            }
            return made
        }

        /// The types the sources make outside factories.
        private func appMade() -> Set<Int> {
            var made: Set<Int> = []
            for (fileNumber, file) in program.files.enumerated() {
                for construction in file.summary.constructions {
                    let scope = Program.ScopeRef(file: fileNumber, scope: construction.scope)
                    if let id = program.resolve(construction.type, from: scope).sourceType { made.insert(id) }
                }
            }
            return made
        }

        /// Every declaration of every module, each once: the candidates for a type's read.
        private func allDeclarations() -> [Placed] {
            var placed: [Placed] = []
            for (_, module) in program.moduleTypes().sorted(by: { $0.key < $1.key }) {
                guard module.bodies.count == 1, let body = module.bodies.first else { continue }
                for (index, item) in body.value.items.enumerated() {
                    guard case .declaration(let fact) = item else { continue }
                    let declaration = program.declaration(fact, file: body.file, module: module, index: index)
                    placed.append(Placed(declaration: declaration, clauses: program.clauses(fact.clauses, file: body.file)))
                }
            }
            return placed
        }

        /// Every read the sources' types make: as they are made, later, and through the defaults
        /// that the calls making them (outside factories) leave out.
        private func reads() -> [TypeRead] {
            var reads: [TypeRead] = []
            for id in program.types.indices {
                let kind = program.type(id).kind
                guard kind != .alias, kind != .protocol else { continue }
                let facts = program.facts(of: id)
                let own =
                    facts.propertyReads + facts.laterReads
                    + facts.initializers.flatMap { initializer in
                        initializer.value.bodyReads.map { Located(value: $0, file: initializer.file, scope: initializer.scope) }
                    }
                for located in own {
                    reads.append(
                        TypeRead(
                            owner: id, read: located.value, key: program.key(located.value.key, file: located.file),
                            location: Location(file: located.file, point: located.value.point),
                            clauses: program.clauses(located.value.clauses, file: located.file)))
                }
            }
            for (fileNumber, file) in program.files.enumerated() {
                for construction in file.summary.constructions {
                    let scope = Program.ScopeRef(file: fileNumber, scope: construction.scope)
                    guard case .source(let id) = program.resolve(construction.type, from: scope),
                        let candidates = program.candidates(of: id, labels: construction.labels), candidates.count == 1,
                        let (initializer, filled) = candidates.first
                    else { continue }
                    let parameters = initializer.value.parameters
                    for index in parameters.indices where !filled.contains(index) {
                        guard let read = parameters[index].defaultRead else { continue }
                        reads.append(
                            TypeRead(
                                owner: id, read: read, key: program.key(read.key, file: initializer.file),
                                location: Location(file: fileNumber, point: construction.point),
                                clauses: program.clauses(construction.clauses, file: fileNumber)))
                    }
                }
            }
            return reads
        }
    }
#endif
