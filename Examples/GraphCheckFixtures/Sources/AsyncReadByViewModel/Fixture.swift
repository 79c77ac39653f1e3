import Wiring

public actor RecipeStore {
    static func load() async throws -> RecipeStore { RecipeStore() }
}

public protocol RecipeRepository: Sendable {}

public final class LiveRecipeRepository: RecipeRepository {
    let store: RecipeStore
    init(store: RecipeStore) { self.store = store }
}

/// The newcomer trial's app: the repository is an async singleton (it awaits the store, whose
/// type the check reads from the initializer's parameter), and nothing builds it before the view
/// model reads it synchronously.
public struct RecipesModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { _ async throws in try await RecipeStore.load() }
        singleton((any RecipeRepository).self) { r async throws in LiveRecipeRepository(store: try await r.resolveAsync()) }
    }
}

/// The app's launch.
public func launch() throws {
    try Container.default.install(RecipesModule())
}

/// Made by a view, as the app makes it: `wired()` cannot throw, so making it stops the program.
@MainActor
public final class RecipesViewModel {
    private let repository: any RecipeRepository = wired()  // expect-error: any RecipeRepository has an async factory
    public init() {}
}
