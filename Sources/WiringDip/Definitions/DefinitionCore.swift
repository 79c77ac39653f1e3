/// What the container needs of a definition, whatever its generic parameters.
protocol DefinitionCore: DefinitionType, Sendable, CustomStringConvertible {
    var scope: ComponentScope { get }
    var typeOfArguments: Any.Type { get }
    var numberOfArguments: Int { get }
    /// Whether auto-wiring may use this definition: it takes runtime arguments and has an
    /// auto-wiring factory.
    var canAutoWire: Bool { get }
    /// Whether resolving `type` may be served by this definition through forwarding.
    func doesImplement(_ type: Any.Type) -> Bool
    /// Calls the factory with the runtime-argument tuple.
    func callFactory(_ arguments: Any) throws -> Any
    /// Calls the factory with arguments resolved from `container`, tagged with `tag`.
    func callAutoWiringFactory(_ container: DependencyContainer, tag: DependencyContainer.Tag?) throws -> Any
    /// Returns the instance for the innermost frame of this thread: the reused one if the scope
    /// allows, else a new one, built through the innermost frame's invocation.
    func produce() throws -> Any
    /// Runs this definition's own `resolvingProperties` blocks.
    func runOwnPropertyBlocks(_ instance: Any, container: DependencyContainer) throws
    /// Releases the singleton or weak singleton this definition holds.
    /// Records the container the definition is registered in.
    func attach(to container: DependencyContainer)
}
