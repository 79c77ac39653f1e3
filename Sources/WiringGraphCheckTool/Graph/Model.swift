#if GraphCheck
    /// A place in a source file: where a declaration or a read is written.
    struct SourcePoint: Hashable, Comparable {
        let file: String
        let line: Int
        let column: Int

        /// `File.swift:12`, as validation names a registration's site.
        var site: String { "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)" }

        static func < (lhs: SourcePoint, rhs: SourcePoint) -> Bool {
            (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
        }
    }

    /// What a registration is found by: its type as written (`any Logging`, `Database`) and its tag.
    struct Key: Hashable, CustomStringConvertible {
        let type: String
        let tag: Tag?

        /// A tag as written: a member (`.replica`, `DB.replica`) or a string literal.
        enum Tag: Hashable, CustomStringConvertible {
            case member(String)
            case string(String)

            var description: String {
                switch self {
                case .member(let name): name
                case .string(let text): text
                }
            }
        }

        /// `UserService`, `Database tagged replica`, as validation prints a key.
        var description: String { tag.map { "\(type) tagged \($0)" } ?? type }
    }

    /// How long an instance lives, as the declaration's name says.
    enum LifetimeKind: Equatable, CustomStringConvertible {
        case transient, singleton, eagerSingleton, weakSingleton, graph, scoped

        init?(declaration name: String) {
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

    /// A factory's read of another registration.
    struct Read {
        let key: Key
        /// `resolveAsync`: awaits an async registration's build.
        let isAsync: Bool
        let point: SourcePoint
        /// Made by the call-site injection of a type the factory makes (`DraftHolder()`, whose
        /// `let draft: Draft = wired()` reads Draft), at `point`, the call that makes it.
        var isConstruction = false
    }

    /// A read that a type's own code makes through call-site injection: `@Wired var x: T`,
    /// `let x: T = wired()`, an initializer's `= wired()` default.
    struct CallSiteRead {
        let key: Key
        /// How it is written, for messages: `@Wired`, `@LazyWired`, `wired()`.
        let form: String
        let point: SourcePoint
        /// When it is made, for messages.
        var moment = "when it is made"
    }

    /// One declaration of a module: the keys it provides and what its factory reads.
    struct Declaration {
        /// Its own key first, then those it is forwarded to.
        let keys: [Key]
        let lifetime: LifetimeKind
        /// The scope a scoped declaration names (`scoped(in: .checkout)`), for messages.
        let scopeName: String?
        /// Its factory is `async` (an async registration: read synchronously before it is built,
        /// it throws).
        let isAsync: Bool
        /// Its factory is `@MainActor` (`{ @MainActor r in … }`): the container builds it on the
        /// main actor, and a synchronous resolve from anywhere else throws.
        var isMainActor = false
        /// The reads whose key the tool could read; the others are not checked.
        let reads: [Read]
        let point: SourcePoint
    }

    /// A module type as the tool read it.
    struct ModuleInfo {
        let name: String
        /// The declarations it makes on every install.
        var declarations: [Declaration] = []
        /// The module types its body includes.
        var nested: [String] = []
        /// Whether its body has parts the tool cannot read as declarations (`if`, `for`, a
        /// declaration of a key it cannot name): they may provide keys it does not see.
        var hasUnreadParts = false
    }

    /// Modules installed together by one call: a key both declare is a duplicate, and reads
    /// across them are followed.
    struct InstalledSet {
        let modules: [String]
        /// Nothing else registers in its container (`Container.validate(modules: [...])` makes its
        /// own): a key nothing in it provides is missing.
        let isClosed: Bool
    }

    /// A mistake the tool is sure of, at the line that makes it, in validation's words.
    struct Finding: Hashable {
        let point: SourcePoint
        let headline: String
        let fix: String

        var message: String { "\(headline) To fix: \(fix)" }
    }
#endif

#if GraphCheck
    import SwiftSyntax

    extension SourcePoint {
        /// Where `node` starts in `file`.
        init(_ node: some SyntaxProtocol, in file: String, _ converter: SourceLocationConverter) {
            let location = node.startLocation(converter: converter)
            self.init(file: file, line: location.line, column: location.column)
        }
    }
#endif
