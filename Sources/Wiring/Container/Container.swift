/// How a tagged resolve treats a missing tagged registration.
public enum TagFallback: Sendable {
    /// A tagged resolve finds only registrations with exactly that tag (the default): asking for
    /// the `.replica` database never silently returns the primary one.
    case strict
    /// A tagged resolve with no registration for its tag falls back to the untagged
    /// registration of the same type (Dip's rule).
    case untagged
}

/// A dependency-injection container: registrations of services, and the instances their
/// lifetimes cache.
///
/// ```swift
/// let container = Container()
/// container.register(Database.self, lifetime: .singleton) { _ in try Database(url: "sqlite::memory:") }
/// container.register(UserService.self) { r in UserService(database: try r.resolve()) }
/// let users = try container.resolve(UserService.self)
/// ```
///
/// `Container` is `Sendable`: registering and resolving from many threads at once is safe.
/// Reading a singleton that is already built takes no lock; building one runs its factory
/// exactly once, holding only that singleton's own lock.
///
/// Containers form a tree with ``makeChild()``: a child sees its parent's registrations and may
/// override them; singletons live in the container that registered them. A ``Scope`` made with
/// ``makeScope(_:)`` holds the instances of `.scoped` registrations, for a request or a session.
public final class Container: Resolving, Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (AtomicWordStorage(false), AtomicWordStorage(false))
    /// The default of ``maximumDepth``.
    public static let defaultMaximumDepth = 10_000

    /// How deeply builds may nest in a resolve from this container before it throws
    /// ``WiringError/Code/depthExceeded``.
    ///
    /// Loops do not need it: a registration needed again while it is being built throws
    /// ``WiringError/Code/cycle`` at once. The limit bounds recursion through runtime arguments,
    /// and whatever the limit, a build that would leave its thread less than 64 KB of stack
    /// throws ``WiringError/Code/depthExceeded`` instead of overflowing. Children inherit it.
    public let maximumDepth: Int

    /// What a closed scope resolves from: an empty container whose misses report
    /// ``WiringError/Code/shutDown``.
    static let closedScope = Container()

    /// The same, for a scope made after its container had shut down: closed from the start.
    static let scopeOfShutDownContainer = Container()

    @usableFromInline let registry: Registry
    /// An implementation detail of the inlined resolve path; see ``Resolving/_registry``.
    /// Unretained: `registry` above keeps it alive.
    public let _registry: _RegistryReference
    /// The container whose registrations this one inherits.
    public let parent: Container?
    /// How tagged resolves fall back; inherited by children.
    public let tagFallback: TagFallback
    private let children = Lock(ChildList())
    /// The tracer new and republished registrations report to; its lock also orders
    /// registration against turning tracing on or off.
    let tracing = Lock<Tracer?>(nil)
    /// Whether the tracer has instruments, which hear of scopes: read by every scope made, so
    /// lock-free (``scopeInstruments(name:isNested:)``).
    var instrumentsScopes: AtomicView<Bool> { AtomicView(inline: self, word: 0) }
    /// Registrations replaced in this container by another one made elsewhere in the code.
    let replacements = Lock(ReplacementLog())
    /// The instances ``shutdown()`` disposes.
    var disposables: Lifespan { sharedDisposables.lifespan }
    private let sharedDisposables = SharedLifespan(lifespan: Lifespan.make())
    /// The scopes made from this container that are open, for ``shutdown()`` to close.
    let openScopes = OpenScopes()
    /// Set by ``shutdown()``; registrations made afterwards are published already shut down.
    var isShutDown: AtomicView<Bool> { AtomicView(inline: self, word: 1) }
    /// The contributions to collections and maps made in this container (see
    /// ``contribute(to:tag:lifetime:file:line:_:)``).
    let contributions = Lock<[ServiceKey: [ContributionRecord]]>([:])
    /// Where each declaration ``install(_:)`` installed came from, to tell a module installed
    /// again from a different value of it.
    let installedDeclarations = Lock<[ServiceKey: DeclarationOrigin]>([:])
    /// Decorators added with ``decorate(_:tag:file:line:_:)``, by the key they decorate.
    let decorators = Lock<[ServiceKey: [AnyDecorator]]>([:])

    /// Creates an empty container.
    ///
    /// - Parameters:
    ///   - tagFallback: How a tagged resolve with no registration for its tag behaves;
    ///     ``TagFallback/strict`` by default.
    ///   - maximumDepth: How deeply builds may nest (see ``maximumDepth``); at least 1.
    public init(tagFallback: TagFallback = .strict, maximumDepth: Int = Container.defaultMaximumDepth) {
        if maximumDepth < 1 {
            fatalError(
                "Wiring: Container(maximumDepth: \(maximumDepth)) cannot resolve anything.\nTo fix: pass a limit of at least 1, or leave the default (\(Container.defaultMaximumDepth))."
            )
        }
        self.parent = nil
        self.maximumDepth = maximumDepth
        self.tagFallback = tagFallback
        self.registry = Registry(parent: nil)
        self._registry = _RegistryReference(Unretained(registry))
    }

    private init(parent: Container) {
        self.parent = parent
        self.maximumDepth = parent.maximumDepth
        self.tagFallback = parent.tagFallback
        self.registry = Registry(parent: parent.registry)
        self._registry = _RegistryReference(Unretained(registry))
    }

    /// The resolver for this container (no scope).
    public var resolver: Resolver { Resolver(container: self, scope: nil) }

    /// Makes a child container that sees this container's registrations and can override them.
    ///
    /// Singletons registered in the parent stay in the parent (and resolve their dependencies
    /// there); transient, graph and scoped registrations inherited from the parent resolve their
    /// dependencies from the child, so the child's overrides apply to them.
    public func makeChild() -> Container {
        let child = Container(parent: self)
        children.withLock { $0.append(child) }
        return child
    }

    /// Makes a scope: the owner of `.scoped` instances for one unit of work (a request, a
    /// session). Creating one costs two allocations (the scope and its storage). End it with
    /// ``Scope/close()`` (or ``Scope/syncClose()``), which disposes its instances; a scope
    /// released without being closed releases its instances undisposed.
    ///
    /// - Parameter name: The scope's name, for registrations with ``Lifetime/scoped(_:)``.
    public func makeScope(_ name: ScopeName? = nil) -> Scope {
        Scope(container: self, parent: nil, name: name)
    }

    /// Builds every ``Lifetime/eagerSingleton`` registration of this container that is not built
    /// yet, in registration order.
    ///
    /// - Throws: The first ``WiringError`` a build throws; the singletons built before it stay built.
    public func start() throws(WiringError) {
        for entry in eagerEntries { try entry.startEagerly() }
    }

    /// The ``Lifetime/eagerSingleton`` registrations of this container, in registration order.
    var eagerEntries: [AnyEntry] {
        registry.allEntries().filter { $0.lifetime.kind == .eagerSingleton }
    }

    /// Releases every instance this container caches (singletons and weak singletons); the
    /// registrations stay, and the next resolve builds anew.
    ///
    /// When it returns, the container holds none of the instances: each is released as soon as
    /// its last other user lets it go, after every engine lock is dropped, so a `deinit` may call
    /// back into the container.
    public func reset() {
        Reclamation.release(registry.allEntries().compactMap { $0.resetCache() })
    }

    /// Removes the registration of `type` with `tag` and releases what it cached.
    ///
    /// The registration, its factory and its instance are released before this returns (or,
    /// when a resolve that started earlier still uses them, as soon as it is done).
    ///
    /// - Returns: Whether there was such a registration.
    @discardableResult
    public func remove<T>(_ type: T.Type, tag: (any Hashable & Sendable)? = nil) -> Bool {
        remove(T.self, tag: tag, argumentsType: Void.self)
    }

    /// Removes every registration of this container (not its parent's) and releases what they
    /// cached.
    public func removeAll() {
        var (removed, retired) = registry.removeAll()
        retired.resettingCaches(of: removed)
        retired.release()
    }

    /// Whether this container or one of its parents has any registration: lets a test trait
    /// tell an app's container from the empty `default` of a test process.
    package var hasRegistrations: Bool {
        lineage.contains { !$0.registry.allEntries().isEmpty }
    }

    /// This container, then its parent, its parent's parent and so on: the containers whose
    /// registrations it sees, nearest first.
    var lineage: [Container] {
        var lineage: [Container] = []
        var current: Container? = self
        while let container = current {
            lineage.append(container)
            current = container.parent
        }
        return lineage
    }

    /// The live child containers, for diagnostics.
    var liveChildren: [Container] {
        children.withLock { $0.live }
    }

    /// The entries that making this container's children has appended and swept so far: for the
    /// test that making a child costs amortised constant work.
    package var childListWork: Int {
        children.withLock { $0.work }
    }
}

