/// A group of registrations that a container installs: the unit in which an app declares its
/// wiring, one module per feature or layer.
///
/// ```swift
/// struct PersistenceModule: Module {
///     let url: String
///
///     var registrations: Registrations {
///         singleton(Database.self) { try Database(url: url) }
///         transient { r in UserRepository(database: try r.resolve()) }
///         if url.hasPrefix("sqlite::memory:") {
///             singleton(tag: Seeds.demo) { DemoSeed() }
///         }
///     }
/// }
///
/// try container.install(PersistenceModule(url: "sqlite::memory:"), NetworkModule())
/// ```
///
/// `registrations` is a ``RegistrationsBuilder`` body: declarations (`singleton { … }`,
/// `transient { … }` and the other lifetimes), other modules (nested), `if`,
/// `if let`, `switch` and `for`. Nothing is built when a module is installed; the order in which
/// modules are installed does not matter, because registrations refer to each other only by type.
///
/// A module's metatype is `Sendable` (`SendableMetatype`), so that a module written in an app
/// target with default main-actor isolation stays nonisolated: installed, validated and used in
/// tests from any context, with no `nonisolated` on it. Its factories that build main-actor
/// types run on the main actor when they say so: `singleton { @MainActor in SessionStore() }`
/// (see ``MainActorDeclaring``).
///
/// In an app target, where most factories build main-actor types, ``MainActorModule`` declares
/// them without the marker.
public protocol Module: Installable, RegistrationDeclaring {}

/// What ``Container/install(_:)``, `validate(modules:)` and the test traits
/// take: a ``Module`` or a ``MainActorModule``. The two differ only in the isolation their
/// unmarked synchronous factories get; `[any Module]` converts to `[any Installable]`.
public protocol Installable: SendableMetatype {
    /// The module's registrations, in declaration order.
    @RegistrationsBuilder var registrations: Registrations { get }
}

/// An ordered list of declarations: what a ``Module`` body builds. It is a module itself, so a
/// group of registrations can be written inline; outside a module, the declarations are reached
/// through the closure's parameter:
///
/// ```swift
/// try container.install(Registrations {
///     $0.singleton { Clock() }
///     $0.transient { r in Report(clock: try r.resolve()) }
/// })
/// ```
public struct Registrations: Module {
    let declarations: [AnyDeclaration]

    init(_ declarations: [AnyDeclaration]) { self.declarations = declarations }

    /// Builds a list of modules with the ``RegistrationsBuilder`` DSL: `Registrations { LoggingModule() }`.
    public init(@RegistrationsBuilder _ content: () -> Registrations) {
        self = content()
    }

    /// Builds a list of declarations inline, outside a module, through the declarations'
    /// namespace it is given: `Registrations { $0.singleton { Clock() } }`.
    public init(@RegistrationsBuilder _ content: (Declarations) -> Registrations) {
        self = content(Declarations())
    }

    /// The declarations (`singleton`, `transient`, …) for an inline list, given to the closure
    /// of the initializer that takes one.
    public struct Declarations: RegistrationDeclaring, Sendable {}

    /// The list itself. (The explicit `return` keeps the protocol's result builder, which this
    /// property would otherwise inherit, from wrapping `self` in itself forever.)
    public var registrations: Registrations { return self }
}

/// The result builder of ``Installable/registrations``: collects declarations and nested modules, with
/// `if`, `if let`, `switch` and `for`.
@resultBuilder
public enum RegistrationsBuilder {
    /// A declaration such as `singleton { … }`.
    public static func buildExpression<T>(_ declaration: Declaration<T>) -> Registrations {
        Registrations([declaration.erased])
    }

    /// A nested module: its registrations are included where it appears.
    public static func buildExpression(_ module: some Installable) -> Registrations {
        Registrations(module.registrations.declarations.map { $0.made(by: module) })
    }

    /// Statements in sequence.
    public static func buildBlock(_ parts: Registrations...) -> Registrations {
        Registrations(parts.flatMap(\.declarations))
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildOptional(_ part: Registrations?) -> Registrations {
        part ?? Registrations([])
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: Registrations) -> Registrations { part }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: Registrations) -> Registrations { part }

    /// A `for` loop.
    public static func buildArray(_ parts: [Registrations]) -> Registrations {
        Registrations(parts.flatMap(\.declarations))
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: Registrations) -> Registrations { part }
}
