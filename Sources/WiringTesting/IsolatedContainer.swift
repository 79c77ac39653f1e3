import Wiring

/// How a test's own container is made: a copy of a base container (by default
/// `Container/default`) or a new container with the given modules, then the test's
/// overrides, which replace registrations.
public struct IsolatedContainerRecipe: Sendable {
    let base: @Sendable () throws -> Container
    let overrides: @Sendable (Container) throws -> Void

    /// A recipe that builds the container with `base` and then applies `overrides`.
    public init(
        base: @escaping @Sendable () throws -> Container,
        overrides: @escaping @Sendable (Container) throws -> Void
    ) {
        self.base = base
        self.overrides = overrides
    }

    /// A fresh container for one test.
    public func makeContainer() throws -> Container {
        let container = try base()
        try overrides(container)
        return container
    }

    /// Copies `base` as it is when the test starts, then applies `overrides`.
    public static func copying(
        _ base: Container = .default,
        overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        Self(base: { base.copy() }, overrides: overrides)
    }

    /// Installs the modules `modules` makes into a new container, then applies `overrides`.
    public static func installing(
        _ modules: @escaping @Sendable () -> [any Module],
        overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        Self(
            base: {
                let container = Container()
                try container.install(modules())
                return container
            },
            overrides: overrides
        )
    }
}

/// Runs `operation` with a container of its own, made by `recipe`, as the current container
/// (see `withContainer(_:operation:)`): the building block of the Swift
/// Testing trait and the XCTest base class, usable in any test framework.
///
/// ```swift
/// try await withIsolatedContainer(.copying(overrides: { $0.register(Clock.self) { _ in FixedClock() } })) { container in
///     #expect(ReportBuilder().clock is FixedClock)
/// }
/// ```
public func withIsolatedContainer<R>(
    _ recipe: IsolatedContainerRecipe = .copying(),
    operation: (Container) async throws -> R
) async throws -> R {
    let container = try recipe.makeContainer()
    return try await withContainer(container) { try await operation(container) }
}

/// The synchronous form of asynchronous `withIsolatedContainer(_:operation:)`.
public func withIsolatedContainer<R>(
    _ recipe: IsolatedContainerRecipe = .copying(),
    operation: (Container) throws -> R
) throws -> R {
    let container = try recipe.makeContainer()
    return try withContainer(container) { try operation(container) }
}
