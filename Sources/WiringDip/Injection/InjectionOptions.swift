import Wiring

/// The storage of an ``Injected`` (strong) or ``InjectedWeak`` (weak) wrapper: a reference, so
/// that struct copies, and the copy `Mirror` shows the container, all see one value.
protocol InjectedStorage<Value>: AnyObject {
    associatedtype Value
    var value: Value? { get set }
}

/// The shared storage of Injected.
final class NullableBox<T>: InjectedStorage {
    var value: T?
}

/// The shared storage of InjectedWeak.
final class WeakBox<T>: InjectedStorage {
    private weak var object: AnyObject?

    var value: T? {
        get { object as? T }
        set { object = newValue.map { $0 as AnyObject } }
    }
}

/// What ``Injected`` and ``InjectedWeak`` have in common: their options, and how they store and
/// resolve a value. `wrapper` is the wrapper's name, for messages.
struct InjectionOptions<T> {
    let wrapper: String
    let required: Bool
    let tag: DependencyContainer.Tag?
    let overrideTag: Bool
    let didInject: UncheckedBox<(T) -> Void>

    /// Stores `newValue` in `box`; `nil` on a required wrapper stops the program.
    func assign(_ newValue: T?, to box: some InjectedStorage<T>) {
        if required, newValue == nil {
            fatalError(
                """
                WiringDip: a required \(wrapper)<\(T.self)> cannot be set to nil.
                  property type: \(T.self)
                To fix: declare it optional with \(wrapper)(required: false), or assign a value.
                """
            )
        }
        box.value = newValue
    }

    /// Resolves the value from `container` (with the wrapper's or the instance's tag), stores it
    /// in `box` and calls `didInject`. An optional wrapper logs a failure and stores `nil`.
    func resolve(_ container: DependencyContainer, into box: some InjectedStorage<T>) throws {
        let tag = overrideTag ? tag : container.context?.tag
        let value: T
        do {
            value = try container.resolve(tag: tag)
        } catch  where !required {
            log(.Errors, "WiringDip: the optional \(wrapper)<\(T.self)> stays nil: \(error)")
            box.value = nil
            return
        }
        box.value = value
        didInject.value(value)
    }
}
