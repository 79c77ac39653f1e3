/// One registration: its key, lifetime, factory and hooks. Immutable once published; changing a
/// registration publishes a new entry (that may share the old one's cell).
@usableFromInline
class AnyEntry: @unchecked Sendable {
    // @unchecked: all stored properties are `let`s set in `init`; `atomics` is read and written
    // only through atomic operations.
    /// Its atomic word, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds it. ``disposalConformance``'s.
    private let atomics = AtomicWordStorage(UnsafeRawPointer?.none)
    @usableFromInline let key: ServiceKey
    @usableFromInline let lifetime: Lifetime
    /// The container that registered it: singletons live there and resolve their dependencies
    /// from there. `unowned(unsafe)`: an entry is reachable only through its container's
    /// registry or through a ``Registration`` handle that holds the container strongly.
    @usableFromInline unowned(unsafe) let owner: Container
    let site: SourceLocation
    /// Registration order within the container, for eager singletons and messages.
    let sequence: Int
    /// The dependencies an auto-wired registration resolves, known without calling it;
    /// `nil` for closure factories.
    var dependencies: [ServiceKey]? { currentDependencies.map { $0(owner) } ?? staticDependencies }
    fileprivate let staticDependencies: [ServiceKey]?
    /// For a collection: its contributions in the owning container as they are now (they change
    /// after it is published).
    let currentDependencies: (@Sendable (Container) -> [ServiceKey])?
    /// For forwarding registrations: the key they forward to.
    let forwardsTo: ServiceKey?
    /// Where resolves of this registration are reported, when its container is traced.
    let tracer: Tracer?
    /// What its tracer reports of it; `nil` when it is not traced.
    private let tracedEntry: TracedEntry?
    /// Whether building it again while it is being built is a loop: true unless it takes
    /// runtime arguments, with which a factory may recurse on purpose.
    @usableFromInline let reentryIsCycle: Bool
    /// Whether its builds are tracked for disposal (``DisposalTracker/tracks(_:transients:)``).
    @usableFromInline let tracksDisposal: Bool
    /// Whether its container or a scope keeps the instance (every lifetime but transient and graph).
    let isCached: Bool
    /// Whether a resolve through a scope that holds its instance (the innermost, or the one of
    /// its scope name) may read it, or claim its build, straight from the scope's slots, inlined
    /// into the caller (``Lifespan/innermostValue(of:through:arguments:)``): `.scoped`, with no
    /// tracer that reports cache hits.
    @usableFromInline let readsScopeInPlace: Bool
    /// Whether the first dynamic type it built and tracked is disposable, set once, so that
    /// later builds of that type skip the conformance lookups (``DisposalTracker``).
    var disposalConformance: SetOnce<DisposalConformance> { SetOnce(AtomicView(inline: self, word: 0)) }
    /// The key's hash, for a scoped registration (0 for others): what a scope's slot index
    /// (``ScopeSlotIndex``) files its instances under, computed once here so that a scope never
    /// runs a tag's `hash(into:)` under its lock.
    let scopeKeyHash: Int

    init(
        key: ServiceKey,
        lifetime: Lifetime,
        owner: Container,
        site: SourceLocation,
        sequence: Int,
        traced: TracedEntry?,
        dependencies: [ServiceKey]?,
        forwardsTo: ServiceKey?,
        tracer: Tracer?,
        allowsReentry: Bool = false,
        tracksDisposal: Bool = false,
        currentDependencies: (@Sendable (Container) -> [ServiceKey])? = nil
    ) {
        self.key = key
        self.owner = owner
        self.lifetime = lifetime
        self.site = site
        self.sequence = sequence
        self.staticDependencies = dependencies
        self.currentDependencies = currentDependencies
        self.forwardsTo = forwardsTo
        self.tracer = tracer
        tracedEntry = traced
        self.reentryIsCycle = !key.hasArguments && !allowsReentry
        self.tracksDisposal = tracksDisposal
        self.isCached = lifetime.kind != .transient && lifetime.kind != .graph
        self.readsScopeInPlace = lifetime.kind == .scoped && tracer?.reportsHits != true
        self.scopeKeyHash = lifetime.kind == .scoped ? key.hashValue : 0
    }

