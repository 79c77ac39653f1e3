/// Resolves a dependency from ``DependencyContainer/shared`` when the enclosing object is
/// initialised.
///
/// ```swift
/// final class Backend: BackendProtocol {
///     @Inject var network: NetworkProtocol
///     @Inject(tag: StorageContext.systemdata) var storage: LocalStorageProtocol
/// }
/// ```
///
/// Nothing registered stops the program with a message, at initialisation.
@propertyWrapper
public struct Inject<Component> {
    /// The resolved instance.
    public let wrappedValue: Component

    /// Resolves the untagged component of type `Component`.
    public init() {
        wrappedValue = DependencyContainer.shared.resolve()
    }

    /// Resolves the component of type `Component` registered with `tag`.
    ///
    /// - Parameter tag: The tag the component was registered with, or `nil`.
    public init(tag: AnyHashable? = nil) {
        wrappedValue = DependencyContainer.shared.resolve(tag: tag)
    }
}

extension Inject: Sendable where Component: Sendable {}

/// Resolves a dependency from ``DependencyContainer/shared`` on first read, then keeps it.
///
/// ```swift
/// final class FirstViewController {
///     @LazyInject var backend: BackendProtocol
/// }
/// ```
///
/// Being lazy, it can break a circular dependency. Nothing registered stops the program with a
/// message, at the first read. The root container is the one current at that read.
@propertyWrapper
public enum LazyInject<Component> {
    /// Not read yet: the closure resolves the instance.
    case unresolved(() -> Component)
    /// Read: the instance.
    case resolved(Component)

    /// Resolves the untagged component of type `Component` on first read.
    public init() {
        self = .unresolved { DependencyContainer.shared.resolve() }
    }

    /// Resolves the component of type `Component` registered with `tag` on first read.
    ///
    /// - Parameter tag: The tag the component was registered with, or `nil`.
    public init(tag: AnyHashable? = nil) {
        self = .unresolved { DependencyContainer.shared.resolve(tag: tag) }
    }

    /// The instance: resolved on the first read, then the same one.
    public var wrappedValue: Component {
        mutating get {
            switch self {
            case .resolved(let value):
                return value
            case .unresolved(let resolve):
                let value = resolve()
                self = .resolved(value)
                return value
            }
        }
    }
}

// Not Sendable: the unresolved case holds DIKit's non-Sendable closure, and reading mutates.
@available(*, unavailable)
extension LazyInject: Sendable {}

/// Resolves a dependency from ``DependencyContainer/shared`` on first read, or gives `nil`
/// when nothing is registered for it; either result is kept.
///
/// ```swift
/// final class FirstViewController {
///     @OptionalInject var stopwatch: StopWatchProtocol?
/// }
/// ```
@propertyWrapper
public enum OptionalInject<Component> {
    /// Not read yet: the closure resolves the instance, or gives `nil`.
    case unresolved(() -> Component?)
    /// Read: the instance, or `nil`.
    case resolved(Component?)

    /// Resolves the untagged component of type `Component` on first read.
    public init() {
        self = .unresolved { resolveOptional() }
    }

    /// Resolves the component of type `Component` registered with `tag` on first read.
    ///
    /// - Parameter tag: The tag the component was registered with, or `nil`.
    public init(tag: AnyHashable? = nil) {
        self = .unresolved { resolveOptional(tag: tag) }
    }

    /// The instance, or `nil` when nothing is registered: resolved on the first read, then kept
    /// (`nil` included).
    public var wrappedValue: Component? {
        mutating get {
            switch self {
            case .resolved(let value):
                return value
            case .unresolved(let resolve):
                let value = resolve()
                self = .resolved(value)
                return value
            }
        }
    }
}

// Not Sendable: the unresolved case holds DIKit's non-Sendable closure, and reading mutates.
@available(*, unavailable)
extension OptionalInject: Sendable {}
