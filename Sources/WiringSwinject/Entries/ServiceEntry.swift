internal import Wiring

/// What every registration is, whatever its service type: the value type of the registrations a
/// ``DebugHelper`` is shown and a ``Behavior`` may keep. Internal in Swinject 2.10.0; public here,
/// because its own tests keep entries by this type.
public protocol ServiceEntryProtocol: AnyObject {
    /// The scope that decides how long the registration's instance is shared.
    var objectScope: any ObjectScopeProtocol { get }
    /// The type the registration was made for.
    var serviceType: Any.Type { get }
}

/// What every ``ServiceEntry`` has, whatever its service type: the part a resolve works with, kept
/// free of the service type so that a resolve asks the Swift runtime for no generic metadata.
public class ServiceEntryBase: ServiceEntryProtocol, @unchecked Sendable {
    // @unchecked: the mutable configuration lives in `configuration`, read and written only inside
    // its `withLock`; the rest is `let`. The factory and the `initCompleted` closures are the
    // caller's, called on whichever thread resolves, as Swinject calls them (it never asked for
    // `Sendable` closures); `Lock` never runs them while it is held.
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (AtomicWordStorage(false), AtomicWordStorage(false), AtomicWordStorage(false))

    /// The type the registration was made for.
    public let serviceType: Any.Type
    /// The type of the factory's arguments: `Resolver`, or `(Resolver, Arg1, …)`.
    public let argumentsType: Any.Type
    /// The factory, as registered: a `(Arguments) -> Any`.
    let factory: Any
    /// The same factory in a box of its argument type, when the container made the entry: read
    /// without a cast, which would look up the function type's metadata on every resolve.
    private let factoryBox: AnyObject?

    struct Configuration {
        var objectScope: any ObjectScopeProtocol
        /// The storage with its kind and gate, once the scope made it.
        var storage: ResolutionParts?
        /// The `initCompleted` closures, taking the instance as `Any`.
        var initCompleted: [(any Resolver, Any) -> Void] = []
        /// The teardown set by `onDispose`, if any.
        var teardown: EntryTeardown?
        /// The `async` factory of a registration made by `Container.registerAsync`.
        var asyncFactory: AsyncFactory?
        weak var container: Container?
    }

    let configuration: Lock<Configuration>

    init(
        serviceType: Any.Type,
        argumentsType: Any.Type,
        factory: Any,
        factoryBox: AnyObject? = nil,
        objectScope: any ObjectScopeProtocol
    ) {
        self.serviceType = serviceType
        self.argumentsType = argumentsType
        self.factory = factory
        self.factoryBox = factoryBox
        configuration = Lock(Configuration(objectScope: objectScope))
    }

    /// Set once its scope made a storage (``resolutionParts()``).
    var hasStorage: AtomicView<Bool> { AtomicView(inline: self, word: 0) }

    /// Set when the container that made it replaced or removed it: it then disposes its instance,
    /// if its container would, when it goes.
    var isRetired: AtomicView<Bool> { AtomicView(inline: self, word: 1) }

    /// Set when a build of its instance finished after it was retired (``finishBuild()``): the
    /// resolve that ran that build hands the instance out, so it is its container's shutdown that
    /// disposes it, not the entry's going.
    private var builtWhileRetired: AtomicView<Bool> { AtomicView(inline: self, word: 2) }

    deinit {
        // The last reference to a retired entry is gone: no resolve can reach its instance any
        // more. No lock is held, since the engine releases entries after unlocking. A container
        // that is itself going disposes nothing, as when it is released without `shutdown()`.
        guard isRetired.load(ordering: .acquiring) else { return }
        let (storage, container, teardown) = configuration.withLock { ($0.storage?.permanent, $0.container, $0.teardown) }
        guard let storage, let container else { return }
        let stored = storage.exchange(PermanentStorage.Stored())
        // An instance a resolve may be handing out right now (this entry went with that resolve's
        // reference) is left to the shutdown; any other is disposed now, as a reset disposes it.
        if builtWhileRetired.load(ordering: .acquiring) {
            container.keepForShutdown(stored, type: serviceType, teardown: teardown)
        } else {
            container.disposeNow(stored, type: serviceType, teardown: teardown)
        }
    }

