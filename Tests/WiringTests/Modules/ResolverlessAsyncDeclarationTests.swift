import Testing
import Wiring

/// Loaded asynchronously, as an app's store is.
private actor RecipeStore {
    static func load() async throws -> RecipeStore { RecipeStore() }
}

/// Main-actor state built by an async main-actor factory.
@MainActor
private final class SessionStore {
    static var built = 0
    static func restore() async -> SessionStore {
        built += 1
        return SessionStore()
    }
}

private protocol Extension: Sendable {}
private struct AuthExtension: Extension {}

@Suite("Declarations whose factory takes no resolver")
struct ResolverlessDeclarationTests {
    @Test("every lifetime with an async factory takes one without the resolver, as Declaring modules says")
    func asyncWithoutResolver() async throws {
        struct StoreModule: Module {
            var registrations: Registrations {
                singleton { try await RecipeStore.load() }
                transient(tag: "transient") { try await RecipeStore.load() }
                eagerSingleton(tag: "eager") { try await RecipeStore.load() }
                scoped(tag: "scoped") { try await RecipeStore.load() }
            }
        }
        let container = Container()
        try container.install(StoreModule())
        try await container.startAsync()
        let shared = try await container.resolveAsync(RecipeStore.self)
        #expect(try await container.resolveAsync(RecipeStore.self) === shared)
        let first = try await container.resolveAsync(RecipeStore.self, tag: "transient")
        #expect(try await container.resolveAsync(RecipeStore.self, tag: "transient") !== first)
        // Built by startAsync(), so a synchronous read finds it.
        _ = try container.resolve(RecipeStore.self, tag: "eager")
        let scope = container.makeScope()
        let scoped = try await scope.resolveAsync(RecipeStore.self, tag: "scoped")
        #expect(try await scope.resolveAsync(RecipeStore.self, tag: "scoped") === scoped)
        try await scope.close()
        try await container.shutdown()
    }

    @Test("an async factory without a resolver marked @MainActor runs on the main actor")
    func mainActorAsyncWithoutResolver() async throws {
        struct SessionModule: Module {
            var registrations: Registrations {
                singleton { @MainActor in await SessionStore.restore() }
            }
        }
        let container = Container()
        try container.install(SessionModule())
        let before = await SessionStore.built
        let session = try await container.resolveAsync(SessionStore.self)
        #expect(try await container.resolveAsync(SessionStore.self) === session)
        #expect(await SessionStore.built == before + 1)
    }

    @Test("a contribution's factory may take no resolver, nonisolated or on the main actor")
    @MainActor
    func contributionWithoutResolver() throws {
        struct ExtensionModule: Module {
            var registrations: Registrations {
                contribution(to: [any Extension].self) { AuthExtension() }
                contribution(to: [String: any Extension].self, key: "auth") { AuthExtension() }
                contribution(to: [any Extension].self) { @MainActor in AuthExtension() }
            }
        }
        let container = Container()
        try container.install(ExtensionModule())
        #expect(try container.resolve([String: any Extension].self).keys.sorted() == ["auth"])
        // On the main actor, where the main-actor contribution is built in place.
        #expect(try container.resolve([any Extension].self).count == 2)
    }
}
