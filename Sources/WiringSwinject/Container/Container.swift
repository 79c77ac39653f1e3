internal import Wiring

/// Swinject 2.10.0's container on Wiring: it stores registrations of services and resolves them
/// with their dependencies injected.
///
/// ```swift
/// let container = Container()
/// container.register(Animal.self) { _ in Cat(name: "Mimi") }
/// container.register(PetOwner.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
/// let owner = container.resolve(PetOwner.self)!
/// ```
///
/// Unlike Swinject's, a plain container is safe to register in and resolve from several threads
/// at once: each thread resolves in its own object graph, and an instance shared across graphs
/// (`.container`, `.weak`, custom scopes) is built once even when threads ask for it together.
/// ``synchronize()`` still returns a resolver through which one thread at a time resolves, for
/// code that relies on that.
public final class Container: @unchecked Sendable {
    // @unchecked: the registrations and behaviors live behind `Lock`s, read and changed only in
    // their `withLock`; what a resolve tracks lives in the resolving thread's `ResolutionThread`;
    // the rest is `let`. The debug helper and the registered closures are the caller's, called on
    // whichever thread resolves, as Swinject calls them; no lock is held while they run.
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (
        AtomicWordStorage(0),
        AtomicWordStorage(UnsafeRawPointer?.none),
        AtomicWordStorage(0),
        AtomicWordStorage(0),
        AtomicWordStorage(false),
        AtomicWordStorage(UInt64(0)),
        AtomicWordStorage(0)
    )

    /// The registrations, each with the instance kept for resolves by its key
    /// (`Container/KeptInstances.swift`).
    let services = Lock<[ServiceKey: Registered]>([:])
    /// How many registrations `services` holds, read without its lock: a resolve skips a
    /// container with none (a synchronized resolver, a child with nothing of its own).
    private var registrationCount: AtomicView<Int> { AtomicView(inline: self, word: 0) }
    let parent: Container?
    let debugHelper: any DebugHelper
    let defaultObjectScope: ObjectScope
    let synchronized: Bool
    /// One per hierarchy: the resolves of its synchronized resolvers go through it one at a time.
    let turnstile: BuildGate
    /// Its behaviors, its children and retired registrations for its shutdown.
    private let links = Lock<Links>(Links())
    /// Its lifespan, once made (``disposables``): a retained `Lifespan`, set at most once, released
    /// in `deinit`. (The core's `SetOnce`, generic and unspecialised across modules, cost a
    /// generic call per load.)
    private var lifespanPointer: AtomicView<UnsafeRawPointer?> { AtomicView(inline: self, word: 1) }
    /// The next place in the creation order of the instances it will dispose.
    private var creations: AtomicView<Int> { AtomicView(inline: self, word: 2) }
    /// Graphs set for this container's next resolve on some thread (`restoreObjectGraph`) that
    /// no resolve has entered yet: its `deinit` takes them out of the process's count, since no
    /// resolve ever will (`Container/ResolutionThread.swift`).
    var pendingGraphs: AtomicView<Int> { AtomicView(inline: self, word: 3) }
    /// Set once ``shutdown()`` retired its registrations: resolves of them fail from then on.
    var isEnded: AtomicView<Bool> { AtomicView(inline: self, word: 4) }
    /// How many changes made it forget the instances kept beside its registrations.
    var changes: AtomicView<UInt64> { AtomicView(inline: self, word: 5) }
    /// How many instances are kept beside its registrations, or more; changed only inside
    /// `services`'s lock.
    var keptCount: AtomicView<Int> { AtomicView(inline: self, word: 6) }
    /// Tells this container's resolution state apart on each thread; unlike an object's address,
    /// never reused.
    let serial = Container.serials.add(1, ordering: .relaxed).newValue
    private static let serials = AtomicCell<UInt64>(0)

