/// A type that can build itself from a container.
///
/// Declared for source compatibility: like the original library, WiringDIContainer does not
/// call it. Conforming types can use it in their own factories:
///
/// ```swift
/// container.register(type: Settings.self, lazySingleton: { c in Settings(container: c) })
/// ```
public protocol DIInitializable {
    /// Builds an instance from the dependencies in `container`, or fails with `nil`.
    ///
    /// - Parameter container: The container to resolve dependencies from.
    init?(container: any DIContainerProtocol)
}
