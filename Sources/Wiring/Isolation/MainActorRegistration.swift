extension Container {
    /// Registers a factory that must run on the main actor, such as one that builds a view model
    /// or touches UI state.
    ///
    /// ```swift
    /// container.register(SettingsViewModel.self, lifetime: .singleton, mainActor: { r in
    ///     SettingsViewModel(store: try r.resolve())
    /// })
    /// ```
    ///
    /// Resolving it never traps on isolation:
    /// - from the main actor (or the main thread), `resolve` builds it right there;
    /// - from anywhere, ``Resolving/resolveAsync(_:tag:file:line:)`` hops to the main actor to
    ///   build it (and whatever depends on it), then returns;
    /// - a synchronous `resolve` from another thread throws
    ///   ``WiringError/Code/isolationMismatch`` instead of running the factory off the main actor.
    ///
    /// Once a singleton is built, reading it is a plain cached read from any thread, which is why
    /// `T` must be `Sendable` (a `@MainActor` class is). In a ``Module``, the declarations take
    /// main-actor factories too: `singleton { @MainActor in SessionStore() }`.
    @discardableResult
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        mainActor factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Registration<T> {
        register(T.self, tag: tag, lifetime: lifetime, file: file, line: line, factory: onMainActor(factory))
    }
}

/// `body` as a function that any thread may call: on the main actor's executor it runs `body`
/// in place; anywhere else it throws ``IsolationViolation`` (a resolve's
/// ``WiringError/Code/isolationMismatch``, which `resolveAsync` answers by running the resolve
/// again on the main actor, and the dry run by running the registration there).
///
/// Every main-actor factory, hook and decorator goes through here, so that all of them obey
/// the same rule.
func onMainActor<each A: Sendable, R: Sendable>(
    _ body: @escaping @MainActor @Sendable (repeat each A) throws -> R
) -> @Sendable (repeat each A) throws -> R {
    { (argument: repeat each A) throws -> R in
        guard isOnMainActorExecutor else { throw IsolationViolation() }
        // The checked fact above is what `assumeIsolated` needs; it traps only if it is false.
        return try MainActor.assumeIsolated { try body(repeat each argument) }
    }
}

/// Runs `body` on the main actor: what `resolveAsync` and `startAsync` do with a synchronous
/// build that threw ``WiringError/Code/isolationMismatch`` elsewhere. (`MainActor.run` does not
/// keep the typed error, hence the `Result`.)
func againOnMainActor<T: Sendable>(
    _ body: @escaping @MainActor @Sendable () throws(WiringError) -> T
) async throws(WiringError) -> T {
    let result = await MainActor.run { () -> Result<T, WiringError> in
        do throws(WiringError) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// Thrown by a main-actor factory called off the main thread; ``Resolver/failure(_:in:)`` turns
/// it into ``WiringError/Code/isolationMismatch`` for the registration.
struct IsolationViolation: Error {}