    /// Called by a build that stored an instance in its permanent storage, once it is done and
    /// just before its resolve returns the instance. If the entry was retired meanwhile (its
    /// factory registered its key again, or another thread removed it), the resolve may hold its
    /// last reference: the entry's `deinit` then leaves the instance to the shutdown.
    ///
    /// The resolve holds the entry until after this, so `deinit` reads the mark set. An entry
    /// retired after this is as one retired after the resolve returned: what it stored goes with it.
    func finishBuild() {
        if isRetired.load(ordering: .acquiring) { builtWhileRetired.store(true, ordering: .releasing) }
    }

    /// The factory, which takes `Arguments`: the entry was found by a key with `Arguments.self`
    /// as its arguments type, which is the entry's.
    func factory<Arguments>(taking _: Arguments.Type) -> (Arguments) -> Any {
        if let factoryBox, ObjectIdentifier(argumentsType) == ObjectIdentifier(Arguments.self) {
            // The box was made with `argumentsType` as its `Arguments` (`ServiceEntry.init(_:factory:)`).
            return unsafeDowncast(factoryBox, to: FactoryBox<Arguments>.self).factory
        }
        return factory as! (Arguments) -> Any
    }

    /// The scope that decides how long the instance is shared: `.graph` unless set.
    public var objectScope: any ObjectScopeProtocol {
        configuration.withLock { $0.objectScope }
    }

    /// The container the registration was made in, while it lives.
    var container: Container? {
        get { configuration.withLock { $0.container } }
        set { configuration.withLock { $0.container = newValue } }
    }

    /// The storage, made by the scope on first use, with its kind and gate, and whether the
    /// registration has `initCompleted` closures: one lock for all a resolve needs to know.
    func resolutionParts() -> ResolutionParts {
        while true {
            if let made = configuration.withLock({ $0.storage?.completing(!$0.initCompleted.isEmpty) }) {
                return made
            }
            // The scope's storage factory is the caller's code: run with no lock held, and its
            // storage published unless another thread published one, or the scope changed, meanwhile.
            let (scope, isAsync) = configuration.withLock { ($0.objectScope, $0.asyncFactory != nil) }
            let made = ResolutionParts(scope.makeStorage(), madeBy: scope, isAsync: isAsync)
            let published = configuration.withLock { config -> ResolutionParts? in
                guard config.objectScope === scope else { return nil }
                if config.storage == nil {
                    config.storage = made
                    hasStorage.store(true, ordering: .releasing)
                }
                return config.storage?.completing(!config.initCompleted.isEmpty)
            }
            if let published { return published }
        }
    }

    /// Runs the `initCompleted` closures on `instance`, in the order they were added, with the
    /// service on the thread's path: what they resolve is part of its build.
    func completeInitialization(resolver: any Resolver, instance: Any, thread: ResolutionThread) {
        thread.path.append(serviceType)
        defer { thread.path.removeLast() }
        for completed in configuration.withLock({ $0.initCompleted }) { completed(resolver, instance) }
    }

    /// Sets the teardown of the instances its container disposes.
    func setTeardown(_ teardown: EntryTeardown) {
        // The one it replaces, and what it captured, is released here, after unlocking.
        let replaced = configuration.withLock { configuration in
            defer { configuration.teardown = teardown }
            return configuration.teardown
        }
        _ = replaced
    }

    /// The `async` factory, if the registration has one.
    var asyncFactory: AsyncFactory? {
        configuration.withLock { $0.asyncFactory }
    }

    /// The teardown set by `onDispose`, if any.
    var teardown: EntryTeardown? {
        configuration.withLock { $0.teardown }
    }

    /// The permanent storage, if its scope made one: what its container's end takes its instance from.
    var permanentStorage: PermanentStorage? {
        configuration.withLock { $0.storage?.permanent }
    }

    /// The entry as `Container.description` prints it under `key`.
    func describe(with key: ServiceKey) -> String {
        let (scope, closures) = configuration.withLock { ($0.objectScope, $0.initCompleted.count) }
        return registrationDescription(serviceType: serviceType, key: key, objectScope: scope, initCompletedCount: closures)
    }