    deinit {
        disposalConformance.releaseStored()
    }

    /// What a tracer reports of this registration; only for a traced one (``tracer`` set).
    var traced: TracedEntry { tracedEntry.unsafelyUnwrapped }

    /// Forgets the instance the container caches for this registration, if any, and returns what
    /// held it, for the caller to release after a grace period (``Reclamation/release(_:)``).
    func resetCache() -> AnyObject? { nil }

    /// Destroys the instance of this registration that a scope's slot stores (only
    /// `Entry<T>` knows its type). Call it with no lock held.
    func destroyScopedValue(_ storage: inout ScopedValueStorage) {
        fatalError("Wiring: a scope stored an instance of a registration without a type")
    }

    /// How to dispose of the instance a scope's slot stores (see ``destroyScopedValue(_:)``).
    func scopedTeardown(_ storage: ScopedValueStorage) -> DisposalTicket.Teardown? {
        fatalError("Wiring: a scope stored an instance of a registration without a type")
    }

    /// The ``CreationOrder`` number of the instance the container caches for this registration
    /// now, if any.
    var creationOrder: UInt64? { nil }

    /// Builds the instance now if the lifetime is ``Lifetime/eagerSingleton``.
    func startEagerly() throws(WiringError) {}

    /// The same registration in another container, with an empty cache.
    func copy(owner: Container, sequence: Int, tracer: Tracer?) -> AnyEntry {
        fatalError("Wiring: AnyEntry is abstract")
    }

    /// The same registration, sharing its cache, reporting to `tracer` (or to none).
    func retraced(_ tracer: Tracer?) -> AnyEntry {
        fatalError("Wiring: AnyEntry is abstract")
    }

    /// Resolves this registration through `resolver` and drops the instance: the dry run.
    func resolveDiscarding(_ resolver: Resolver) throws(WiringError) {
        fatalError("Wiring: AnyEntry is abstract")
    }

    /// The ``AsyncBuild`` of a registration with an async factory.
    var asyncBuildObject: AnyObject? { nil }

    /// Whether validation counts it as a root (``Registration/validatedAsRoot()``).
    var isValidationRoot: Bool { false }

    /// Whether scopes are given its instance (``Registration/providedToScopes()``).
    var isProvidedToScopes: Bool { false }

    /// How a dry run is given a sample of it, when whoever provides it to scopes says so
    /// (``Registration/providedToScopes(sample:)``), for the finding that it had none.
    var sampleHint: String? { nil }

    /// The registration as it is after ``Container/shutdown()``: same key and site, no cache,
    /// a factory that throws ``WiringError/Code/shutDown``.
    func shutDownCopy() -> AnyEntry {
        failingCopy(throwing: ShutDownSignal())
    }

    /// The registration with the same key, lifetime and site, no cache, and a factory that
    /// throws `error`.
    func failingCopy(throwing error: any Error & Sendable) -> AnyEntry {
        fatalError("Wiring: AnyEntry is abstract")
    }
}

/// What a registration adds around its factory: post-construction hooks, decorators, a
/// teardown, transient tracking and an async factory.
struct Refinements<T>: @unchecked Sendable {
    // @unchecked: every closure is `@Sendable`; `asyncBuild` is a Sendable class, stored
    // type-erased because it needs `T: Sendable`.
    var hooks: [@Sendable (Resolver, T) throws -> Void] = []
    var decorators: [@Sendable (Resolver, T) throws -> T] = []
    var teardown: Teardown<T>?
    var tracksTransients = false
    /// Set by ``Registration/allowingReentry()``: building it again while it is being built is
    /// not reported as a cycle.
    var allowsReentry = false
    /// Set by ``Registration/validatedAsRoot()``.
    var isValidationRoot = false
    /// Set by ``Registration/providedToScopes()``.
    var isProvidedToScopes = false
    /// Set by ``Registration/providedToScopes(sample:)``.
    var sampleHint: String?
    /// An ``AsyncBuild`` for registrations with an async factory.
    var asyncBuild: AnyObject?
}

