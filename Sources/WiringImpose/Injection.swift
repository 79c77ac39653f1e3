/// The instance of `type` from `resolver` if given (its errors are ignored), else from
/// ``Injector/shared``.
///
/// - Throws: ``ImposeError`` when neither can provide it.
@inlinable
public func tryInject<T>(_ type: T.Type = T.self, providedBy resolver: (any InjectContext)? = nil) throws -> T {
    if let resolver {
        // The facade's own resolvers are resolved inline, specialized for `T`.
        if let injector = resolver as? InjectResolver {
            if let instance = try? injector.resolveFast(T.self) { return instance }
        } else if let instance = try? resolver.resolve(T.self) {
            return instance
        }
    }
    return try Injector.shared.resolveFast(T.self)
}

/// ``tryInject(_:providedBy:)`` with the label Impose's README uses: `tryInject(for: X.self)`.
@inlinable
public func tryInject<T>(for type: T.Type, providedBy resolver: (any InjectContext)? = nil) throws -> T {
    try tryInject(T.self, providedBy: resolver)
}

/// The instance of `type`, or what `resolve` returns if none can be provided. With a
/// `resolver`, the fallback's own ``Injected`` properties are given that resolver as context.
public func inject<T>(
    _ type: T.Type = T.self,
    providedBy resolver: (any InjectContext)? = nil,
    ifFail resolve: () -> T
) -> T {
    if let instance = try? tryInject(T.self, providedBy: resolver) { return instance }
    let fallback = resolve()
    if let resolver { setInjectContext(resolver, in: fallback) }
    return fallback
}

/// The instance of `type`, or `resolve` if none can be provided.
@inlinable
public func inject<T>(
    _ type: T.Type = T.self,
    providedBy resolver: (any InjectContext)? = nil,
    ifFailUse resolve: @autoclosure () -> T
) -> T {
    inject(T.self, providedBy: resolver, ifFail: resolve)
}

/// The instance of `type`. If none can be provided, the program stops with a message naming the
/// type and how to register it (Impose crashed through `try!`).
///
/// ```swift
/// init(dependency: Dependency = inject(Dependency.self)) { … }
/// ```
///
/// A dependency loop through such default arguments stops with the loop's message instead of
/// overflowing the stack.
@inlinable
public func inject<T>(_ type: T.Type = T.self, providedBy resolver: (any InjectContext)? = nil) -> T {
    do {
        return try tryInject(T.self, providedBy: resolver)
    } catch {
        injectionFailed(T.self, error)
    }
}

/// The instance of `type`, or `nil` if none can be provided.
@inlinable
public func injectIfProvided<T>(for type: T.Type = T.self, providedBy resolver: (any InjectContext)? = nil) -> T? {
    try? tryInject(T.self, providedBy: resolver)
}

/// Stops the program for a failed ``inject(_:providedBy:)``.
@usableFromInline
func injectionFailed<T>(_ type: T.Type, _ error: any Error) -> Never {
    if let impose = error as? ImposeError, impose.isCycle {
        fatalError(
            """
            Impose: cannot inject \(T.self): circular dependency.
              \(impose)
            To fix: let one side read the other lazily with @Injected (or @SafelyInjected) instead of \
            inject() in its initializer.
            """
        )
    }
    fatalError(
        """
        Impose: cannot inject \(T.self).
          \(error)
        To fix: register a provider (Injector.shared.addSingleton(for: \(T.self).self, …)), or use \
        tryInject / injectIfProvided / @SafelyInjected where a missing dependency is expected.
        """
    )
}
