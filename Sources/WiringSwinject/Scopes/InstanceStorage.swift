internal import Wiring

/// Where an object scope keeps a registration's instance. Each registration gets its own, made by
/// its ``ObjectScopeProtocol`` on first use. Write one to make a custom scope; the container calls
/// it with no lock of its own held.
public protocol InstanceStorage: AnyObject {
    /// The stored instance, if any; setting `nil` drops it (what `resetObjectScope` does).
    var instance: Any? { get set }
    /// The top-level resolve that made a graph has returned.
    func graphResolutionCompleted()
    /// The instance stored for `graph`, if any.
    func instance(inGraph graph: GraphIdentifier) -> Any?
    /// Stores `instance`, built while resolving `graph`.
    func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier)
}

extension InstanceStorage {
    /// Nothing to do: the instance outlives graphs.
    public func graphResolutionCompleted() {}

    /// `instance`, whatever the graph.
    public func instance(inGraph _: GraphIdentifier) -> Any? { instance }

    /// Sets `instance`, whatever the graph.
    public func setInstance(_ instance: Any?, inGraph _: GraphIdentifier) { self.instance = instance }
}

/// Keeps an instance for as long as the storage lives: the `.container` scope.
///
/// An instance a container built into it is that container's to dispose: when a reset drops it,
/// or at `Container.shutdown()`. One set through ``instance`` is the caller's.
public final class PermanentStorage: InstanceStorage, @unchecked Sendable {
    // @unchecked: `stored` is read and written only inside `withLock`.
    private let stored = Lock<Stored>(Stored())

    /// An instance, with its place in its container's creation order, changed together.
    struct Stored {
        var instance: Any?
        /// Its place in the creation order of the container that built it: disposal runs newest first.
        var order = 0
    }

    /// An empty storage.
    public init() {}

    /// The instance; a replaced one is released after the lock is dropped.
    public var instance: Any? {
        get { stored.withLock { $0.instance } }
        set { _ = exchange(Stored(instance: newValue)) }
    }

    /// Stores `newValue` and returns what it replaces, in one step: the caller disposes and
    /// releases that after unlocking.
    func exchange(_ newValue: Stored) -> Stored {
        stored.withLock { value in
            defer { value = newValue }
            return value
        }
    }
}

/// Keeps nothing: the `.transient` scope.
public final class TransientStorage: InstanceStorage, Sendable {
    /// A storage.
    public init() {}

    /// Always `nil`; setting it does nothing.
    public var instance: Any? {
        get { nil }
        set {}  // swiftlint:disable:this unused_setter_value
    }
}

/// Keeps a class instance while something else holds it; a value-type instance is not kept.
public final class WeakStorage: InstanceStorage, @unchecked Sendable {
    // @unchecked: `object` is read and written only inside `withLock`.
    private let object = Lock<WeakBox>(WeakBox())

    /// An empty storage.
    public init() {}

    /// The instance while it lives elsewhere.
    public var instance: Any? {
        get { object.withLock { $0.value } }
        set {
            let box = WeakBox(newValue)
            object.withLock { $0 = box }
        }
    }
}