/// A registration that builds values of type `T`.
@usableFromInline
final class Entry<T>: AnyEntry, @unchecked Sendable {
    // @unchecked: all stored properties are `let`s; the cell synchronises itself.
    /// Builds an instance from a resolver and a pointer to the runtime-argument tuple: the
    /// registered factory, then decorators, disposal tracking and tracing around it.
    @usableFromInline let factory: @Sendable (Resolver, UnsafeRawPointer?) throws -> T
    /// `!hooks.isEmpty`, read without touching the array (see ``Resolver/buildUntracked(_:_:disposal:ticket:onConstructed:)``).
    @usableFromInline let hasHooks: Bool
    /// The factory as registered, unwrapped.
    private let baseFactory: @Sendable (Resolver, UnsafeRawPointer?) throws -> T
    /// What refines the factory, for a registration that has anything of it; `nil` for most,
    /// which so make and release no array of closures naming `T` (unspecialised, each costs
    /// run-time metadata lookups: the bulk of a registration's cost once).
    @usableFromInline let extras: EntryExtras<T>?
    /// What refines the factory (cold paths: copies, async builds, disposal).
    var refinements: Refinements<T> { extras?.refinements ?? Refinements() }
    /// The post-construction hooks, as run (reporting to the tracer when traced).
    @inlinable var hooks: [@Sendable (Resolver, T) throws -> Void] { hasHooks ? extras.unsafelyUnwrapped.hooks : [] }
    /// The registration's decorators, composed in order; `nil` when it has none.
    var decorate: (@Sendable (Resolver, T) throws -> T)? { extras?.decorate }
    /// The container-owned cache of singleton lifetimes; `nil` for the others.
    @usableFromInline let cell: InstanceCell<T>?
    /// Whether a scope stores an instance in its slot itself, rather than in a box
    /// (``ScopedValueStorage``): `T` fits in three words and moves bit by bit. Asked once here
    /// rather than on every build.
    @usableFromInline let storesScopedValueInline: Bool
    /// `cell`, unretained, for the hot path; `nil` when traced, so that every resolve takes the
    /// path that reports it.
    @usableFromInline let unretainedCell: Unretained<InstanceCell<T>>?

