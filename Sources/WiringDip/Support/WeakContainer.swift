/// A weak reference to a container, for collaborators and definitions.
struct WeakContainer: Sendable {
    weak var container: DependencyContainer?
}
