import Wiring

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
    public var required: Bool { options.required }
    let options: InjectionOptions<T>
    let box: WeakBox<T>

    /// The resolved value; `nil` until the container resolves it.
    ///
    /// Setting `nil` on a required wrapper is a programming error and stops the program.
    public var wrappedValue: T? {
        get { box.value }
        nonmutating set { options.assign(newValue, to: box) }
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
        self.options = InjectionOptions(
            wrapper: "InjectedWeak",
            required: required,
            tag: tag?.dependencyTag,
            overrideTag: overrideTag,
            didInject: UncheckedBox(didInject)
        )
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
        try options.resolve(container, into: box)
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
