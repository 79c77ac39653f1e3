#if GraphCheck
    /// What one source file declares and reads, before any name in it is looked up: a pure
    /// function of the file's text, so that it is kept between builds (``SummaryCache``) and made
    /// again only for a file that changed. Names stay as written, each with the lexical scope it
    /// is written in; ``Program`` looks them up once every file's summary is at hand.
    struct FileSummary: Codable {
        var imports: [String] = []
        /// The first `import` of a migration facade: its registrations reach a container through
        /// code the check does not read.
        var facadeImport: Point?
        /// The file's lexical scopes; scope 0 is the file itself.
        var scopes: [ScopeFact] = [ScopeFact(parent: -1, kind: .file)]
        var types: [TypeFact] = []
        var extensions: [ExtensionFact] = []
        /// `func f(…) -> T` at the file's top level: a factory may build with it.
        var functions: [FunctionFact] = []
        /// Each `registrations` body, in a type or an extension.
        var registrations: [RegistrationsFact] = []
        /// What the file does with containers outside modules: installs, validation lists,
        /// and every use that may add registrations to a container.
        var containerUses: [ContainerUse] = []
        /// Containers made current for call-site injection (`withContainer(x) { … }`): a type
        /// made there reads from `x`, not from `Container.default`. `nil`: one the reader cannot
        /// tell.
        var madeCurrent: [CurrentUse] = []
        /// Keys read with `resolveAsync` anywhere (an async instance may be built that way first);
        /// `nil` keys are reads whose key the reader could not write down.
        var asyncResolves: [ReadKey?] = []
        /// Values made with an initializer outside factories (`DetailViewModel()` in a view): an
        /// `= wired()` default the call leaves out is read there.
        var constructions: [Construction] = []
        /// Lines that end with (or follow a line that ends with) `// WiringGraphCheck: expected`.
        var expectedLines: [Int] = []
    }

    /// A place in a file. The file is known from the summary that holds it.
    struct Point: Codable, Hashable, Comparable {
        var line: Int
        var column: Int

        static func < (lhs: Point, rhs: Point) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    /// The `#if` clauses around a fact, outermost first, each named by its offset in the file.
    /// Two facts are certainly active together only when one's clauses are a prefix of the
    /// other's (``Program`` gives each file's clauses numbers of their own).
    typealias Clauses = [Int]

    /// A lexical scope, for looking names up from inside it.
    struct ScopeFact: Codable {
        /// The enclosing scope; -1 for the file.
        var parent: Int
        var kind: Kind
        /// The generic parameters it declares: a name among them is no type the check knows.
        var genericParameters: [String] = []

        enum Kind: Codable, Equatable {
            case file
            /// The body of `types[index]`.
            case type(Int)
            /// The body of `extensions[index]`.
            case `extension`(Int)
            /// A function's, initializer's, accessor's or closure's body: where local types live.
            case body
        }
    }

    /// A type as written.
    enum TypeName: Codable, Hashable, CustomStringConvertible {
        /// `Database`, `Billing.Config`, `Self`.
        case named([String])
        /// `any P` (`P` as written inside it).
        case existential([String])
        /// Arrays, optionals, tuples, functions, generic arguments, compositions: never a key the
        /// check compares (such a key cannot equal a plain name's).
        case structural(String)
        /// `some P`, or a spelling the reader does not know: it may be any type.
        case opaque(String)

        var description: String {
            switch self {
            case .named(let parts): parts.joined(separator: ".")
            case .existential(let parts): "any " + parts.joined(separator: ".")
            case .structural(let text), .opaque(let text): text
            }
        }
    }

    /// A tag as written.
    enum WrittenTag: Codable, Hashable {
        /// `"replica"`.
        case string(String)
        /// `Role.primary`, or `.primary` with no base.
        case member(base: TypeName?, name: String)
        /// A variable, a call: its value is not known before the program runs.
        case unreadable
    }

    /// A key as written, with the scope its names are looked up from.
    struct WrittenKey: Codable, Hashable {
        var type: TypeName
        var tag: WrittenTag?
        var scope: Int
    }

    /// A type's declaration: a struct, class, actor, enum, protocol or typealias.
    struct TypeFact: Codable {
        enum Kind: String, Codable {
            case `struct`, `class`, actor, `enum`, `protocol`, alias
        }

        var name: String
        var kind: Kind
        /// The scope it is declared in.
        var scope: Int
        /// The scope of its body (-1 for a typealias).
        var body: Int
        var isGeneric: Bool
        /// `private` or `fileprivate`: seen from its own file only.
        var isFilePrivate: Bool
        var inherits: [TypeName] = []
        /// A typealias's type.
        var aliased: TypeName?
        var members = MemberFacts()
        var point: Point
        var clauses: Clauses
    }

    /// An extension of a type, as written.
    struct ExtensionFact: Codable {
        var extended: TypeName
        var body: Int
        var inherits: [TypeName] = []
        /// `where Self == X`: its static members are what `.member` finds at a tag.
        var selfIs: TypeName?
        var members = MemberFacts()
        var clauses: Clauses
    }

    /// A top-level function and the type it returns.
    struct FunctionFact: Codable {
        var name: String
        var returns: TypeName
        var scope: Int
    }

    /// What a type's members tell: how it is made, and what its call-site injection reads.
    struct MemberFacts: Codable {
        var initializers: [Initializer] = []
        /// A struct's memberwise initializer (its body declares no initializer); `nil` when a
        /// stored property is one the reader does not model, or under `#if`.
        var memberwise: [Parameter]?
        /// Reads its stored properties make whenever it is made.
        var propertyReads: [CallSiteRead] = []
        /// `var x: T = wired()` of a struct with a memberwise initializer: a default the caller
        /// may replace.
        var memberwiseDefaultReads: [CallSiteRead] = []
        /// Reads made after it is made: `lazy var`, `@LazyWired`, computed properties, methods.
        var laterReads: [CallSiteRead] = []
        /// Static members and methods, with the type they hold or return.
        var statics: [StaticMember] = []
        var enumCases: [String] = []
    }

    /// One initializer: its parameters and the reads its body makes every time it runs.
    struct Initializer: Codable {
        var parameters: [Parameter]
        var bodyReads: [CallSiteRead] = []
        var clauses: Clauses = []
    }

    /// One parameter of an initializer.
    struct Parameter: Codable {
        /// Its argument label; `nil` for `_`.
        var label: String?
        var type: TypeName?
        var hasDefault: Bool
        var isVariadic = false
        /// An `= wired()` default: read when a call leaves the argument out.
        var defaultRead: CallSiteRead?
    }

    /// A static property or method: `static let shared = Store()`, `static func load() -> Store`.
    struct StaticMember: Codable {
        var name: String
        var isMethod: Bool
        /// The type it holds or returns, as written (`Self` for the type itself).
        var type: TypeName?
        /// Its value when that is a string literal (`static var replica: WiringTag { "replica" }`).
        var literal: String?
        var scope: Int
    }

    /// A read made by a type's own code: `@Wired var x: T`, `let x: T = wired()`, a default.
    struct CallSiteRead: Codable {
        var key: WrittenKey
        /// How it is written, for messages: `@Wired`, `@LazyWired`, `wired()`, `resolve()`.
        var form: String
        var point: Point
        var clauses: Clauses
        var moment: Moment
        /// `wired()`/`@Wired`: a failure stops the program. `try resolve()` throws instead.
        var stops: Bool
        /// In a function that never runs on the main actor (an actor's own method, `@concurrent`).
        var offMain = false
        /// Made on every run of its code, not only in a branch.
        var certain = true

        enum Moment: String, Codable {
            /// As the value is made (a stored property, an initializer's body).
            case made
            /// A default argument, when a call leaves it out.
            case defaultArgument
            /// On first use (`lazy var`, `@LazyWired`).
            case firstUse
            /// Each time a computed property is read.
            case computed
            /// Each time a method runs.
            case method
        }
    }

    /// A module's `registrations` body.
    struct RegistrationsFact: Codable {
        /// The scope of the type or extension it is written in.
        var owner: Int
        var items: [RegistrationItem]
    }

    /// One statement of a `registrations` body.
    enum RegistrationItem: Codable {
        case declaration(DeclarationFact)
        /// A module value it includes: `CoreModule()`.
        case nested(TypeName, scope: Int, point: Point, clauses: Clauses)
        /// A statement the reader cannot read as declarations for certain (`if`, `for`, a key it
        /// cannot name): it may declare any key.
        case unread(Point, String)
    }

    /// One declaration in a module: `singleton { … }`, `instance(…)`, `autowire(…)`,
    /// `contribution(to:)`.
    struct DeclarationFact: Codable {
        enum Form: String, Codable {
            case lifetime, instance, autowire, contribution
        }

        var form: Form
        var lifetime: String
        /// `T.self` as written, or `as: T.self` for `instance`.
        var explicitType: TypeName?
        /// What the factory returns, when its body says (`Store()`, `Store.load()`, `makeStore()`).
        var built: Built?
        var forwarded: [TypeName] = []
        var tag: WrittenTag?
        /// Its factory takes runtime arguments: its key is found only with them.
        var hasArguments = false
        var isAsync = false
        /// Runs on the main actor: `{ @MainActor r in … }`, or unmarked and synchronous in a
        /// `MainActorModule` (decided by ``Program``: see `isMarkedNonisolated`).
        var isMarkedMainActor = false
        /// Declared through `nonisolated.` in a `MainActorModule`.
        var isMarkedNonisolated = false
        var reads: [FactoryRead] = []
        /// Values the factory makes with an initializer (`DraftHolder()`): their call-site
        /// injection reads from the factory's resolver.
        var constructions: [Construction] = []
        /// `scoped(in: .checkout)`, for messages.
        var scopeName: String?
        /// `autowire(X.init(a:b:))`: its labels when written.
        var autowireLabels: [String?]?
        var scope: Int
        var point: Point
        var clauses: Clauses

        /// What a factory's body returns.
        enum Built: Codable, Hashable {
            /// `T(…)`, `T.init(…)`.
            case constructed(TypeName)
            /// `T.member` or `T.member(…)`: a static property or method of `T`.
            case staticMember(TypeName, String)
            /// `f(…)`: a top-level function.
            case function(String)
        }
    }

    /// A read in a factory or a hook.
    struct FactoryRead: Codable {
        var key: ReadKey
        /// `resolveAsync`: awaits an async registration.
        var isAsync: Bool
        /// Made in an `.onResolved` hook or a decorator, after or around the build.
        var isHook = false
        var point: Point
        var clauses: Clauses
    }

    /// How a read's key is told.
    enum ReadKey: Codable {
        /// `r.resolve(X.self, tag: …)`, or a binding's written type.
        case written(WrittenKey)
        /// Typed by the parameter it fills: `UserService(database: try r.resolve())`.
        case parameter(of: TypeName, labels: [String?], position: Int, tag: WrittenTag?, scope: Int)
    }

    /// `T(labels…)`: a value made by an initializer.
    struct Construction: Codable {
        var type: TypeName
        var labels: [String?]
        var scope: Int
        var point: Point
        var clauses: Clauses
    }

    /// What a file does with a container outside modules.
    struct ContainerUse: Codable {
        var container: ContainerName
        var action: Action
        var point: Point
        var clauses: Clauses

        enum Action: Codable {
            /// `install(A(), B())`, `install([A(), B()], overriding:)`.
            case install(modules: [ModuleValue], overriding: Bool)
            /// Something that may add registrations: `register`, an install of a value the reader
            /// cannot read, the container handed to other code. Says which.
            case opens(String)
        }
    }

    /// `withContainer(x) { … }`: `x`, as the reader tells it.
    struct CurrentUse: Codable {
        var container: ContainerName?
        var point: Point
    }

    /// A container as the reader tells it.
    enum ContainerName: Codable, Hashable {
        /// `Container.default`.
        case shared
        /// A local `let c = Container()`, named by its scope and its point.
        case local(scope: Int, point: Point)
        /// `Container.validate(modules: [...])`'s own container.
        case validation(Point)
        /// A test's container: `.isolatedContainer(installing:)`.
        case test(Point)
        /// `Container.current`: any container.
        case current
        /// A container the reader cannot follow (a property, a parameter): installed into at `Point`.
        case unknown(Point)
    }

    /// A module value in an install list.
    enum ModuleValue: Codable {
        /// `T(…)`.
        case made(TypeName, scope: Int, point: Point)
        /// Anything else: a variable, a call.
        case unreadable(Point)
    }
#endif
