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
    /// `T` must be `Sendable` (a `@MainActor` class is).
    @discardableResult
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        mainActor factory: @escaping @MainActor @Sendable (Resolver) throws -> T
    ) -> Registration<T> {
        register(T.self, tag: tag, lifetime: lifetime, file: file, line: line) { resolver in
            guard isOnMainActorExecutor else { throw IsolationViolation() }
            return try MainActor.assumeIsolated { try factory(resolver) }
        }
    }
}

/// Thrown by a main-actor factory called off the main thread; ``Resolver/failure(_:in:)`` turns
/// it into ``WiringError/Code/isolationMismatch`` for the registration.
struct IsolationViolation: Error {}
