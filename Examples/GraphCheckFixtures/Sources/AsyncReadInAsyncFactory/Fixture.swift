import Wiring

public actor Catalog {
    static func load() async -> Catalog { Catalog() }
}

public final class Storefront: Sendable {
    public init(catalog: Catalog) {}
}

/// The storefront's factory is async, yet reads the async catalog with the synchronous
/// `r.resolve`: that throws until something has built the catalog, and nothing has.
public struct StoreModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { await Catalog.load() }
        singleton { r async throws in Storefront(catalog: try r.resolve()) }  // expect-error: Catalog has an async factory
    }
}