    /// A container that reports failed resolves to `debugHelper`. Internal in Swinject 2.10.0;
    /// public here, because its own tests pass a helper of their own.
    public init(
        parent: Container? = nil,
        debugHelper: any DebugHelper,
        defaultObjectScope: ObjectScope = .graph,
        synchronized: Bool = false
    ) {
        self.parent = parent
        self.debugHelper = debugHelper
        self.defaultObjectScope = defaultObjectScope
        self.synchronized = synchronized
        turnstile = parent?.turnstile ?? BuildGate()
        // A child of a container that has shut down, or is shutting down, is shut down too: its
        // own registrations resolve to nothing, as its parent's do, and say why.
        bornEnded = parent?.isEnding == true
        if bornEnded { isEnded.store(true, ordering: .releasing) }
    }

    /// Whether it was made after an ancestor began to shut down, and so was shut down from birth.
    let bornEnded: Bool

    /// A container.
    ///
    /// - Parameters:
    ///   - parent: a container whose registrations this one resolves when it has none of its own.
    ///   - defaultObjectScope: the scope of registrations that do not set one: `.graph` unless given.
    ///   - behaviors: told about each registration made after they were added.
    ///   - registeringClosure: registers services in the new container.
    public convenience init(
        parent: Container? = nil,
        defaultObjectScope: ObjectScope = .graph,
        behaviors: [any Behavior] = [],
        registeringClosure: (Container) -> Void = { _ in }
    ) {
        self.init(parent: parent, debugHelper: LoggingDebugHelper(), defaultObjectScope: defaultObjectScope)
        behaviors.forEach(addBehavior)
        registeringClosure(self)
    }

    /// Removes every registration of this container (not of its parents).
    public func removeAll() {
        let removed = synchronizedIfEnabled {
            services.withLock { services in
                defer {
                    services = [:]
                    registrationCount.store(0, ordering: .releasing)
                    keptCount.store(0, ordering: .relaxed)
                }
                // Retired in the same step, so that a shutdown finds each entry in one list or the other.
                retire(services.values.map(\.entry))
                return services
            }
        }
        // Released here, after unlocking, with the instances kept beside them. An entry keeps its
        // instance, as in Swinject (it may be forwarded elsewhere, or registered again): a reset
        // or this container's shutdown disposes it, or the entry when it goes.
        _ = removed
        pruneRetired()
    }

    /// Drops the instances that registrations in `objectScope` stored, here and in the parents.
    public func resetObjectScope(_ objectScope: any ObjectScopeProtocol) {
        synchronizedIfEnabled {
            let entries = services.withLock { $0.values.map(\.entry) }
            for entry in entries where entry.objectScope === objectScope {
                entry.resetInstance()
            }
            parent?.resetObjectScope(objectScope)
        }
    }

    /// Drops the instances that registrations in `objectScope` stored, here and in the parents.
    public func resetObjectScope(_ objectScope: ObjectScope) {
        resetObjectScope(objectScope as any ObjectScopeProtocol)
    }

    /// Drops the instances that registrations of `serviceType` in `objectScope` stored; if this
    /// container has registrations of `serviceType`, in the parents too (as in Swinject).
    public func resetObjectScope(_ objectScope: any ObjectScopeProtocol, serviceType: Any.Type) {
        synchronizedIfEnabled {
            let matching = services.withLock { services in
                services.filter { $0.key.serviceType == serviceType }.map(\.value.entry)
            }
            if matching.isEmpty { return }
            for entry in matching where entry.objectScope === objectScope {
                entry.resetInstance()
            }
            parent?.resetObjectScope(objectScope, serviceType: serviceType)
        }
    }

    /// Drops the instances that registrations of `serviceType` in `objectScope` stored.
    public func resetObjectScope(_ objectScope: ObjectScope, serviceType: Any.Type) {
        resetObjectScope(objectScope as any ObjectScopeProtocol, serviceType: serviceType)
    }