    init(
        key: ServiceKey,
        lifetime: Lifetime,
        owner: Container,
        site: SourceLocation,
        sequence: Int,
        dependencies: [ServiceKey]?,
        forwardsTo: ServiceKey? = nil,
        tracer: Tracer?,
        currentDependencies: (@Sendable (Container) -> [ServiceKey])? = nil,
        factory: @escaping @Sendable (Resolver, UnsafeRawPointer?) throws -> T,
        refined: EntryExtras<T>? = nil,
        cell: InstanceCell<T>? = nil
    ) {
        baseFactory = factory
        // The one refinement pipeline, shared by synchronous and async builds: decorate (here),
        // then report to the tracer (here for sync builds, in `buildAsync` for async ones), then
        // track for disposal and run the hooks (in `Resolver.build` and `buildAsync`, both through
        // `TrackedBuild` and `hooks`).
        // No `Optional.map` or `??` on optionals of generic types here, and `InstanceCell<T>`
        // named only for the lifetimes that have one: unspecialised, each is a run-time metadata
        // lookup, and together they were half of a plain registration's cost.
        var composed = factory
        // Made only for a traced entry: an object per registration would cost every container.
        let traced = tracer.map { _ in TracedEntry(key: key, lifetime: lifetime, site: site) }
        // A decorator or an instrument that throws after the factory returned abandons the
        // instance: it is disposed at once, as a hook's failure disposes it (not leaked).
        let tracks = DisposalTracker.tracks(lifetime, transients: refined?.refinements.tracksTransients ?? false)
        if let refined {
            let extras = EntryExtras(refined.refinements, tracer: tracer, traced: traced)
            if let decorate = extras.decorate {
                let inner = composed
                composed = { resolver, arguments in
                    let built = try inner(resolver, arguments)
                    do {
                        return try decorate(resolver, built)
                    } catch {
                        DisposalTracker.disposeAbandoned(built, tracks: tracks, extras: extras, tracer: tracer, through: resolver)
                        throw error
                    }
                }
            }
            self.extras = extras
            self.hasHooks = !extras.hooks.isEmpty
        } else {
            self.extras = nil
            self.hasHooks = false
        }
        if let tracer, let traced, tracer.onlyTimes {
            // Only instruments that hear of slow builds: the build is timed, nothing more.
            let inner = composed
            composed = { resolver, arguments in try tracer.timed(traced, inner, resolver, arguments) }
        } else if let tracer, let traced {
            let inner = composed
            let extras = self.extras
            composed = { resolver, arguments in
                // The instance waits in the thread's scratch memory, not in a `T?` or a
                // `Result`: unspecialised, each of those is a run-time metadata lookup per build.
                let context = ResolutionContext.current
                let (slot, mark) = context.scratch.reserve(T.self)
                defer { context.scratch.release(slot, mark: mark) }
                var made = false
                do {
                    try tracer.build(traced, resolver, in: context) {
                        slot.initialize(to: try inner(resolver, arguments))
                        made = true
                    }
                } catch {
                    // An instrument threw after the factory returned: the instance is abandoned.
                    if made {
                        DisposalTracker.disposeAbandoned(slot.move(), tracks: tracks, extras: extras, tracer: tracer, through: resolver)
                    }
                    throw error
                }
                return slot.move()
            }
        }
        self.factory = composed
        if lifetime.isContainerOwned {
            let owned: InstanceCell<T>
            if let cell { owned = cell } else { owned = InstanceCell(weak: lifetime.kind == .weakSingleton) }
            self.cell = owned
            // Traced only for builds, a cached read has nothing to report: it stays lock-free.
            if tracer?.reportsHits != true { self.unretainedCell = Unretained(owned) } else { self.unretainedCell = nil }
        } else {
            self.cell = nil
            self.unretainedCell = nil
        }
        self.storesScopedValueInline =
            MemoryLayout<T>.size <= MemoryLayout<ScopedValueStorage>.size
            && MemoryLayout<T>.alignment <= MemoryLayout<ScopedValueStorage>.alignment && _isBitwiseTakable(T.self)
        super.init(
            key: key,
            lifetime: lifetime,
            owner: owner,
            site: site,
            sequence: sequence,
            traced: traced,
            dependencies: dependencies,
            forwardsTo: forwardsTo,
            tracer: tracer,
            allowsReentry: extras?.refinements.allowsReentry ?? false,
            tracksDisposal: tracks,
            currentDependencies: currentDependencies
        )
    }

    /// The cell's instance, if `T`'s registration at `pointer` caches one that is built: the
    /// lock-free read of the hot path. Requires a read section (``Reclamation``).
    @inlinable @inline(__always)
    static func cachedValue(at pointer: UnsafeRawPointer) -> T? {
        guard let cell = Unretained<Entry<T>>(opaque: pointer).withObject({ $0.unretainedCell }) else { return nil }
        return cell.withObject { $0.cachedValue() }
    }

    /// The same registration with `change` applied to its refinements; it shares the cache.
    func refined(_ change: (inout Refinements<T>) -> Void) -> Entry<T> {
        var refinements = self.refinements
        change(&refinements)
        return remade(owner: owner, sequence: sequence, refined: EntryExtras(refinements), cell: cell, tracer: tracer)
    }

    /// This registration with another owner, sequence, refinements, cell (`nil`: a new one) or
    /// tracer.
    private func remade(
        owner: Container,
        sequence: Int,
        refined: EntryExtras<T>?,
        cell: InstanceCell<T>?,
        tracer: Tracer?
    ) -> Entry<T> {
        Entry(
            key: key,
            lifetime: lifetime,
            owner: owner,
            site: site,
            sequence: sequence,
            dependencies: staticDependencies,
            forwardsTo: forwardsTo,
            tracer: tracer,
            currentDependencies: currentDependencies,
            factory: baseFactory,
            refined: refined,
            cell: cell
        )
    }