    /// Sets the scope and drops the storage of the previous one (released after unlocking).
    func setObjectScope(_ objectScope: any ObjectScopeProtocol) {
        // The container that made the entry forgets what it kept in the same step
        // (`Container/KeptInstances.swift`); what is dropped is released here, after unlocking.
        var dropped: ResolutionParts?
        // As a reset, it waits for a build in flight of the storage it drops, if its scope made
        // one (not when the registration is being set up: one atomic load then).
        let gate = hasStorage.load(ordering: .acquiring) ? configuration.withLock { $0.storage?.gate } : nil
        let turn = gate?.enter()
        if let container {
            container.forgettingKept { dropped = swapScope(for: objectScope) }
        } else {
            dropped = swapScope(for: objectScope)
        }
        if let gate, let turn { gate.leave(turn) }
        // The instance the dropped storage held goes with it, disposed first.
        if let storage = dropped?.permanent {
            container?.disposeNow(storage.exchange(PermanentStorage.Stored()), type: serviceType, teardown: teardown)
        }
    }

    /// Sets the scope and returns the storage of the previous one, which it drops.
    private func swapScope(for objectScope: any ObjectScopeProtocol) -> ResolutionParts? {
        configuration.withLock { configuration in
            defer {
                configuration.objectScope = objectScope
                configuration.storage = nil
            }
            return configuration.storage
        }
    }

    /// Drops the stored instance, for `resetObjectScope`.
    func resetInstance() {
        let parts = resolutionParts()
        // Only a `.container` storage's instance is ever kept: the container that made the entry
        // forgets it in the same step (`Container/KeptInstances.swift`), and the instance, taken
        // out in one step and held here, is released after unlocking. Any other storage may be
        // the caller's: it is told with no lock held.
        // A permanent storage's instance is disposed before it is released.
        guard let storage = parts.permanent, let container else {
            parts.storage.instance = nil
            return
        }
        // A build holds the gate from before its factory until its resolve has the instance:
        // the reset waits for it, so that it never disposes an instance a build is handing out.
        // The gate lets its own thread through (a factory that resets its own scope).
        var dropped = PermanentStorage.Stored()
        do {
            let turn = parts.gate?.enter()
            defer { if let gate = parts.gate, let turn { gate.leave(turn) } }
            if parts.isContainerScoped {
                container.forgettingKept { dropped = storage.exchange(PermanentStorage.Stored()) }
            } else {
                dropped = storage.exchange(PermanentStorage.Stored())
            }
        }
        container.disposeNow(dropped, type: serviceType, teardown: teardown)
    }
}

/// A registration, returned by `Container.register` to configure it further with chained calls:
/// `inObjectScope(_:)`, ``initCompleted(_:)`` and ``implements(_:name:)``.
public final class ServiceEntry<Service>: ServiceEntryBase, @unchecked Sendable {
    // @unchecked: it adds no state to ``ServiceEntryBase``.

    /// An entry of `serviceType` made by `factory` with `Arguments`, in `objectScope`: how containers make them.
    init<Arguments>(_ serviceType: Service.Type, factory: @escaping (Arguments) -> Any, objectScope: ObjectScope) {
        super.init(
            serviceType: serviceType,
            argumentsType: Arguments.self,
            factory: factory,
            factoryBox: FactoryBox(factory),
            objectScope: objectScope
        )
    }

    /// An entry of `serviceType` whose factory takes `argumentsType`, in the `.graph` scope.
    /// Internal in Swinject 2.10.0; public here, because its own tests make entries.
    public init(serviceType: Service.Type, argumentsType: Any.Type, factory: Any) {
        super.init(serviceType: serviceType, argumentsType: argumentsType, factory: factory, objectScope: ObjectScope.graph)
    }

    /// An entry in `objectScope`. Internal in Swinject 2.10.0; public here for its own tests.
    public init(serviceType: Service.Type, argumentsType: Any.Type, factory: Any, objectScope: ObjectScope) {
        super.init(serviceType: serviceType, argumentsType: argumentsType, factory: factory, objectScope: objectScope)
    }