    /// Registers `factory` to make `serviceType`, under `name` if given. A registration of the same
    /// type, name and factory arguments replaces the one before.
    ///
    /// - Returns: the registration, to configure further with chained calls.
    @discardableResult
    public func register<Service>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping (any Resolver) -> Service
    ) -> ServiceEntry<Service> {
        _register(serviceType, factory: factory, name: name)
    }

    /// Registers a factory that takes `Arguments`, for Swinject's extensions: use
    /// `register(_:name:factory:)` otherwise.
    @discardableResult
    public func _register<Service, Arguments>(  // swift-format-ignore: AlwaysUseLowerCamelCase
        _ serviceType: Service.Type,
        factory: @escaping (Arguments) -> Any,
        name: String? = nil,
        option: (any ServiceKeyOption)? = nil
    ) -> ServiceEntry<Service> {
        register(serviceType, factory: factory, name: name, option: option, asyncFactory: nil)
    }

    /// `_register`, with the `async` factory of a registration made by `registerAsync`, set
    /// before any resolve can find the entry.
    func register<Service, Arguments>(
        _ serviceType: Service.Type,
        factory: @escaping (Arguments) -> Any,
        name: String?,
        option: (any ServiceKeyOption)?,
        asyncFactory: AsyncFactory?
    ) -> ServiceEntry<Service> {
        let key = ServiceKey(serviceType: Service.self, argumentsType: Arguments.self, name: name, option: option)
        let entry = ServiceEntry(serviceType, factory: factory, objectScope: defaultObjectScope)
        entry.configuration.withLock { configuration in
            configuration.container = self
            configuration.asyncFactory = asyncFactory
        }
        synchronizedIfEnabled { store(entry, under: key, registeredAs: serviceType, name: name) }
        return entry
    }

    /// Stores `entry` under `key`, releases what it replaces with no lock held, then tells the behaviors.
    func store<Service, Type>(_ entry: ServiceEntry<Service>, under key: ServiceKey, registeredAs type: Type.Type, name: String?) {
        // What it replaces goes with the instance kept beside it, released after unlocking (its
        // entry keeps its own instance, as `removeAll()` says).
        let replaced = services.withLock { services in
            defer { registrationCount.store(services.count, ordering: .releasing) }
            let replaced = services.updateValue(Registered(entry: entry), forKey: key)
            if replaced?.kept != nil { keptCount.subtract(1, ordering: .relaxed) }
            // Retired in the same step, so that a shutdown finds it in one list or the other.
            if let replaced { retire([replaced.entry]) }
            return replaced
        }
        if replaced != nil { pruneRetired() }
        for behavior in links.withLock({ $0.behaviors }) {
            behavior.container(self, didRegisterType: type, toService: entry, withName: name)
        }
    }

    /// A resolver through which one thread at a time resolves in this container's hierarchy, for
    /// code that relies on Swinject's promise. It is a `Container` (a child of this one with no
    /// registrations of its own); registrations added to it go to that child.
    public func synchronize() -> any Resolver {
        Container(parent: self, debugHelper: debugHelper, defaultObjectScope: defaultObjectScope, synchronized: true)
    }

    /// Tells `behavior` about every registration made from now on.
    public func addBehavior(_ behavior: any Behavior) {
        synchronizedIfEnabled { links.withLock { $0.behaviors.append(behavior) } }
    }

    /// The instances its registrations' permanent storages hold that it will dispose, and their
    /// builds in flight (`Disposal/`). Made when first needed, by such a build or a shutdown: a
    /// container that has nothing to dispose (a synchronized resolver, a child that only resolves)
    /// costs nothing for it, and its parent does not track it.
    var disposables: Lifespan {
        if let lifespan = loadLifespan() { return lifespan }
        // Adopted before the lifespan is published, and born closed if an ancestor is ending: a
        // parent's shutdown either finds this child among its children (it stops its own builds,
        // then lists them) or has stopped its own builds before this looks.
        parent?.adopt(self)
        let made = Lifespan.make()
        if parent?.isEnding == true { made.stopBuilds() }
        // The pointer: `made` retained for the container if it wins, released at once if not.
        let raw = UnsafeRawPointer(Unmanaged.passRetained(made).toOpaque())
        let (exchanged, winner) = lifespanPointer.compareExchange(expected: nil, desired: raw, ordering: .acquiringAndReleasing)
        if !exchanged { Unmanaged<Lifespan>.fromOpaque(raw).release() }
        return exchanged ? made : Unmanaged<Lifespan>.fromOpaque(winner!).takeUnretainedValue()
    }

    /// The lifespan, if made. The pointer holds the container's reference to it, taken when it was
    /// stored and given back in `deinit`, so it is valid while the container lives.
    @inline(__always)
    private func loadLifespan() -> Lifespan? {
        lifespanPointer.load(ordering: .acquiring).map { Unmanaged<Lifespan>.fromOpaque($0).takeUnretainedValue() }
    }

    deinit {
        // No other reference to the container exists: no thread can load the pointer any more.
        if let raw = lifespanPointer.load(ordering: .acquiring) { Unmanaged<Lifespan>.fromOpaque(raw).release() }
        // A thread that settles a pending graph holds the container meanwhile, so none does now.
        let pending = pendingGraphs.load(ordering: .relaxed)
        if pending > 0 { ResolutionThread.pendingRestoredGraphs.subtract(pending, ordering: .relaxed) }
    }

    /// How many graphs, on every thread, are set for a container's next resolve and not yet
    /// entered: for tests of what `restoreObjectGraph` leaves behind.
    package static var pendingRestoredGraphCount: Int {
        ResolutionThread.pendingRestoredGraphs.load(ordering: .relaxed)
    }

    /// Whether this container or an ancestor has begun to shut down.
    private var isEnding: Bool {
        if let lifespan = loadLifespan(), lifespan.isClosed { return true }
        return parent?.isEnding ?? false
    }

    /// The next place in the creation order of the instances it will dispose.
    func nextCreationOrder() -> Int {
        creations.add(1, ordering: .relaxed).oldValue
    }

    /// Remembers, weakly, those of `entries` (replaced or removed) that it made, for its shutdown:
    /// one may live on, forwarded elsewhere or held by the caller, and build an instance that is
    /// this container's to dispose (its scope may be changed to `.container` later). One that goes
    /// disposes its instance itself (`ServiceEntryBase.deinit`). Called under the registrations'
    /// lock (which the entries' and the links' locks nest in); releases nothing.
    private func retire(_ entries: [ServiceEntryBase]) {
        let retired = entries.filter { $0.container === self }
        if retired.isEmpty { return }
        for entry in retired { entry.isRetired.store(true, ordering: .releasing) }
        links.withLock { links in
            for entry in retired { links.retire(entry) }
        }
    }

    /// Drops the retired registrations that are gone, once their list has grown; what it held
    /// of the live ones meanwhile is released here, after unlocking. Call it with no lock held.
    private func pruneRetired() {
        let alive = links.withLock { $0.pruneRetired() }
        _ = alive
    }

    /// Keeps, for its shutdown to dispose, an instance of `type` that a retired registration's
    /// build handed out (`ServiceEntryBase.finishBuild()`), when that registration goes; hands it
    /// to the end at once if the container has ended. An instance that nothing would dispose is
    /// not kept. Call it with no lock held.
    ///
    /// Its links' lock orders it with the shutdown: kept before the shutdown took these instances
    /// (``takeLeftInstances()``), it is among them; kept after, it reads the container as ended.
    func keepForShutdown(_ stored: PermanentStorage.Stored, type: Any.Type, teardown: EntryTeardown?) {
        guard let instance = stored.instance, EntryTeardown.teardown(for: instance, registered: teardown) != nil else { return }
        let left = LeftInstance(stored: stored, type: type, teardown: teardown)
        let kept = links.withLock { links in
            if hasEnded { return false }
            links.left.append(left)
            return true
        }
        if !kept { handOver(stored, type: type, teardown: teardown) }
    }

    /// Takes the instances ``keepForShutdown(_:type:teardown:)`` kept, for the shutdown, which has
    /// marked the container ended before.
    func takeLeftInstances() -> [LeftInstance] {
        links.withLock { links in
            defer { links.left = [] }
            return links.left
        }
    }

    /// The instances ``keepForShutdown(_:type:teardown:)`` kept so far.
    var leftInstances: [LeftInstance] {
        links.withLock { $0.left }
    }

    /// The registrations whose instances its shutdown disposes: its own, and those it retired
    /// that still live.
    var ownEntries: [ServiceEntryBase] {
        let registered = services.withLock { services in services.values.map(\.entry) }
        let retired = links.withLock { $0.retired.compactMap(\.entry) }
        var seen = Set<ObjectIdentifier>()
        return (registered + retired).filter { $0.container === self && seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Records `child`, made with this container as its parent, for this container's shutdown.
    private func adopt(_ child: Container) {
        // What the pruning held of the live children is released here, after unlocking.
        let alive = links.withLock { $0.adopt(child) }
        _ = alive
    }

    /// The children made from this container that are still alive and have a lifespan.
    var liveChildren: [Container] {
        links.withLock { $0.children.compactMap(\.container) }
    }

    /// Whether this container or a parent has a registration of `serviceType` under `name`, with
    /// any factory arguments.
    public func hasAnyRegistration<Service>(of serviceType: Service.Type, name: String? = nil) -> Bool {
        synchronizedIfEnabled {
            services.withLock { $0.keys.contains { $0.serviceType == serviceType && $0.name == name } }
                || parent?.hasAnyRegistration(of: serviceType, name: name) == true
        }
    }

    /// Whether the container has registrations of its own; read without a lock, so a resolve may
    /// miss one another thread is adding at that moment, as it would a moment earlier.
    var hasRegistrations: Bool {
        registrationCount.load(ordering: .acquiring) > 0
    }

    /// Runs `action` one thread at a time across the hierarchy when this is a synchronized resolver.
    @inline(__always)
    func synchronizedIfEnabled<T>(_ action: () throws -> T) rethrows -> T {
        guard synchronized else { return try action() }
        let turn = turnstile.enter()
        defer { turnstile.leave(turn) }
        return try action()
    }
}

/// What a container links to besides its registrations.
private struct Links {
    var behaviors: [any Behavior] = []
    /// Registrations it made that were replaced or removed, weakly, for its shutdown.
    var retired: [WeakEntry] = []
    /// Instances that retired registrations left for its shutdown to dispose.
    var left: [LeftInstance] = []
    /// Its children that made a lifespan, weakly: a child lives as long as its users hold it.
    var children: [WeakContainer] = []
    /// The number of children, and of retired registrations, at which the gone ones are next dropped.
    private var pruneChildrenAt = 8
    private var pruneRetiredAt = 8

    /// Adds `child`, first dropping the children that are gone once the list has grown. Returns
    /// the live ones, which the pruning holds strongly: the caller releases them after unlocking
    /// (one may be the last reference by then).
    mutating func adopt(_ child: Container) -> [Container] {
        var alive: [Container] = []
        if children.count >= pruneChildrenAt {
            alive = children.compactMap(\.container)
            children = alive.map { WeakContainer(container: $0) }
            pruneChildrenAt = max(8, children.count * 2)
        }
        children.append(WeakContainer(container: child))
        return alive
    }

    mutating func retire(_ entry: ServiceEntryBase) {
        retired.append(WeakEntry(entry: entry))
    }

    /// Drops the retired registrations that are gone, once the list has grown. Returns the live
    /// ones, for the caller to release after unlocking.
    mutating func pruneRetired() -> [ServiceEntryBase] {
        guard retired.count >= pruneRetiredAt else { return [] }
        let alive = retired.compactMap(\.entry)
        retired = alive.map { WeakEntry(entry: $0) }
        pruneRetiredAt = max(8, retired.count * 2)
        return alive
    }
}

/// An instance a retired registration left for its container's shutdown to dispose, with what
/// disposes it.
struct LeftInstance {
    let stored: PermanentStorage.Stored
    let type: Any.Type
    let teardown: EntryTeardown?
}

/// A container held weakly.
private struct WeakContainer {
    weak var container: Container?
}

/// A registration held weakly.
private struct WeakEntry {
    weak var entry: ServiceEntryBase?
}

extension Container: CustomStringConvertible {
    /// The registrations of this container (not of its parents), one per line, sorted, in Swinject's format.
    public var description: String {
        let entries = services.withLock { Array($0) }
        return "["
            + entries.map { "\n    { \($0.value.entry.describe(with: $0.key)) }" }.sorted().joined(separator: ",")
            + "\n]"
    }
}
