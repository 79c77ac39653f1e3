/// Collects the components of a ``module(makeChildren:)`` body.
///
/// Each line is a ``single(factory:)`` or ``factory(factory:)`` call (or a
/// ``resolvable(lifetime:_:)`` component). New in the facade: `if`, `if`/`else`, `switch`,
/// `for` and `if #available` work in the body.
@resultBuilder
public struct ModuleBuilder {
    /// Joins the components of the body's lines.
    public static func buildBlock(_ children: [any ComponentProtocol]...) -> [any ComponentProtocol] {
        children.flatMap { $0 }
    }

    /// The components of a body with one line.
    public static func buildBlock(_ component: [any ComponentProtocol]) -> [any ComponentProtocol] {
        component
    }

    /// A line that gives components, such as `single { … }`.
    public static func buildExpression(_ components: [any ComponentProtocol]) -> [any ComponentProtocol] {
        components
    }

    /// A line that gives one component, such as `resolvable { … }`: new in the facade.
    public static func buildExpression(_ component: any ComponentProtocol) -> [any ComponentProtocol] {
        [component]
    }

    /// An `if` without `else`: its components when the condition holds, none otherwise.
    public static func buildOptional(_ component: [any ComponentProtocol]?) -> [any ComponentProtocol] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [any ComponentProtocol]) -> [any ComponentProtocol] {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [any ComponentProtocol]) -> [any ComponentProtocol] {
        component
    }

    /// A `for` loop: the components of every iteration, in order.
    public static func buildArray(_ components: [[any ComponentProtocol]]) -> [any ComponentProtocol] {
        components.flatMap { $0 }
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ component: [any ComponentProtocol]) -> [any ComponentProtocol] {
        component
    }
}

/// Collects the containers of a ``modules(makeChildren:)`` body.
///
/// Each line is a container, usually a static member written as `.backend`. New in the
/// facade: `if`, `if`/`else`, `switch` and `for` work in the body.
@resultBuilder
public struct ModulesBuilder {
    /// Joins the containers of the body's lines (DIKit's form, kept for source compatibility).
    public static func buildBlock(_ children: DependencyContainer...) -> [DependencyContainer] {
        children
    }

    /// The container of a body with one line (DIKit's form, kept for source compatibility).
    public static func buildBlock(_ component: DependencyContainer) -> [DependencyContainer] {
        [component]
    }

    /// Joins the containers of the body's lines.
    public static func buildBlock(_ children: [DependencyContainer]...) -> [DependencyContainer] {
        children.flatMap { $0 }
    }

    /// A line that gives a container, such as `.backend` or `module { … }`.
    public static func buildExpression(_ container: DependencyContainer) -> [DependencyContainer] {
        [container]
    }

    /// An `if` without `else`: its containers when the condition holds, none otherwise.
    public static func buildOptional(_ component: [DependencyContainer]?) -> [DependencyContainer] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [DependencyContainer]) -> [DependencyContainer] {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [DependencyContainer]) -> [DependencyContainer] {
        component
    }

    /// A `for` loop: the containers of every iteration, in order.
    public static func buildArray(_ components: [[DependencyContainer]]) -> [DependencyContainer] {
        components.flatMap { $0 }
    }
}

/// Makes a container from the components its body lists.
///
/// ```swift
/// extension DependencyContainer {
///     static let app = module {
///         single { AppState() as AppStateProtocol }
///         factory { StopWatch() as StopWatchProtocol }
///     }
/// }
/// ```
///
/// A type and tag listed twice stops the program with a message.
///
/// - Parameter makeChildren: The body: `single`, `factory`, `if` and `for` lines.
/// - Returns: A bootstrapped container.
public func module(@ModuleBuilder makeChildren: () -> [any ComponentProtocol]) -> DependencyContainer {
    let children = makeChildren()
    return DependencyContainer { container in
        for child in children { container.register(child) }
    }
}

/// Makes a container with the components of the containers its body lists: the DSL form of
/// ``DependencyContainer/derive(from:)-(DependencyContainer...)``.
///
/// ```swift
/// DependencyContainer.defined(by: modules { .backend; .network; .app })
/// ```
///
/// The result has fresh singletons, not shared with the listed containers. A type and tag in
/// two of them stops the program with a message.
///
/// - Parameter makeChildren: The body: one container per line.
/// - Returns: A bootstrapped container.
public func modules(@ModulesBuilder makeChildren: () -> [DependencyContainer]) -> DependencyContainer {
    DependencyContainer.derive(from: makeChildren())
}

/// A singleton component of type `T` without a tag, for a ``module(makeChildren:)`` body.
///
/// - Parameter factory: Builds the instance on first resolve; cast to register a protocol:
///   `single { Backend() as BackendProtocol }`.
/// - Returns: The component, as a one-element list.
public func single<T>(factory: @escaping () -> T) -> [any ComponentProtocol] {
    [Component(lifetime: .singleton, tag: nil, make: factory)]
}

/// A singleton component of type `T` under `tag`, for a ``module(makeChildren:)`` body.
///
/// - Parameters:
///   - tag: Distinguishes several components of one type.
///   - factory: Builds the instance on first resolve.
/// - Returns: The component, as a one-element list.
public func single<T>(tag: AnyHashable, factory: @escaping () -> T) -> [any ComponentProtocol] {
    [Component(lifetime: .singleton, tag: tag, make: factory)]
}

/// A component of type `T` without a tag that builds a new instance for every resolve, for a
/// ``module(makeChildren:)`` body.
///
/// - Parameter factory: Builds an instance.
/// - Returns: The component, as a one-element list.
public func factory<T>(factory: @escaping () -> T) -> [any ComponentProtocol] {
    [Component(lifetime: .factory, tag: nil, make: factory)]
}

/// A component of type `T` under `tag` that builds a new instance for every resolve, for a
/// ``module(makeChildren:)`` body.
///
/// - Parameters:
///   - tag: Distinguishes several components of one type.
///   - factory: Builds an instance.
/// - Returns: The component, as a one-element list.
public func factory<T>(tag: AnyHashable, factory: @escaping () -> T) -> [any ComponentProtocol] {
    [Component(lifetime: .factory, tag: tag, make: factory)]
}

/// A component of type `T` without a tag, for ``DependencyContainer/register(_:)`` (and, new
/// in the facade, as a line of a ``module(makeChildren:)`` body).
///
/// - Parameters:
///   - lifetime: ``Lifetime/singleton`` (the default) or ``Lifetime/factory``.
///   - factory: Builds the instance.
/// - Returns: The component.
public func resolvable<T>(lifetime: Lifetime = .singleton, _ factory: @escaping () -> T) -> any ComponentProtocol {
    Component(lifetime: lifetime, tag: nil, make: factory)
}

/// A component of type `T` under `tag`, for ``DependencyContainer/register(_:)``.
///
/// - Parameters:
///   - lifetime: ``Lifetime/singleton`` (the default) or ``Lifetime/factory``.
///   - tag: Distinguishes several components of one type.
///   - factory: Builds the instance.
/// - Returns: The component.
public func resolvable<T>(lifetime: Lifetime = .singleton, tag: AnyHashable, _ factory: @escaping () -> T) -> any ComponentProtocol {
    Component(lifetime: lifetime, tag: tag, make: factory)
}
