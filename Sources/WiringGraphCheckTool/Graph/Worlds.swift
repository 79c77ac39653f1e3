#if GraphCheck
    /// A container as the sources fill it: the modules installed into it, and whatever else may
    /// add registrations to it. A world is closed when nothing the check cannot read adds to it:
    /// a key none of its modules declares is then missing.
    struct World {
        enum Kind: Equatable {
            /// `Container.default`: the app's launch.
            case shared
            /// A container made in a function and used only there.
            case local
            /// `Container.validate(modules: [...])`'s own container.
            case validation
            /// A test's container (`.isolatedContainer(installing:)`): its overrides may add any key.
            case test
            /// A container the check cannot follow (a property, a parameter).
            case unknown
        }

        /// One `install(…)` call.
        struct Install {
            let modules: [(module: Int, location: Location)]
            let location: Location
            let clauses: [Int]
            let overriding: Bool
        }

        let kind: Kind
        /// Which container it is (``Program/worldName(_:file:)``).
        let name: String
        var installs: [Install] = []
        /// What may add registrations the check does not see, and where.
        var openers: [(Location, String)] = []

        /// Where the world is first installed into, for notes.
        var site: Location? { installs.map(\.location).min() }

        /// Every module installed, each with the clauses of its install.
        var roots: [(module: Int, clauses: [Int], location: Location)] {
            installs.flatMap { install in install.modules.map { ($0.module, install.clauses, $0.location) } }
        }
    }

    extension Program {
        /// The name of the world a container is, in `file`.
        func worldName(_ container: ContainerName, file: Int) -> String {
            switch container {
            case .shared: "shared"
            case .local(let scope, let point): "local \(file) \(scope) \(point.line):\(point.column)"
            case .validation(let point): "validation \(file) \(point.line):\(point.column)"
            case .test(let point): "test \(file) \(point.line):\(point.column)"
            case .unknown(let point): "unknown \(file) \(point.line):\(point.column)"
            case .current: "current"
            }
        }

        /// Every `withContainer(x)` of the sources: where, and the world `x` is (`nil`: one the
        /// reader cannot tell).
        func madeCurrent() -> [(Location, String?)] {
            files.indices.flatMap { file in
                files[file].summary.madeCurrent.map { use in
                    (Location(file: file, point: use.point), use.container.map { worldName($0, file: file) })
                }
            }
        }

        /// The worlds the sources make, from every file's container uses.
        func worlds() -> [World] {
            // A type of the sources named `Container` is not Wiring's: nothing here is about it.
            if modules.indices.contains(where: { !topLevelTypes(of: $0, named: "Container").isEmpty }) { return [] }
            var worlds: [String: World] = [:]
            var order: [String] = []
            var current: [(Location, String)] = []
            var facades: [(Location, String)] = []
            for (fileNumber, file) in files.enumerated() {
                if let point = file.summary.facadeImport {
                    facades.append((Location(file: fileNumber, point: point), "registrations made through a migration facade"))
                }
                for use in file.summary.containerUses {
                    let here = Location(file: fileNumber, point: use.point)
                    let kind: World.Kind
                    switch use.container {
                    case .shared: kind = .shared
                    case .local: kind = .local
                    case .validation: kind = .validation
                    case .test: kind = .test
                    case .unknown: kind = .unknown
                    case .current:
                        if case .opens(let reason) = use.action { current.append((here, reason)) }
                        continue
                    }
                    let name = worldName(use.container, file: fileNumber)
                    if worlds[name] == nil {
                        worlds[name] = World(kind: kind, name: name)
                        order.append(name)
                    }
                    switch use.action {
                    case .opens(let reason):
                        worlds[name]?.openers.append((here, reason))
                    case .install(let values, let overriding):
                        var installed: [(Int, Location)] = []
                        for value in values {
                            switch value {
                            case .made(let type, let scope, let point):
                                let at = Location(file: fileNumber, point: point)
                                if case .source(let id) = resolve(type, from: ScopeRef(file: fileNumber, scope: scope)),
                                    moduleTypes()[id] != nil
                                {
                                    installed.append((id, at))
                                } else {
                                    worlds[name]?.openers.append((at, "an install of \(type), a module the check cannot read"))
                                }
                            case .unreadable(let point):
                                worlds[name]?.openers.append(
                                    (Location(file: fileNumber, point: point), "an install of a module value the check cannot read"))
                            }
                        }
                        worlds[name]?.installs.append(
                            World.Install(
                                modules: installed, location: here, clauses: clauses(use.clauses, file: fileNumber), overriding: overriding)
                        )
                    }
                }
            }
            return order.compactMap { name in
                guard var world = worlds[name] else { return nil }
                world.openers += facades
                if world.kind == .shared || world.kind == .local { world.openers += current }
                return world
            }
        }

        /// Why `world` is open, if it is: the first thing that may add a registration the check
        /// does not see. `isTop`: no other target of the package builds on this one (so none adds
        /// to `Container.default` in code the check does not read).
        func openReason(of world: World, expansion: Expansion, isTestTarget: Bool, isTop: Bool) -> (Location?, String)? {
            if let (location, reason) = world.openers.min(by: { $0.0 < $1.0 }) { return (location, reason) }
            switch world.kind {
            case .test:
                return (nil, "a test's container, whose overrides may add any key")
            case .unknown:
                return (nil, "a container the check cannot follow (a property, a parameter or a global), which other code may register in")
            case .shared where isTestTarget, .local where isTestTarget:
                return (nil, "a test target's container, which a test may complete with overrides")
            case .shared where !isTop:
                return (nil, "Container.default, which a target that builds on this one may also install into")
            default:
                break
            }
            if let (location, reason) = expansion.unread.min(by: { $0.0 < $1.0 }) { return (location, reason) }
            if let unknown = expansion.placed.first(where: { $0.declaration.providesUnknownKey })?.declaration {
                return (unknown.location, "a declaration whose type the check cannot tell (write it: singleton(T.self) { … })")
            }
            return nil
        }
    }
#endif
