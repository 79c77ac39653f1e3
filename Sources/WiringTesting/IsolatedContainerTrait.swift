public import Testing
public import Wiring

/// A Swift Testing trait that gives each test its own container: a fresh copy of the app's
/// registrations with the test's overrides, current for everything the test resolves through
/// call-site injection (`wired(_:tag:file:line:)`, `@Wired`, the global `resolve`).
///
/// ```swift
/// @Suite(.isolatedContainer(installing: AppModule()))
/// struct CheckoutTests { … }   // every test in the suite gets the app's wiring, its own copy
///
/// @Test(.isolatedContainer(installing: AppModule()) { $0.register(Clock.self) { _ in FixedClock(hour: 9) } })
/// func greetsInTheMorning() {
///     #expect(Greeter().greeting == "Good morning")
/// }
/// ```
///
/// The forms that copy `Container.default` suit tests that install the app's modules into it
/// themselves; in a test process the app's `main` does not run, so `default` is empty. A test
/// whose copied container has no registration at all records an issue that says so.
///
/// - Each test function, and each argument of a parameterized test, gets a new container, so
///   tests running in parallel never see each other's overrides or singletons.
/// - Inside the test, `Container.current` is that container: register further overrides on it.
/// - Applied to a suite, it applies to every test in the suite, recursively.
/// - The container is started as the app's launch starts it: `startAsync()` builds its eager
///   singletons, async ones included, after the overrides and before the test body, so that a
///   view model's `wired()` finds them built. Replace an eager singleton you do not want built
///   in the overrides closure, which runs first; a failing start fails the test with its error.
///   (`withIsolatedContainer` and `WiringTestCase` do not start the container: call
///   `try await Container.current.startAsync()` there.)
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
        let container = try recipe.makeContainer()
        if recipe.copies, !container.hasRegistrations {
            Issue.record(
                """
                .isolatedContainer copied a container that has no registrations, so the test resolves from an empty container. Container.default is empty in a test process: the app's main, which installs its modules, does not run.
                To fix: use .isolatedContainer(installing: AppModule()), or install the app's modules into the copied container before the tests run.
                """
            )
        }
        // As the app's launch does: its eager singletons, async ones included, are built before
        // anything reads them, so a view model's `wired()` finds them.
        try await container.startAsync()
        // A failed `wired()` stops the test process: its message names this test.
        try await RunningTest.$name.withValue("\(test.displayName ?? test.name) at \(test.sourceLocation)") {
            try await withContainer(container) { try await function() }
        }
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
        _ overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        IsolatedContainerTrait(recipe: .copying(base, overrides: overrides))
    }

    /// Each test gets a new container with `modules` installed — the app's wiring, as its
    /// `main` installs it — then `overrides` applied. The form to start with.
    ///
    /// ```swift
    /// @Test(.isolatedContainer(installing: AppModule()) { $0.register(Clock.self) { _ in FixedClock() } })
    /// func greets() throws { … }
    /// ```
    public static func isolatedContainer(
        installing modules: any Installable...,
        overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        let modules = ModuleList(modules)
        return IsolatedContainerTrait(recipe: .installing({ modules.modules }, overrides: overrides))
    }

    /// Each test gets a new container with the modules `modules` returns installed, then
    /// `overrides` applied.
    public static func isolatedContainer(
        modules: @escaping @Sendable () -> [any Installable],
        overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        IsolatedContainerTrait(recipe: .installing(modules, overrides: overrides))
    }
}
