/// A type that provides a ``DependencyContainer``.
///
/// Kept from DIKit for source compatibility; the library itself does not use it.
public protocol ContainerContext {
    /// The container this value resolves from.
    var container: DependencyContainer { get }
}

/// A type that defines a ``DependencyContainer``.
///
/// Kept from DIKit for source compatibility; the library itself does not use it. It has the
/// same requirement as ``ContainerContext``.
public protocol DefinesContainer {
    /// The container this value defines.
    var container: DependencyContainer { get }
}
