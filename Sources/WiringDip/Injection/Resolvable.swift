/// A type whose instances take part in their own resolution: the container calls
/// ``resolveDependencies(_:)`` right after building an instance, and ``didResolveDependencies()``
/// once the whole object graph is built.
///
/// Both methods have empty default implementations, so implement only the one you need.
public protocol Resolvable {
    /// Called right after the container built and stored the instance, before auto-injection and
    /// the definition's property blocks.
    ///
    /// - Parameter container: The container that built the instance.
    func resolveDependencies(_ container: DependencyContainer)

    /// Called when the outermost `resolve` that built the instance finishes, on every instance
    /// built during it, the last built first.
    func didResolveDependencies()
}

extension Resolvable {
    /// Does nothing.
    public func resolveDependencies(_ container: DependencyContainer) {}

    /// Does nothing.
    public func didResolveDependencies() {}
}
