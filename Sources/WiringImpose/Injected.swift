import Foundation

/// A property resolved on its first read — from its object's ``InjectionEnvironment`` if it has
/// one, else from ``Injector/shared`` — and kept. Reading lazily is what lets two objects that
/// need each other be built.
///
/// ```swift
/// final class Screen {
///     @Injected var dependency: Dependency
/// }
/// ```
///
/// Assigning a value by hand replaces the injected one, and an environment derived from the
/// object (``InjectionEnvironment/fromObject(_:for:)``) provides it. If nothing can provide the
/// type, the read stops the program with a message that names it and says how to fix it.
@propertyWrapper
public final class Injected<T> {
    private let slot = InjectionSlot<T>()

    /// A property resolved on first read.
    public init() {}

    /// The instance: resolved on first read, or the value assigned.
    public var wrappedValue: T {
        get {
            if let value = slot.current.value { return value }
            // Resolved without the lock, so that a dependency loop through this property is
            // reported by the engine rather than deadlocking.
            return slot.keep(inject(T.self, providedBy: slot.current.context))
        }
        set { slot.assign(newValue) }
    }
}

/// A property resolved on read like ``Injected``, but `nil` — and retried on the next read —
/// when nothing can provide its type.
///
/// ```swift
/// final class Screen {
///     @SafelyInjected var analytics: Analytics?
/// }
/// ```
@propertyWrapper
public final class SafelyInjected<T> {
    private let slot = InjectionSlot<T>()

    /// A property resolved on read, `nil` when nothing provides it.
    public init() {}

    /// The instance, or `nil` if nothing can provide it; a value assigned (even `nil`) is
    /// returned as it is.
    public var wrappedValue: T? {
        get {
            let current = slot.current
            if current.assignedByHand || current.value != nil { return current.value }
            return injectIfProvided(for: T.self, providedBy: current.context).map(slot.keep)
        }
        set { slot.assign(newValue) }
    }
}

extension Injected: ContextInjectable {
    func setContext(_ context: any InjectContext) { slot.setContext(context) }
    func provideManualValue(to environment: InjectionEnvironment) { slot.provideManualValue(to: environment) }
}

extension SafelyInjected: ContextInjectable {
    func setContext(_ context: any InjectContext) { slot.setContext(context) }
    func provideManualValue(to environment: InjectionEnvironment) { slot.provideManualValue(to: environment) }
}

/// The state both wrappers share: the value, whether it was assigned by hand, and the context
/// to resolve from, behind one lock.
final class InjectionSlot<T> {
    struct State {
        var value: T?
        var assignedByHand = false
        var context: (any InjectContext)?
    }

    private let lock = NSLock()
    private var state = State()

    var current: State { lock.withLock { state } }

    /// Keeps `resolved` unless another thread stored a value first; returns the kept value.
    func keep(_ resolved: T) -> T {
        lock.withLock {
            if let value = state.value { return value }
            state.value = resolved
            return resolved
        }
    }

    func assign(_ value: T?) {
        lock.withLock {
            state.value = value
            state.assignedByHand = true
        }
    }

    /// Resolves from `context` from now on, dropping a value that was injected (not assigned).
    func setContext(_ context: any InjectContext) {
        lock.withLock {
            state.context = context
            if !state.assignedByHand { state.value = nil }
        }
    }

    /// Registers the value assigned by hand, if any, as a singleton of `environment`.
    func provideManualValue(to environment: InjectionEnvironment) {
        let current = self.current
        guard current.assignedByHand, let value = current.value else { return }
        environment.inject(for: T.self, resolver: { value })
    }
}
