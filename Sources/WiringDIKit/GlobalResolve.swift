/// Resolves the component of type `T` (registered with `tag`) from
/// ``DependencyContainer/shared``.
///
/// The usual form of constructor injection: `init(backend: BackendProtocol = resolve())`.
/// Nothing registered, a circular dependency, or no root container stops the program with a
/// message.
///
/// - Parameter tag: The tag the component was registered with, or `nil`.
/// - Returns: The instance.
@inlinable
public func resolve<T>(tag: AnyHashable? = nil) -> T {
    DependencyContainer.shared.resolve(tag: tag)
}

/// Resolves the component of type `T` (registered with `tag`) from
/// ``DependencyContainer/shared``, or gives `nil` when nothing is registered for it.
///
/// A circular dependency, or no root container, still stops the program with a message.
///
/// - Parameter tag: The tag the component was registered with, or `nil`.
/// - Returns: The instance, or `nil`.
@inlinable
public func resolveOptional<T>(tag: AnyHashable? = nil) -> T? {
    DependencyContainer.shared.resolveOptional(tag: tag)
}
