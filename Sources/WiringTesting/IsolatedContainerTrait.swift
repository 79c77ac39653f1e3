import Testing
import Wiring

/// A Swift Testing trait that gives each test its own container: a fresh copy of the app's
/// registrations with the test's overrides, current for everything the test resolves through
/// call-site injection (`wired(_:tag:file:line:)`, `@Wired`, the global `resolve`).
///
/// ```swift
/// @Test(.isolatedContainer { $0.register(Clock.self) { _ in FixedClock(hour: 9) } })
/// func greetsInTheMorning() {
///     #expect(Greeter().greeting == "Good morning")
/// }
///
/// @Suite(.isolatedContainer(modules: { [AppModule()] }))
/// struct CheckoutTests { … }   // every test in the suite gets its own container
/// ```
///
/// - Each test function, and each argument of a parameterized test, gets a new container, so
///   tests running in parallel never see each other's overrides or singletons.
/// - Inside the test, `Container.current` is that container: register further overrides on it.
/// - Applied to a suite, it applies to every test in the suite, recursively.
/// - It does not touch `Container/default` and needs no `#if DEBUG`: it works in
///   release builds too.
public struct IsolatedContainerTrait: TestTrait, SuiteTrait, TestScoping {
    /// How the test's container is made.
    public let recipe: IsolatedContainerRecipe

    /// Applies to every test in a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Scopes each test case (not the suite as a whole), so each gets its own container.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test with its own container current.
    @concurrent public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await withIsolatedContainer(recipe) { _ in try await function() }
    }
}

extension Trait where Self == IsolatedContainerTrait {
    /// Each test gets a copy of `Container/default` (as it is when the test starts),
    /// with no overrides.
    public static var isolatedContainer: Self {
        IsolatedContainerTrait(recipe: .copying())
    }

    /// Each test gets a copy of `base` with `overrides` applied; registrations in `overrides`
    /// replace the copied ones.
    public static func isolatedContainer(
        copying base: Container = .default,
        _ overrides: @escaping @Sendable (Container) throws -> Void
    ) -> Self {
        IsolatedContainerTrait(recipe: .copying(base, overrides: overrides))
    }

    /// Each test gets a new container with the modules `modules` returns installed, then
    /// `overrides` applied.
    public static func isolatedContainer(
        modules: @escaping @Sendable () -> [any Module],
        overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        IsolatedContainerTrait(recipe: .installing(modules, overrides: overrides))
    }
}
