/// How long an instance built by a registration lives, and who shares it.
///
/// | lifetime | one instance per | held by |
/// |---|---|---|
/// | ``transient`` | resolve | the caller |
/// | ``singleton`` | container (built on first use) | the registering container |
/// | ``eagerSingleton`` | container (built by ``Container/start()``) | the registering container |
/// | ``weakSingleton`` | period in which someone holds it | whoever resolved it |
/// | ``graph`` | outermost resolve call | the object graph being built |
/// | ``scoped`` / ``scoped(_:)`` | ``Scope`` | the scope, until it is reset or released |
public struct Lifetime: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case transient, singleton, eagerSingleton, weakSingleton, graph, scoped
    }

    @usableFromInline let kind: Kind
    /// For `.scoped`: the name of the scope that owns the instance, or `nil` for the innermost.
    @usableFromInline let scopeName: ScopeName?

    init(kind: Kind, scopeName: ScopeName? = nil) {
        self.kind = kind
        self.scopeName = scopeName
    }

    /// A new instance on every resolve.
    public static let transient = Lifetime(kind: .transient)
    /// One instance, built on first resolve, exactly once even under contention, held by the
    /// container that registered it.
    public static let singleton = Lifetime(kind: .singleton)
    /// A singleton built by ``Container/start()``, in registration order, so that failures
    /// surface at start-up. Resolving it before `start()` builds it then, like ``singleton``.
    public static let eagerSingleton = Lifetime(kind: .eagerSingleton)
    /// One shared instance while anyone holds a strong reference to it; rebuilt after it is
    /// released. Only for class instances: building a value type with this lifetime throws
    /// ``WiringError/Code/invalidLifetime``.
    public static let weakSingleton = Lifetime(kind: .weakSingleton)
    /// One instance per outermost resolve call, shared by everything built during that call.
    ///
    /// This is the lifetime that lets a cycle closed by a post-construction hook
    /// (``Registration/onResolved(_:)``) resolve to the same objects.
    public static let graph = Lifetime(kind: .graph)
    /// One instance per innermost ``Scope`` of the resolve. Resolving it without a scope throws
    /// ``WiringError/Code/scopeNotActive``.
    public static let scoped = Lifetime(kind: .scoped)

    /// One instance per enclosing ``Scope`` with the given name, for example a session scope
    /// that outlives the request scopes made from it.
    public static func scoped(_ name: ScopeName) -> Lifetime {
        Lifetime(kind: .scoped, scopeName: name)
    }

    /// Whether the container (not a scope, graph or caller) owns the instance.
    var isContainerOwned: Bool {
        kind == .singleton || kind == .eagerSingleton || kind == .weakSingleton
    }

    public var description: String {
        switch kind {
        case .transient: "transient"
        case .singleton: "singleton"
        case .eagerSingleton: "eager singleton"
        case .weakSingleton: "weak singleton"
        case .graph: "graph"
        case .scoped: scopeName.map { "scoped(\($0.rawValue))" } ?? "scoped"
        }
    }
}

/// The name of a kind of ``Scope``, such as `"session"` or `"request"`.
public struct ScopeName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written.
    public let rawValue: String

    /// Creates a scope name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates a scope name from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}
