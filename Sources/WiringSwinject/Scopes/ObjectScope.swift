/// Makes the storage that keeps each registration's instance.
public protocol ObjectScopeProtocol: AnyObject {
    /// A new storage, one per registration.
    func makeStorage() -> any InstanceStorage
}

/// How long a registration's instance is shared: `.transient`, `.graph` (the default), `.container`
/// or `.weak`, or a scope of your own made from a storage.
public final class ObjectScope: ObjectScopeProtocol, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: every property is a `let`; the storage factory is the caller's, run on whichever
    // thread first resolves a registration in this scope, as in Swinject.
    /// The scope's name, as `Container.description` prints it.
    public let description: String
    private let storageFactory: () -> any InstanceStorage
    private let parent: (any ObjectScopeProtocol)?

    /// A scope whose registrations keep their instances in what `storageFactory` makes; with a
    /// `parent`, in that and in the parent's storage (read in that order).
    public init(
        storageFactory: @escaping () -> any InstanceStorage,
        description: String = "",
        parent: (any ObjectScopeProtocol)? = nil
    ) {
        self.storageFactory = storageFactory
        self.description = description
        self.parent = parent
    }

    /// A new storage for one registration.
    public func makeStorage() -> any InstanceStorage {
        guard let parent else { return storageFactory() }
        return CompositeStorage([storageFactory(), parent.makeStorage()])
    }

    /// A new instance on every resolve.
    public static let transient = ObjectScope(storageFactory: TransientStorage.init, description: "transient")
    /// One instance per top-level resolve and what it resolves: Swinject's default.
    public static let graph = ObjectScope(storageFactory: GraphStorage.init, description: "graph")
    /// One instance for the registering container, shared with its children.
    public static let container = ObjectScope(storageFactory: PermanentStorage.init, description: "container")
    /// One instance while something holds it, and for the rest of the graph that made it.
    public static let weak = ObjectScope(storageFactory: WeakStorage.init, description: "weak", parent: ObjectScope.graph)
}

extension ObjectScope {
    /// Renamed `transient`.
    @available(*, unavailable, renamed: "transient")
    public static let none = transient
    /// Renamed `container`.
    @available(*, unavailable, renamed: "container")
    public static let hierarchy = container
}

/// Renamed `Resolver`.
@available(*, unavailable, renamed: "Resolver")
public protocol ResolverType {}

/// Renamed `Assembly`.
@available(*, unavailable, renamed: "Assembly")
public protocol AssemblyType {}

/// Renamed `ServiceKeyOption`.
@available(*, unavailable, renamed: "ServiceKeyOption")
public protocol ServiceKeyOptionType {}
