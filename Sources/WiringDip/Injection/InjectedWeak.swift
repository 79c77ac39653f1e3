/// The shared storage of InjectedWeak: struct copies, and the copy `Mirror` shows the container,
/// all see one value.
final class WeakBox<T> {
    private weak var object: AnyObject?

    var value: T? {
        get { object as? T }
        set { object = newValue.map { $0 as AnyObject } }
    }
}

/// A property that the container resolves when it builds the instance holding it
/// (auto-injection), held weakly: for class instances, typically to break a cycle.
///
/// ```swift
/// final class ServerImp: Server {
///     @InjectedWeak var client: Client?                    // required
///     @InjectedWeak(required: false) var owner: Owner?     // nil if it cannot be resolved
///     let legacy = InjectedWeak<Client>()                  // the older form, read with .wrappedValue
/// }
/// ```
///
/// The tag the instance is resolved with applies to the property too, unless the wrapper is
/// given its own (`InjectedWeak<Config>(tag: nil)` resolves untagged).
@propertyWrapper
public struct InjectedWeak<T>: AutoInjectedPropertyBox {
    /// The type the wrapper resolves.
    public static var wrappedType: Any.Type { T.self }

    /// Whether a failure to resolve fails the resolve of the instance holding the property.
    public let required: Bool
    let tag: DependencyContainer.Tag?
    let overrideTag: Bool
    let didInject: Legacy<(T) -> Void>
    let box: WeakBox<T>

    /// The resolved value; `nil` until the container resolves it.
    ///
    /// Setting `nil` on a required wrapper is a programming error and stops the program.
    public var wrappedValue: T? {
        get { box.value }
        nonmutating set {
            if required, newValue == nil {
                fatalError(
                    """
                    WiringDip: a required InjectedWeak<\(T.self)> cannot be set to nil.
                      property type: \(T.self)
                    To fix: declare it optional with InjectedWeak(required: false), or assign a value.
                    """
                )
            }
            box.value = newValue
        }
    }

    /// A required wrapper that starts with `initialValue`: `@InjectedWeak var server: Server? = defaultServer`.
    ///
    /// Dip discarded the initial value; it is kept here (the container replaces it when it
    /// injects the property).
    public init(wrappedValue initialValue: T?) {
        self.init(value: initialValue, required: true, tag: nil, overrideTag: false, didInject: { _ in })
    }

    /// A wrapper with every option.
    ///
    /// - Parameters:
    ///   - value: The initial value.
    ///   - required: Whether a failure to resolve fails the resolve of the instance.
    ///   - tag: The tag to resolve with, if `overrideTag` is `true`.
    ///   - overrideTag: Whether to use `tag` rather than the instance's tag.
    ///   - didInject: Called with the value after the container stored it.
    public init(
        value: T?,
        required: Bool = true,
        tag: (any DependencyTagConvertible)?,
        overrideTag: Bool,
        didInject: @escaping (T) -> Void
    ) {
        self.required = required
        self.tag = tag?.dependencyTag
        self.overrideTag = overrideTag
        self.didInject = Legacy(didInject)
        self.box = WeakBox()
        box.value = value
    }

    /// A wrapper that resolves with `tag` if `overrideTag` is `true`, else with the instance's tag.
    ///
    /// - Parameters:
    ///   - required: Whether a failure to resolve fails the resolve of the instance.
    ///   - tag: The tag to resolve with, if `overrideTag` is `true`.
    ///   - overrideTag: Whether to use `tag` rather than the instance's tag.
    ///   - didInject: Called with the value after the container stored it.
    public init(
        required: Bool = true,
        tag: (any DependencyTagConvertible)?,
        overrideTag: Bool,
        didInject: @escaping (T) -> Void = { _ in }
    ) {
        self.init(value: nil, required: required, tag: tag, overrideTag: overrideTag, didInject: didInject)
    }

    /// A wrapper that resolves with the instance's tag: `@InjectedWeak var server: Server?` or
    /// `let server = InjectedWeak<Server>()`.
    ///
    /// - Parameters:
    ///   - required: Whether a failure to resolve fails the resolve of the instance.
    ///   - didInject: Called with the value after the container stored it.
    public init(required: Bool = true, didInject: @escaping (T) -> Void = { _ in }) {
        self.init(value: nil, required: required, tag: nil, overrideTag: false, didInject: didInject)
    }

    /// A wrapper that resolves with `tag`, whatever the instance's tag; `tag: nil` resolves
    /// untagged, so that tagged instances share the value.
    ///
    /// - Parameters:
    ///   - required: Whether a failure to resolve fails the resolve of the instance.
    ///   - tag: The tag to resolve with.
    ///   - didInject: Called with the value after the container stored it.
    public init(required: Bool = true, tag: (any DependencyTagConvertible)?, didInject: @escaping (T) -> Void = { _ in }) {
        self.init(value: nil, required: required, tag: tag, overrideTag: true, didInject: didInject)
    }

    /// Resolves the value from `container` (with the wrapper's or the instance's tag), stores
    /// it and calls `didInject`. An optional wrapper logs a failure and stores `nil`.
    ///
    /// - Parameter container: The container that built the instance.
    /// - Throws: What the resolve threw, if the wrapper is required.
    public func resolve(_ container: DependencyContainer) throws {
        let tag = overrideTag ? tag : container.context?.tag
        let value: T
        do {
            value = try container.resolve(tag: tag)
        } catch  where !required {
            log(.Errors, "WiringDip: the optional InjectedWeak<\(T.self)> stays nil: \(error)")
            box.value = nil
            return
        }
        box.value = value
        didInject.value(value)
    }

    /// The value, under the name Dip 5 used.
    @available(
        *, deprecated, renamed: "wrappedValue",
        message: "Dip 7 renamed `value`: read `wrappedValue`, or declare the property with @InjectedWeak"
    )
    public var value: T? {
        get { wrappedValue }
        nonmutating set { wrappedValue = newValue }
    }
}

@available(*, unavailable, message: "InjectedWeak shares its value through a reference and is not Sendable")
extension InjectedWeak: Sendable {}
