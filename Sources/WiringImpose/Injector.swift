import Dispatch
public import Foundation
import Wiring

/// The main provider of dependencies: register providers here, resolve them with
/// ``inject(_:providedBy:)``, ``Injected`` or ``SafelyInjected``.
///
/// ```swift
/// Injector.shared.addSingleton(for: Dependency.self, SomeDependency())
/// Injector.shared.addTransient(for: [Service.self, Logger.self]) { ServiceImpl() }
/// ```
///
/// Every registration method returns the injector, for chaining. Registering a type again
/// replaces its provider. A provider registered for several types is one provider: they share
/// its singleton.
///
/// `resolveOn:` names the queue the factory runs on. Its default is the main queue when you
/// register from the main thread and none otherwise, as in Impose. Resolving from another
/// thread then runs the factory synchronously on that queue; the queue is recognised by a
/// queue-specific token, which also works on Linux.
public final class Injector: InjectResolver, @unchecked Sendable {
    // @unchecked: no state beyond InjectResolver's.

    private static let defaultInjector = Injector()
    private static let switched = Lock<Injector?>(nil)

    @TaskLocal private static var taskInjector: Injector?

    /// The injector that `inject`, `@Injected` and `@SafelyInjected` use by default: the one
    /// set with ``switchInjector(to:)``, or the default injector. Inside
    /// `withShared(_:operation:)`, the injector given there.
    public static var shared: Injector {
        taskInjector ?? switched.withLock { $0 } ?? defaultInjector
    }

    /// Makes `newInjector` the shared injector for the whole process.
    public static func switchInjector(to newInjector: Injector) {
        switched.withLock { $0 = newInjector }
    }

    /// Makes the default injector the shared injector again.
    public static func switchToDefaultInjector() {
        switched.withLock { $0 = nil }
    }

    /// Makes `injector` the shared injector for `operation` and the tasks it starts only: the way
    /// for tests running in parallel to use different injectors (an addition to Impose's API;
    /// ``switchInjector(to:)`` changes it for the whole process).
    public static func withShared<R>(_ injector: Injector, operation: () throws -> R) rethrows -> R {
        try $taskInjector.withValue(injector, operation: operation)
    }

    /// The asynchronous form of `withShared(_:operation:)`.
    public static func withShared<R>(_ injector: Injector, operation: () async throws -> R) async rethrows -> R {
        try await $taskInjector.withValue(injector, operation: operation)
    }

    /// Creates an injector with no providers.
    public override init() {}

    /// Removes the provider registered for `type`.
    ///
    /// - Returns: Whether there was one.
    @discardableResult
    public func removeResolver<T>(of type: T.Type) -> Bool {
        remove(T.self)
    }

    /// The instance of `type`; see ``InjectResolver/resolve(_:)``.
    public override func resolve<T>(_ type: T.Type) throws -> T {
        try super.resolve(type)
    }

    /// Lets `moduleProvider` register its providers into this injector.
    public func provide(using moduleProvider: any ModuleProvider) {
        moduleProvider.provide(for: self)
    }

    /// The default of `resolveOn:`: the main queue when called on the main thread, else none.
    @usableFromInline
    static var registrationQueue: DispatchQueue? {
        Thread.isMainThread ? .main : nil
    }

    @discardableResult
    private func add<T>(
        _ kind: ProviderKind,
        _ types: [Any.Type],
        _ queue: DispatchQueue?,
        _ factory: @escaping () -> T
    ) -> Self {
        add(Provider(container: container, kind: kind, queue: queue, factory: factory), for: types)
        return self
    }

    // MARK: Singleton

    /// Registers a singleton provider for `anyType`: `resolver` runs once, on first use.
    @discardableResult
    public func addSingleton<T>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        resolver: @escaping () -> T
    ) -> Self {
        add(.singleton, [anyType], queue, resolver)
    }

    /// Registers one singleton provider for all of `anyTypes`: they share the instance.
    @discardableResult
    public func addSingleton<T>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        resolver: @escaping () -> T
    ) -> Self {
        add(.singleton, anyTypes, queue, resolver)
    }

    /// Registers a singleton provider for `anyType`, built from an autoclosure.
    @discardableResult
    public func addSingleton<T>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        add(.singleton, [anyType], queue, resolver)
    }

    /// Registers one singleton provider for all of `anyTypes`, built from an autoclosure.
    @discardableResult
    public func addSingleton<T>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        add(.singleton, anyTypes, queue, resolver)
    }

    // MARK: Transient

    /// Registers a transient provider for `anyType`: `resolver` runs on every injection.
    @discardableResult
    public func addTransient<T>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        resolver: @escaping () -> T
    ) -> Self {
        add(.transient, [anyType], queue, resolver)
    }

    /// Registers one transient provider for all of `anyTypes`.
    @discardableResult
    public func addTransient<T>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        resolver: @escaping () -> T
    ) -> Self {
        add(.transient, anyTypes, queue, resolver)
    }

    /// Registers a transient provider for `anyType`, from an autoclosure.
    @discardableResult
    public func addTransient<T>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        add(.transient, [anyType], queue, resolver)
    }

    /// Registers one transient provider for all of `anyTypes`, from an autoclosure.
    @discardableResult
    public func addTransient<T>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        add(.transient, anyTypes, queue, resolver)
    }

    // MARK: Weak singleton

    /// Registers a weak singleton provider for `anyType`: one instance while anyone holds it,
    /// built again once it is released.
    @discardableResult
    public func addWeakSingleton<T: AnyObject>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        resolver: @escaping () -> T
    ) -> Self {
        add(.weakSingleton, [anyType], queue, resolver)
    }

    /// Registers one weak singleton provider for all of `anyTypes`.
    @discardableResult
    public func addWeakSingleton<T: AnyObject>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        resolver: @escaping () -> T
    ) -> Self {
        add(.weakSingleton, anyTypes, queue, resolver)
    }

    /// Registers a weak singleton provider for `anyType`, from an autoclosure.
    @discardableResult
    public func addWeakSingleton<T: AnyObject>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        add(.weakSingleton, [anyType], queue, resolver)
    }

    /// Registers one weak singleton provider for all of `anyTypes`, from an autoclosure.
    @discardableResult
    public func addWeakSingleton<T: AnyObject>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = Injector.registrationQueue,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        add(.weakSingleton, anyTypes, queue, resolver)
    }
}

/// A module that registers its own providers: pass it to ``Injector/provide(using:)``.
public protocol ModuleProvider {
    /// Registers the module's providers into `injector`.
    func provide(for injector: Injector)
}