    /// Shares the instance as `objectScope` says. Set it before the first resolve: an instance
    /// stored under the previous scope is dropped with its storage.
    @discardableResult
    public func inObjectScope(_ objectScope: any ObjectScopeProtocol) -> Self {
        setObjectScope(objectScope)
        return self
    }

    /// Shares the instance as `objectScope` says: `.transient`, `.graph`, `.container` or `.weak`.
    @discardableResult
    public func inObjectScope(_ objectScope: ObjectScope) -> Self {
        inObjectScope(objectScope as any ObjectScopeProtocol)
    }

    /// Adds a closure that runs after the factory made an instance and the scope stored it, with the
    /// resolver and the instance: where property injection and circular dependencies are set.
    /// Several closures run in the order they were added.
    @discardableResult
    public func initCompleted(_ completed: @escaping (any Resolver, Service) -> Void) -> Self {
        let erased: (any Resolver, Any) -> Void = { resolver, instance in
            if let service = instance as? Service { completed(resolver, service) }
        }
        configuration.withLock { $0.initCompleted.append(erased) }
        return self
    }
}

/// A factory that takes `Arguments`, boxed so that a resolve reads it with its type.
final class FactoryBox<Arguments> {
    let factory: (Arguments) -> Any

    init(_ factory: @escaping (Arguments) -> Any) {
        self.factory = factory
    }
}

/// A registration's storage, and what a resolve needs to know with it, read in one step.
struct ResolutionParts {
    /// What kind of storage it is, so that a resolve need not ask the storage with casts.
    enum Kind {
        case transient, graph, perGraph, other
        /// A ``PermanentStorage``: its instances are its container's to dispose.
        case permanent

        init(of storage: any InstanceStorage) {
            switch storage {
            case is TransientStorage: self = .transient
            case is GraphStorage: self = .graph
            case is PermanentStorage: self = .permanent
            case is any GraphAwareStorage: self = .perGraph
            default: self = .other
            }
        }

        /// Whether instances outlive one graph, so that two threads could both miss and build
        /// one: every storage but the transient and graph ones, custom ones included.
        var isSharedAcrossGraphs: Bool {
            switch self {
            case .transient, .graph: false
            case .perGraph, .other, .permanent: true
            }
        }
    }

    private(set) var storage: any InstanceStorage
    let kind: Kind
    /// Lets one thread at a time build an instance shared across graphs; `nil` for the others.
    let gate: BuildGate?
    /// Whether the registration has `initCompleted` closures.
    private(set) var completes = false
    /// Whether its factory is `async` (`Container.registerAsync`, which sets it before the entry
    /// is registered, for good): a synchronous resolve cannot build it.
    let isAsync: Bool
    /// Whether the storage is one the built-in `.container` scope made, whose instance changes
    /// only through the container: a resolve by type may keep it (`Container/KeptInstances.swift`).
    let isContainerScoped: Bool

    /// The parts of a new storage made by `scope`: its kind, and a gate if it shares instances
    /// across graphs.
    init(_ storage: any InstanceStorage, madeBy scope: any ObjectScopeProtocol, isAsync: Bool) {
        self.isAsync = isAsync
        self.storage = storage
        kind = Kind(of: storage)
        gate = kind.isSharedAcrossGraphs ? BuildGate() : nil
        isContainerScoped = scope === ObjectScope.container
    }

    /// The storage, when it is a ``PermanentStorage``: its instances are its container's to
    /// dispose. Not kept as a second reference, which every copy of the parts would retain.
    var permanent: PermanentStorage? {
        kind == .permanent ? unsafeDowncast(storage, to: PermanentStorage.self) : nil
    }

    /// These parts with `storage` in place of theirs, of the same kind and gate: the part of a
    /// composite storage that an async build reads and stores.
    func storing(in storage: any InstanceStorage) -> ResolutionParts {
        var parts = self
        parts.storage = storage
        return parts
    }

    /// These parts, saying whether the registration has `initCompleted` closures.
    func completing(_ completes: Bool) -> ResolutionParts {
        var parts = self
        parts.completes = completes
        return parts
    }
}
