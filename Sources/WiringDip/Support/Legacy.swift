/// Carries one of Dip's non-`@Sendable` closures or values into the `@Sendable` closures that
/// Wiring's engine requires.
///
/// `@unchecked Sendable`: Dip's API takes plain closures and calls them on whichever thread
/// resolves, as the original did; the facade keeps that legacy contract (stated in
/// <doc:MigratingFromDip>) instead of breaking every call site with `@Sendable`.
struct Legacy<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// A weak reference to a container, for collaborators and definitions.
struct WeakContainer: Sendable {
    weak var container: DependencyContainer?
}
