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
    private let lock = NSLock()
    private var value: T?
    private var assignedByHand = false
    private var context: (any InjectContext)?

    /// A property resolved on first read.
    public init() {}

    /// The instance: resolved on first read, or the value assigned.
    public var wrappedValue: T {
        get {
            if let value = lock.withLock({ value }) { return value }
            // Resolved without the lock, so that a dependency loop through this property is
            // reported by the engine rather than deadlocking.
            let resolved = inject(T.self, providedBy: lock.withLock { context })
            return lock.withLock {
                if let value { return value }
                value = resolved
                return resolved
            }
        }
        set {
            lock.withLock {
                value = newValue
                assignedByHand = true
            }
        }
    }
}

extension Injected: ContextInjectable {
    func setContext(_ context: any InjectContext) {
        lock.withLock {
            self.context = context
            if !assignedByHand { value = nil }
        }
    }

    func provideManualValue(to environment: InjectionEnvironment) {
        guard let value = lock.withLock({ assignedByHand ? value : nil }) else { return }
        environment.inject(for: T.self, resolver: { value })
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
    private let lock = NSLock()
    private var value: T?
    private var assignedByHand = false
    private var context: (any InjectContext)?

    /// A property resolved on read, `nil` when nothing provides it.
    public init() {}

    /// The instance, or `nil` if nothing can provide it; a value assigned (even `nil`) is
    /// returned as it is.
    public var wrappedValue: T? {
        get {
            let (current, manual, context) = lock.withLock { (value, assignedByHand, self.context) }
            if manual || current != nil { return current }
            guard let resolved = injectIfProvided(for: T.self, providedBy: context) else { return nil }
            return lock.withLock {
                if let value { return value }
                value = resolved
                return resolved
            }
        }
        set {
            lock.withLock {
                value = newValue
                assignedByHand = true
            }
        }
    }
}

extension SafelyInjected: ContextInjectable {
    func setContext(_ context: any InjectContext) {
        lock.withLock {
            self.context = context
            if !assignedByHand { value = nil }
        }
    }

    func provideManualValue(to environment: InjectionEnvironment) {
        guard let value = lock.withLock({ assignedByHand ? value : nil }) else { return }
        environment.inject(for: T.self, resolver: { value })
    }
}
