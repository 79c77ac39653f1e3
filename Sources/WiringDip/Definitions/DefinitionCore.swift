import Wiring

/// What the container needs of a definition, whatever its generic parameters.
protocol DefinitionCore: DefinitionType, Sendable, CustomStringConvertible {
    var scope: ComponentScope { get }
    var typeOfArguments: Any.Type { get }
    var numberOfArguments: Int { get }
    /// For a forwarding definition: the definition it forwards to.
    var forwardsTo: (any DefinitionCore)? { get }
    /// Whether auto-wiring may use this definition: it takes runtime arguments and has an
    /// auto-wiring factory.
    var canAutoWire: Bool { get }
    /// Whether resolving `type` may be served by this definition through forwarding.
    func doesImplement(_ type: Any.Type) -> Bool
    /// Records that a definition forwards `type` to this one (to the one it forwards to, for a
    /// forwarding definition).
    func addImplementingType(_ type: Any.Type)
    /// Calls the factory with the runtime-argument tuple.
    func callFactory(_ arguments: Any) throws -> Any
    /// The instance for the innermost frame of this thread, from `container`'s engine: the
    /// cached one if the scope allows, else a new one built through the frame's invocation.
    func produce(in container: DependencyContainer, tag: DependencyContainer.Tag?) throws -> Any
    /// Registers in `engine` the registration that builds and caches this definition's
    /// instances resolved with `tag` (the registered tag, or an ``InstanceTag``).
    func register(in engine: Container, tag: (any Hashable & Sendable)?)
    /// Removes from `engine` the registrations made for `tags`.
    func remove(from engine: Container, tags: [InstanceTag])
    /// Runs this definition's own `resolvingProperties` blocks.
    func runOwnPropertyBlocks(_ instance: Any, container: DependencyContainer) throws
    /// Records the container the definition is registered in.
    func attach(to container: DependencyContainer)
}

/// The engine tag of a definition's instances resolved with a tag other than the one it is
/// registered under (the untagged fallback, forwarding, auto-wiring): Dip keeps instances per
/// requested tag. `serial` makes every such registration a key never used before.
struct InstanceTag: Hashable, Sendable {
    let requested: DependencyContainer.Tag?
    let definition: ObjectIdentifier
    let serial: Int
}