    override func destroyScopedValue(_ storage: inout ScopedValueStorage) {
        storage.destroy(as: T.self, inline: storesScopedValueInline)
    }

    override func scopedTeardown(_ storage: ScopedValueStorage) -> DisposalTicket.Teardown? {
        DisposalTracker.teardown(for: storage.load(as: T.self, inline: storesScopedValueInline), of: self, extras: extras)
    }

    override func resetCache() -> AnyObject? {
        cell?.reset()
    }

    override var creationOrder: UInt64? { cell?.creationOrder() }

    override func startEagerly() throws(WiringError) {
        guard lifetime.kind == .eagerSingleton else { return }
        _ = try Resolver(container: owner, scope: nil).resolve(entry: self, arguments: nil)
    }

    override func copy(owner: Container, sequence: Int, tracer: Tracer?) -> AnyEntry {
        guard var refinements = extras?.refinements else {
            return remade(owner: owner, sequence: sequence, refined: nil, cell: nil, tracer: tracer)
        }
        refinements.asyncBuild = (refinements.asyncBuild as? any FreshCopying)?.freshCopy()
        return remade(owner: owner, sequence: sequence, refined: EntryExtras(refinements), cell: nil, tracer: tracer)
    }

    override func resolveDiscarding(_ resolver: Resolver) throws(WiringError) {
        _ = try resolver.resolve(entry: self, arguments: nil)
    }

    override var asyncBuildObject: AnyObject? { extras?.refinements.asyncBuild }

    override var isValidationRoot: Bool { extras?.refinements.isValidationRoot ?? false }

    override var isProvidedToScopes: Bool { extras?.refinements.isProvidedToScopes ?? false }
    override var sampleHint: String? { extras?.refinements.sampleHint }

    override func failingCopy(throwing error: any Error & Sendable) -> AnyEntry {
        Entry(
            key: key,
            lifetime: lifetime,
            owner: owner,
            site: site,
            sequence: sequence,
            dependencies: dependencies,
            forwardsTo: forwardsTo,
            tracer: nil
        ) { _, _ in throw error }
    }

    override func retraced(_ tracer: Tracer?) -> AnyEntry {
        remade(owner: owner, sequence: sequence, refined: extras, cell: cell, tracer: tracer)
    }
}

/// What refines a registration's factory, for one that has anything of it (``Entry/extras``):
/// its refinements as given, and its hooks and decorators as they run.
@usableFromInline
final class EntryExtras<T>: @unchecked Sendable {
    // @unchecked: every stored property is a `let`, and every closure is `@Sendable`.
    let refinements: Refinements<T>
    /// The hooks, reporting to the tracer when the entry is traced.
    @usableFromInline let hooks: [@Sendable (Resolver, T) throws -> Void]
    /// The decorators applied in order, the first one wrapping the instance the factory built;
    /// `nil` when there are none.
    let decorate: (@Sendable (Resolver, T) throws -> T)?

    /// `refinements` composed: the decorators into one, and, for an entry that reports to
    /// `tracer` as `traced`, the hooks into ones that report too. An entry composes its own
    /// from the `refinements` of the extras it is given (`Entry.init(…refined:…)`).
    init(_ refinements: Refinements<T>, tracer: Tracer? = nil, traced: TracedEntry? = nil) {
        self.refinements = refinements
        let decorators = refinements.decorators
        if decorators.isEmpty {
            decorate = nil
        } else {
            decorate = { @Sendable (resolver: Resolver, instance: T) throws -> T in
                var decorated = instance
                for decorator in decorators { decorated = try decorator(resolver, decorated) }
                return decorated
            }
        }
        if let tracer, let traced {
            hooks = refinements.hooks.map { hook in
                { resolver, value in try tracer.hook(traced) { try hook(resolver, value) } }
            }
        } else {
            hooks = refinements.hooks
        }
    }
}
