extension DependencyContainer {
    /// Makes a container with the components of all `containers`.
    ///
    /// The new container has fresh singletons: it builds its own instances instead of sharing
    /// those the source containers built. A type and tag registered in two of the containers
    /// stops the program with a message naming it.
    ///
    /// - Parameter containers: The containers to merge, usually modules.
    /// - Returns: A bootstrapped container.
    public static func derive(from containers: DependencyContainer...) -> DependencyContainer {
        derive(from: containers)
    }

    /// Makes a container with the components of all `containers`; the array form of
    /// ``derive(from:)-(DependencyContainer...)``.
    ///
    /// - Parameter containers: The containers to merge, usually modules.
    /// - Returns: A bootstrapped container with fresh singletons.
    public static func derive(from containers: [DependencyContainer]) -> DependencyContainer {
        let context = "merging \(containers.count) containers with derive(from:) or modules { }"
        return DependencyContainer { derived in
            for container in containers {
                for component in container.components {
                    derived.register(component, context: context)
                }
            }
        }
    }
}
