import Wiring

/// How a test's own container is made: a copy of a base container (by default
/// `Container/default`) or a new container with the given modules, then the test's
/// overrides, which replace registrations.
public struct IsolatedContainerRecipe: Sendable {
    let base: @Sendable () throws -> Container
    let overrides: @Sendable (Container) throws -> Void
    /// Whether it copies a container (`Container.default` unless told otherwise), which is empty
    /// in a test process unless the tests install the app's modules into it: the trait then says so.
    var copies = false

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
        var recipe = Self(base: { base.copy() }, overrides: overrides)
        recipe.copies = true
        return recipe
    }

    /// Installs `modules` into a new container, then applies `overrides`: the app's wiring,
    /// as its `main` would install it, for each test.
    ///
    /// The module values are read by every test that uses the recipe, possibly at once: pass
    /// values (structs), or classes that do not change.
    public static func installing(
        _ modules: any Installable...,
        overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        let modules = ModuleList(modules)
        return installing({ modules.modules }, overrides: overrides)
    }

    /// Installs the modules `modules` makes into a new container, then applies `overrides`.
    public static func installing(
        _ modules: @escaping @Sendable () -> [any Installable],
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

/// Module values captured by a recipe.
struct ModuleList: @unchecked Sendable {
    // @unchecked: a `Module` value is a description of registrations; the recipe only reads its
    // `registrations`, and the documentation of `installing(_:overrides:)` asks for values, or
    // classes that do not change, so concurrent reads from parallel tests are safe.
    let modules: [any Installable]
    init(_ modules: [any Installable]) { self.modules = modules }
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

/// The synchronous form of asynchronous `withIsolatedContainer(_:operation:)`. Disfavoured, so
/// that `try await withIsolatedContainer { … }` in async code picks the async form even when the
/// closure does not await.
@_disfavoredOverload
public func withIsolatedContainer<R>(
    _ recipe: IsolatedContainerRecipe = .copying(),
    operation: (Container) throws -> R
) throws -> R {
    let container = try recipe.makeContainer()
    return try withContainer(container) { try operation(container) }
}
