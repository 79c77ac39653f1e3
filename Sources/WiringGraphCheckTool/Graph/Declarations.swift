#if GraphCheck
    /// A place in the program: a file and a point in it.
    struct Location: Hashable, Comparable {
        let file: Int
        let point: Point

        static func < (lhs: Location, rhs: Location) -> Bool { (lhs.file, lhs.point) < (rhs.file, rhs.point) }
    }

    /// How long an instance lives, as the declaration's name says.
    enum LifetimeKind: Equatable, CustomStringConvertible {
        case transient, singleton, eagerSingleton, weakSingleton, graph, scoped

        init?(_ name: String) {
            switch name {
            case "transient": self = .transient
            case "singleton": self = .singleton
            case "eagerSingleton": self = .eagerSingleton
            case "weakSingleton": self = .weakSingleton
            case "graph": self = .graph
            case "scoped": self = .scoped
            default: return nil
            }
        }

        /// Whether the container keeps its instance for ever (it may not hold a scoped one).
        var isContainerOwned: Bool { self == .singleton || self == .eagerSingleton || self == .weakSingleton }

        var description: String {
            switch self {
            case .transient: "transient"
            case .singleton: "singleton"
            case .eagerSingleton: "eager singleton"
            case .weakSingleton: "weak singleton"
            case .graph: "graph"
            case .scoped: "scoped"
            }
        }
    }

    /// One declaration of a module, its names looked up.
    final class Declaration {
        let fact: DeclarationFact
        let file: Int
        /// The module type that declares it.
        let module: Int
        /// Its own key first, then those it is forwarded to; empty for a contribution, or when
        /// its type cannot be told.
        let keys: [Key]
        /// Its keys when its factory takes runtime arguments (found only with them).
        let argumentKeys: [Key]
        /// It provides a key the check cannot name: it may be the one any read looks for.
        let providesUnknownKey: Bool
        /// Its factory takes runtime arguments: its keys are found only with them.
        let hasArguments: Bool
        let lifetime: LifetimeKind
        let isAsync: Bool
        let isMainActor: Bool
        let reads: [Read]
        /// How messages name it: its first key, or the contribution's collection.
        let name: String

        var location: Location { Location(file: file, point: fact.point) }
        var form: DeclarationFact.Form { fact.form }

        init(
            fact: DeclarationFact, file: Int, module: Int, keys: [Key], providesUnknownKey: Bool, lifetime: LifetimeKind,
            isMainActor: Bool, reads: [Read], name: String
        ) {
            self.fact = fact
            self.file = file
            self.module = module
            self.keys = fact.hasArguments ? [] : keys
            self.argumentKeys = fact.hasArguments ? keys : []
            self.providesUnknownKey = providesUnknownKey && !fact.hasArguments
            self.hasArguments = fact.hasArguments
            self.lifetime = lifetime
            self.isAsync = fact.isAsync
            self.isMainActor = isMainActor
            self.reads = reads
            self.name = name
        }
    }

    /// A read a declaration's build makes: through its resolver, or through the call-site
    /// injection of a type its factory makes.
    struct Read {
        let key: Key
        /// `resolveAsync`: awaits an async registration.
        let isAsync: Bool
        /// In an `.onResolved` hook or a decorator.
        let isHook: Bool
        /// Where the read is: in the factory, or at the call that makes the type that reads.
        let location: Location
        /// The `#if` clauses it is under (global numbers).
        let clauses: [Int]
        /// Made by the call-site injection of a type the factory makes.
        let via: Via?
        /// `autowire` resolves this initializer parameter.
        var isAutowired = false

        /// The type whose call-site injection makes a read, and how.
        struct Via {
            let type: String
            let form: String
            let moment: CallSiteRead.Moment
            /// Where the type writes the read.
            let origin: Location
        }
    }

    /// A declaration in a set, with the `#if` clauses it is under there (those of the install or
    /// inclusion that brought it in, then its own).
    struct Placed {
        let declaration: Declaration
        let clauses: [Int]
    }
#endif
