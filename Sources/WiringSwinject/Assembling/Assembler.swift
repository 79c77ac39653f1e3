/// Applies ``Assembly`` values to one container, and gives their resolver.
public final class Assembler {
    private let container: Container

    /// The container the assemblies registered in.
    public var resolver: any Resolver {
        container
    }

    /// An assembler over `container` (a new one unless given).
    public init(container: Container? = Container()) {
        guard let container else {
            fatalError("WiringSwinject: Assembler(container:) was given nil.\nFix: pass a Container, or call Assembler().")
        }
        self.container = container
    }

    /// An assembler over a new container whose parent is `parentAssembler`'s.
    public init(parentAssembler: Assembler?, defaultObjectScope: ObjectScope = .graph, behaviors: [any Behavior] = []) {
        container = Container(parent: parentAssembler?.container, defaultObjectScope: defaultObjectScope, behaviors: behaviors)
    }

    /// Applies `assemblies` to `container`.
    @available(*, deprecated, message: "Use not throwing alternative: init(_:, container:)")
    public convenience init(assemblies: [any Assembly], container: Container? = Container()) throws {
        if let container {
            self.init(assemblies, container: container)
        } else {
            self.init(assemblies)
        }
    }

    /// Applies `assemblies` to `container` (a new one unless given).
    public init(_ assemblies: [any Assembly], container: Container = Container()) {
        self.container = container
        run(assemblies)
    }

    /// Applies `assemblies` to a new container whose parent is `parentAssembler`'s.
    @available(*, deprecated, message: "Use not throwing alternative: init(_:, parent:)")
    public convenience init(assemblies: [any Assembly], parentAssembler: Assembler?) throws {
        self.init(assemblies, parent: parentAssembler)
    }

    /// Applies `assemblies` to a new container whose parent is `parent`'s.
    public init(
        _ assemblies: [any Assembly],
        parent: Assembler?,
        defaultObjectScope: ObjectScope = .graph,
        behaviors: [any Behavior] = []
    ) {
        container = Container(parent: parent?.container, defaultObjectScope: defaultObjectScope, behaviors: behaviors)
        run(assemblies)
    }

    /// Applies `assembly`.
    public func apply(assembly: any Assembly) {
        run([assembly])
    }

    /// Applies `assemblies`, then tells each it was loaded.
    public func apply(assemblies: [any Assembly]) {
        run(assemblies)
    }

    private func run(_ assemblies: [any Assembly]) {
        for assembly in assemblies { assembly.assemble(container: container) }
        for assembly in assemblies { assembly.loaded(resolver: resolver) }
    }
}
