import Wiring

public actor Vault {
    static func unlock() async -> Vault { Vault() }
}

public final class Statements: Sendable {
    public init(vault: Vault) {}
}

/// `autowire` resolves the initializer's parameters synchronously: the async vault is not built.
public struct BankModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { await Vault.unlock() }
        autowire(Statements.init(vault:))  // expect-error: autowire resolves Statements's parameters synchronously
    }
}
