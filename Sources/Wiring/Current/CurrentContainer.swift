extension Container {
    /// The process-wide container: where ``wired(_:tag:file:line:)``, ``resolve(_:tag:file:line:)``
    /// and the property wrappers resolve when nothing else is current.
    ///
    /// Register the app's services into it once at start-up (usually by installing modules):
    ///
    /// ```swift
    /// try Container.default.install(AppModule())
    /// ```
    ///
    /// Tests should not change it; they make their own container current with
    /// `withContainer(_:operation:)` (or the `WiringTesting` trait), which leaves the default
    /// untouched for tests running in parallel.
    public static let `default` = Container()

    /// The container that call-site injection uses right now: inside a factory, the container
    /// that factory resolves from; else the one made current by the innermost
    /// `withContainer(_:operation:)`; else ``default``. See ``Resolver/current``.
    public static var current: Container { Resolver.current.container }
}

extension Resolver {
    /// The resolver that call-site injection (``wired(_:tag:file:line:)``, ``Wired``,
    /// ``LazyWired``, ``OptionalWired``) uses right now. In order of precedence:
    ///
    /// 1. inside a factory that Wiring is running on this thread: the resolver that factory
    ///    received, so an initializer's `= wired()` default arguments resolve where the factory
    ///    does — from a child container, a scope, or a singleton's own container;
    /// 2. inside `withContainer(_:operation:)`: the container, scope or resolver given to it;
    /// 3. otherwise: ``Container/default``.
    public static var current: Resolver {
        if let frame = ResolutionContext.existing?.frame.pointee, let building = frame.container {
            return Resolver(container: building.takeUnretainedValue(), scope: frame.scope?.takeUnretainedValue())
        }
        return CurrentResolver.value ?? Container.default.resolver
    }
}

/// The task-local storage of the current resolver.
enum CurrentResolver {
    @TaskLocal static var value: Resolver?
}

/// Makes `resolving` — a container, a scope or a resolver — the current container while
/// `operation` runs, for call-site injection (``wired(_:tag:file:line:)``, the property wrappers
/// and the global ``resolve(_:tag:file:line:)``).
///
/// ```swift
/// let test = Container.default.copy()
/// test.register(Clock.self) { _ in FixedClock() }
/// withContainer(test) {
///     let report = ReportBuilder()      // its @Wired clock is the FixedClock
/// }
/// ```
///
/// The container is stored in a task-local value. What sees it:
/// - everything `operation` calls synchronously, and child tasks (`async let`, task groups);
/// - `Task { … }` created inside `operation`: unstructured tasks copy task-local values;
/// - **not** `Task.detached`, and **not** closures that run later on another thread, such as a
///   `DispatchQueue.async` block, a callback stored and called after `operation` returned, or a
///   `Thread`: they see whatever is current where they run, usually ``Container/default``.
///   Carry the container across with `bindingCurrentContainer(_:)` or by capturing
///   `Resolver.current` and calling `withContainer` again inside the closure.
///
/// Inside a factory, `withContainer` takes precedence over the factory's own resolver for the
/// duration of `operation`.
///
/// `resolving` is `any Resolving`, so that a choice between a scope and a container is one
/// value: `withContainer(scope ?? container) { … }`.
public func withContainer<R, E: Error>(
    _ resolving: any Resolving,
    operation: () throws(E) -> R
) throws(E) -> R {
    // Hide the running factory's resolver (if any) for the duration, so that the task-local wins.
    let frame = ResolutionContext.existing?.frame
    let outer = frame?.pointee
    frame?.pointee.container = nil
    frame?.pointee.scope = nil
    defer { if let outer { frame?.pointee = outer } }
    let result: Result<R, E> = CurrentResolver.$value.withValue(resolving.resolver) {
        do throws(E) {
            return .success(try operation())
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// Makes `resolving` the current container while the asynchronous `operation` runs, including
/// in the child tasks it creates; see `withContainer(_:operation:)` for exactly
/// what inherits it.
///
/// ```swift
/// try await withContainer(requestScope) {
///     try await handler.handle(request)   // @Wired properties resolve in the request scope
/// }
/// ```
public func withContainer<R, E: Error>(
    _ resolving: any Resolving,
    operation: () async throws(E) -> R
) async throws(E) -> R {
    let result: Result<R, E> = await CurrentResolver.$value.withValue(resolving.resolver) {
        do throws(E) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// Wraps `body` so that it runs with the container that is current now, wherever and whenever
/// it is called: for `Task.detached`, `DispatchQueue` blocks and stored callbacks, which do not
/// inherit task-local values.
///
/// ```swift
/// queue.async(execute: bindingCurrentContainer {
///     let mailer: Mailer = wired()   // from the container current when the block was made
/// })
/// ```
public func bindingCurrentContainer<R>(_ body: @escaping @Sendable () -> R) -> @Sendable () -> R {
    let resolver = Resolver.current
    return { withContainer(resolver, operation: body) }
}

/// Wraps the asynchronous `body` so that it runs with the container that is current now:
///
/// ```swift
/// Task.detached(operation: bindingCurrentContainer {
///     await indexer.reindex()
/// })
/// ```
public func bindingCurrentContainer<R>(_ body: @escaping @Sendable () async -> R) -> @Sendable () async -> R {
    let resolver = Resolver.current
    return { await withContainer(resolver, operation: body) }
}
