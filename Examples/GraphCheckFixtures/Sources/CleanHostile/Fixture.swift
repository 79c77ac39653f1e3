import Wiring

// Correct code shaped to tempt a reader into a false error: the check must build it without a
// word, and validation finds it sound.

/// Two nested types with one simple name: not one key declared twice.
public enum Billing {
    public struct Config: Sendable {
        public init() {}
    }
}

public enum Shipping {
    public struct Config: Sendable {
        public init() {}
    }
}

/// A generic type: its parameter's type is not a key.
public struct Box<Value: Sendable>: Sendable {
    public let value: Value
    public init(value: Value) { self.value = value }
}

/// A variadic initializer: its arguments are not one per parameter.
public final class Labels: Sendable {
    public init(_ names: String...) {}
}

/// A struct with a memberwise initializer and one more in an extension.
public struct Mail: Sendable {
    let sender: String
}

extension Mail {
    public init(system: Bool) { self.init(sender: system ? "system" : "user") }
}

/// Inherits its superclass's initializer: the check knows none of its own.
public class Endpoint: @unchecked Sendable {
    public init(path: String) {}
}

public final class HealthEndpoint: Endpoint, @unchecked Sendable {}

/// Loaded asynchronously in the app, built synchronously in previews: two declarations of one
/// key in two modules, so a view model's read of it is not checked against either.
public final class Catalog: Sendable {
    public init() {}
    static func load() async -> Catalog { Catalog() }
}

@MainActor
public final class CatalogViewModel {
    let catalog: Catalog = wired()
    public init() {}
}

public struct HostileModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton(Billing.Config.self) { Billing.Config() }
        singleton(Shipping.Config.self) { Shipping.Config() }
        singleton { r in Box(value: try r.resolve(Billing.Config.self)) }
        transient { Labels("a", "b") }
        singleton { Mail(system: true) }
        singleton { HealthEndpoint(path: "/health") }
    }
}

public struct LiveCatalogModule: Module {
    public init() {}
    public var registrations: Registrations {
        eagerSingleton { await Catalog.load() }
    }
}

public struct PreviewCatalogModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { Catalog() }
    }
}

/// Nonisolated, and read synchronously in an actor's method.
public struct Ledger: Sendable {
    public init() {}
}

/// A `MainActorModule` whose one nonisolated factory says so: read off the main actor, it is
/// not the main-actor read the check reports.
public struct LedgerModule: MainActorModule {
    public init() {}
    public var registrations: Registrations {
        nonisolated.transient { Ledger() }
    }
}

public actor Bookkeeper {
    public init() {}
    public func entry() throws -> Ledger { try resolve() }
}

public func launchPreview() throws -> Container {
    let container = Container()
    try container.install(HostileModule(), PreviewCatalogModule())
    return container
}

public func validateHostile() async -> ValidationReport {
    await Container.validate(
        modules: [HostileModule(), LiveCatalogModule(), LedgerModule()], options: ValidationOptions(dryRun: true))
}
