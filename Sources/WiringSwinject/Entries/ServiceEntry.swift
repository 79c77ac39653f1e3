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

/// What the container needs of a registration to resolve it, whatever its service type.
protocol ResolvableEntry: ServiceEntryProtocol {
    /// The factory, as registered: a `(Arguments) -> Any` the resolve's invoker calls.
    var factory: Any { get }
    /// The storage, made by the scope on first use, and the gate that lets one thread at a time
    /// build an instance it shares across threads (`nil` for transient and graph storages).
    func storageAndGate() -> (storage: any InstanceStorage, gate: BuildGate?)
    /// Runs the `initCompleted` closures on `instance`, in the order they were added.
    func completeInitialization(resolver: any Resolver, instance: Any)
    /// The entry as `Container.description` prints it under `key`.
    func describe(with key: ServiceKey) -> String
}

/// A registration, returned by `Container.register` to configure it further with chained calls:
/// ``inObjectScope(_:)-(ObjectScope)``, ``initCompleted(_:)`` and ``implements(_:name:)``.
public final class ServiceEntry<Service>: ResolvableEntry, @unchecked Sendable {
    // @unchecked: the mutable configuration lives in `configuration`, read and written only inside
    // its `withLock`; the rest is `let`. The factory and the `initCompleted` closures are the
    // caller's, called on whichever thread resolves, as Swinject calls them (it never asked for
    // `Sendable` closures); `Lock` never runs them while it is held.

    /// The type the registration was made for.
    public let serviceType: Any.Type
    /// The type of the factory's arguments: `Resolver`, or `(Resolver, Arg1, …)`.
    public let argumentsType: Any.Type
    let factory: Any

    private struct Configuration {
        var objectScope: any ObjectScopeProtocol
        var storage: (any InstanceStorage)?
        var gate: BuildGate?
        var initCompleted: [(any Resolver, Service) -> Void] = []
        weak var container: Container?
    }

    private let configuration: Lock<Configuration>

    /// An entry of `serviceType` whose factory takes `argumentsType`, in the `.graph` scope.
    /// Internal in Swinject 2.10.0; public here, because its own tests make entries.
    public init(serviceType: Service.Type, argumentsType: Any.Type, factory: Any) {
        self.serviceType = serviceType
        self.argumentsType = argumentsType
        self.factory = factory
        configuration = Lock(Configuration(objectScope: ObjectScope.graph))
    }

    /// An entry in `objectScope`. Internal in Swinject 2.10.0; public here for its own tests.
    public convenience init(serviceType: Service.Type, argumentsType: Any.Type, factory: Any, objectScope: ObjectScope) {
        self.init(serviceType: serviceType, argumentsType: argumentsType, factory: factory)
        configuration.withLock { $0.objectScope = objectScope }
    }

    /// The scope that decides how long the instance is shared: `.graph` unless set.
    public var objectScope: any ObjectScopeProtocol {
        configuration.withLock { $0.objectScope }
    }

    var container: Container? {
        get { configuration.withLock { $0.container } }
        set { configuration.withLock { $0.container = newValue } }
    }

    /// Shares the instance as `objectScope` says. Set it before the first resolve: an instance
    /// stored under the previous scope is dropped with its storage.
    @discardableResult
    public func inObjectScope(_ objectScope: any ObjectScopeProtocol) -> Self {
        let dropped = configuration.withLock { configuration in
            defer {
                configuration.objectScope = objectScope
                configuration.storage = nil
                configuration.gate = nil
            }
            return configuration.storage
        }
        _ = dropped
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
        configuration.withLock { $0.initCompleted.append(completed) }
        return self
    }

    func storageAndGate() -> (storage: any InstanceStorage, gate: BuildGate?) {
        if let made = configuration.withLock({ config in config.storage.map { ($0, config.gate) } }) {
            return made
        }
        // The scope's storage factory is the caller's code: made with no lock held, published
        // if no other thread published one meanwhile.
        let scope = configuration.withLock { $0.objectScope }
        let storage = scope.makeStorage()
        let gate = storage.isSharedAcrossGraphs ? BuildGate() : nil
        let (published, unused) = configuration.withLock { config -> ((any InstanceStorage, BuildGate?), (any InstanceStorage)?) in
            if let existing = config.storage, config.objectScope === scope { return ((existing, config.gate), storage) }
            config.storage = storage
            config.gate = gate
            return ((storage, gate), nil)
        }
        _ = unused
        return published
    }

    func completeInitialization(resolver: any Resolver, instance: Any) {
        let closures = configuration.withLock { $0.initCompleted }
        guard !closures.isEmpty, let service = instance as? Service else { return }
        for completed in closures { completed(resolver, service) }
    }

    func describe(with key: ServiceKey) -> String {
        let (scope, closures) = configuration.withLock { ($0.objectScope, $0.initCompleted.count) }
        return registrationDescription(
            serviceType: serviceType,
            key: key,
            objectScope: scope,
            initCompletedCount: closures
        )
    }
}

extension InstanceStorage {
    /// Whether instances in this storage outlive one graph, so that two threads could both miss
    /// and build one: every storage but the transient and graph ones, custom ones included.
    var isSharedAcrossGraphs: Bool {
        !(self is TransientStorage) && !(self is GraphStorage)
    }
}
