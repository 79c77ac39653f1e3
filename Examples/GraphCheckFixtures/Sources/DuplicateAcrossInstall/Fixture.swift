import Wiring

public final class Clock: Sendable {
    public init() {}
}

public struct AccountsModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { Clock() }
    }
}

public struct BillingModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { Clock() }  // expect-error: Clock is declared twice
    }
}

/// Installed together, the two modules declare one key twice: `install` throws.
public func launch() throws -> Container {
    let container = Container()
    try container.install(AccountsModule(), BillingModule())
    return container
}