/// Keeps instances for the graph that made them: shared within one top-level resolve, held
/// strongly until it returns, then weakly, so that a graph re-joined later
/// (`Container.withObjectGraph(_:closure:)`, `Lazy`) finds what is still alive. The `.graph` scope.
public final class GraphStorage: InstanceStorage, GraphAwareStorage, @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `withLock`.
    private let state = Lock(State())

    private struct State {
        var strong: [GraphIdentifier: Any] = [:]
        var weak: [GraphIdentifier: WeakBox] = [:]
        var last: Any?
    }

    /// An empty storage.
    public init() {}

    /// The instance stored last, until its graph completes; setting it replaces it (`nil` drops
    /// every graph's strong hold).
    public var instance: Any? {
        get { state.withLock { $0.last } }
        set {
            let old = state.withLock { state in
                defer {
                    state.last = newValue
                    if newValue == nil { state.strong = [:] }
                }
                return (state.last, newValue == nil ? state.strong : [:])
            }
            _ = old
        }
    }

    /// Drops the strong hold of every graph.
    public func graphResolutionCompleted() {
        let old = state.withLock { state in
            defer { (state.strong, state.last) = ([:], nil) }
            return (state.strong, state.last)
        }
        _ = old
    }

    /// The instance of `graph` while it lives. Read from the weak hold, as Swinject reads it, so
    /// that a value-type instance, which no weak reference keeps, is built again each time.
    public func instance(inGraph graph: GraphIdentifier) -> Any? {
        state.withLock { $0.weak[graph]?.value }
    }

    /// Stores `instance` for `graph`: strongly until the graph completes, weakly after.
    public func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
        let box = WeakBox(instance)
        let old = state.withLock { state in
            defer {
                state.last = instance
                state.strong[graph] = instance
                state.weak[graph] = box
                if state.weak.count > 64, state.weak.count.isMultiple(of: 64) {
                    state.weak = state.weak.filter { $0.value.value != nil }
                }
            }
            return (state.last, state.strong[graph])
        }
        _ = old
    }

    /// The graph `graph` completed: its strong hold only, so that concurrent graphs keep theirs.
    func graphResolutionCompleted(graph: GraphIdentifier) {
        let old = state.withLock { state in
            defer {
                state.strong[graph] = nil
                state.last = nil
            }
            return (state.strong[graph], state.last)
        }
        _ = old
    }
}

/// Several storages as one: reads the first that has an instance, writes all. `.weak` is a weak
/// storage over a graph storage.
public final class CompositeStorage: InstanceStorage, GraphAwareStorage {
    private let components: [any InstanceStorage]

    /// A storage over `components`, in order.
    public init(_ components: [any InstanceStorage]) {
        self.components = components
    }

    /// The first component's instance that is not `nil`; setting it sets every component's.
    ///
    /// Each component is read once: a weak component's instance can go between two reads, on
    /// another thread, and a second read would then find nothing where the first found it.
    public var instance: Any? {
        get {
            for component in components {
                if let instance = component.instance { return instance }
            }
            return nil
        }
        set { for component in components { component.instance = newValue } }
    }

    /// Tells every component.
    public func graphResolutionCompleted() {
        for component in components { component.graphResolutionCompleted() }
    }

    /// The weak storage, when this is the `.weak` scope's composite (a weak storage over a graph
    /// storage): an instance shared across graphs while something holds it, which an async build
    /// stores there alone (the graph storage would hold it strongly until a graph it is not part
    /// of completes).
    var weakScopeComponent: WeakStorage? {
        guard components.count == 2, components[1] is GraphStorage else { return nil }
        return components[0] as? WeakStorage
    }

    /// The first component's instance for `graph` that is not `nil`, each read once (see
    /// ``instance``).
    public func instance(inGraph graph: GraphIdentifier) -> Any? {
        for component in components {
            if let instance = component.instance(inGraph: graph) { return instance }
        }
        return nil
    }

    /// Stores `instance` in every component.
    public func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
        for component in components { component.setInstance(instance, inGraph: graph) }
    }

    func graphResolutionCompleted(graph: GraphIdentifier) {
        for component in components {
            if let graphAware = component as? any GraphAwareStorage {
                graphAware.graphResolutionCompleted(graph: graph)
            } else {
                component.graphResolutionCompleted()
            }
        }
    }
}

/// A storage that keeps instances per graph, told which graph completed, so that the graphs other
/// threads are resolving at the same time keep their instances.
protocol GraphAwareStorage: InstanceStorage {
    func graphResolutionCompleted(graph: GraphIdentifier)
}

/// A weak reference to a class instance; a value-type instance is not kept at all.
struct WeakBox: @unchecked Sendable {
    // @unchecked: `object` is a weak reference, read and written whole (as a struct copy).
    weak var object: AnyObject?

    init(_ value: Any? = nil) {
        if let value, type(of: value) is AnyObject.Type { object = value as AnyObject }
    }

    var value: Any? { object }
}
