import Wiring

public final class RecipeStore: Sendable {
    static func load() async -> RecipeStore { RecipeStore() }
}

public final class RecipeList: Sendable {
    let store: RecipeStore
    init(store: RecipeStore) { self.store = store }
}

/// A transient's async factory runs on every resolve: a synchronous factory cannot read it.
public struct AsyncReadModule: Module {
    public init() {}
    public var registrations: Registrations {
        transient(RecipeStore.self) { _ async in await RecipeStore.load() }
        transient { r in RecipeList(store: try r.resolve(RecipeStore.self)) }  // expect-error: RecipeStore has an async factory
    }
}