/// A registration that replaced another of the same key in the same container, for
/// validation's "ambiguous registration" finding.
struct Replacement: Hashable, Sendable {
    let key: ServiceKey
    let replaced: SourceLocation
    let by: SourceLocation
}

/// The distinct replacements made in a container, in the order first seen. Bounded by the
/// registration sites in the code, however often a long-running process re-registers.
struct ReplacementLog: Sendable {
    private(set) var list: [Replacement] = []
    private var seen: Set<Replacement> = []

    mutating func record(_ replacement: Replacement) {
        if seen.insert(replacement).inserted { list.append(replacement) }
    }
}

/// A weak reference to a child container.
struct WeakContainer: Sendable {
    weak var container: Container?
}

/// A container's children, weakly held. Released children are swept out when the list has
/// doubled since the last sweep, so making a child costs amortised O(1) however many are alive.
struct ChildList: Sendable {
    private var list: [WeakContainer] = []
    /// The length at which the next append sweeps.
    private var sweepAt = 16
    /// The entries appended and visited by sweeps so far: the work of making children, which a
    /// test checks grows linearly with their number.
    private(set) var work = 0

    /// The children still alive.
    var live: [Container] { list.compactMap(\.container) }

    mutating func append(_ child: Container) {
        if list.count >= sweepAt {
            work += list.count
            list.removeAll { $0.container == nil }
            sweepAt = max(16, list.count * 2)
        }
        list.append(WeakContainer(container: child))
        work += 1
    }
}
