// The main-actor forms of the hooks that take closures, labelled `mainActor:` as
// `Container.register(_:tag:lifetime:file:line:mainActor:)` is: a hook is called on a struct
// that is not a `MainActorDeclaring`, so an overload with the same label could not be ranked
// below the nonisolated form. Like a main-actor factory, the hook runs in place on the main
// actor, and makes a resolve elsewhere throw `isolationMismatch` (which `resolveAsync` answers
// on the main actor).

extension Registration where T: Sendable {
    /// Adds a post-construction hook that runs on the main actor; see ``onResolved(_:)``.
    ///
    /// ```swift
    /// .onResolved(mainActor: { r, model in model.session = try r.resolve() })
    /// ```
    @discardableResult
    public func onResolved(mainActor hook: @escaping @MainActor @Sendable (Resolver, T) throws -> Void) -> Registration<T> {
        onResolved(onMainActor(hook))
    }

    /// Wraps every instance with a decorator that runs on the main actor; see
    /// ``decorated(with:)``.
    @discardableResult
    public func decorated(mainActor decorator: @escaping @MainActor @Sendable (Resolver, T) throws -> T) -> Registration<T> {
        decorated(with: onMainActor(decorator))
    }
}

extension Declaration where T: Sendable {
    /// Adds a post-construction hook that runs on the main actor; see ``onResolved(_:)``.
    public func onResolved(mainActor hook: @escaping @MainActor @Sendable (Resolver, T) throws -> Void) -> Declaration<T> {
        onResolved(onMainActor(hook))
    }

    /// Wraps every instance with a decorator that runs on the main actor; see
    /// ``decorated(with:)``.
    public func decorated(mainActor decorator: @escaping @MainActor @Sendable (Resolver, T) throws -> T) -> Declaration<T> {
        decorated(with: onMainActor(decorator))
    }
}
