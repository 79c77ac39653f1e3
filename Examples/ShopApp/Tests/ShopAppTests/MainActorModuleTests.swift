import Testing
import Wiring
import WiringTesting

@testable import ShopApp

// Compiled with the app's settings: every type here is main-actor unless it says otherwise.

/// Main-actor state with a name, registered under several tags.
final class Palette {
    let name: String
    init(name: String) { self.name = name }
}

/// Nonisolated: made on whichever thread resolves it.
nonisolated struct Stamp: Sendable {
    let value: Int
}

/// Every lifetime, `contribution`, `autowire` and runtime arguments, with no `@MainActor in`:
/// each of these closures calls a main-actor initializer, which in a `Module` does not compile
/// without the marker ("call to main actor-isolated initializer … in a synchronous nonisolated
/// context").
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct UnmarkedModule: MainActorModule {
    var registrations: Registrations {
        singleton { APIConfig(baseURL: "https://unmarked.example.com") }
        singleton((any APIClient).self) { r in LiveAPIClient(config: try r.resolve()) }
        singleton { SessionStore(userName: "Ada") }
        transient { CheckoutDraft() }
        eagerSingleton(tag: "eager") { Palette(name: "eager") }
        weakSingleton(tag: "weak") { Palette(name: "weak") }
        graph(tag: "graph") { Palette(name: "graph") }
        scoped(tag: "scoped", in: .checkout) { Palette(name: "scoped") }
        contribution(to: [Palette].self) { Palette(name: "contributed") }
        transient(tag: "named") { (_: Resolver, name: String) in Palette(name: name) }
        autowire(lifetime: .singleton, OrderService.init(api:database:))
        nonisolated.singleton { Database() }
        nonisolated.transient { Stamp(value: 7) }
        singleton { try await RecipeArchive.open() }
    }
}

@Suite("A MainActorModule: main-actor factories without a marker")
struct MainActorModuleTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("every unmarked declaration builds its main-actor type on the main actor")
    @MainActor
    func unmarkedDeclarationsBuildOnTheMainActor() async throws {
        let container = Container()
        try container.install(UnmarkedModule())
        try container.start()
        #expect(try container.resolve(SessionStore.self).userName == "Ada")
        #expect(try container.resolve(CheckoutDraft.self) !== container.resolve(CheckoutDraft.self))
        #expect(try container.resolve(Palette.self, tag: "eager").name == "eager")
        #expect(try container.resolve(Palette.self, tag: "weak").name == "weak")
        #expect(try container.resolve(Palette.self, tag: "graph").name == "graph")
        #expect(try container.resolve([Palette].self).map(\.name) == ["contributed"])
        #expect(try container.resolve(Palette.self, tag: "named", arguments: "given").name == "given")
        let orders = try container.resolve(OrderService.self)
        #expect(await orders.database.orderCount == 0)
        let screen = container.makeScope(.checkout)
        #expect(try screen.resolve(Palette.self, tag: "scoped").name == "scoped")
        try await screen.close()
        #expect(try await container.resolveAsync(RecipeArchive.self) === container.resolveAsync(RecipeArchive.self))
        try await container.shutdown()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("off the main actor, an unmarked factory is resolved with resolveAsync, and a nonisolated. one synchronously")
    func isolationOfUnmarkedAndNonisolatedFactories() async throws {
        let container = Container()
        try container.install(UnmarkedModule())
        try await Self.offTheMainActor(container)
        try await container.shutdown()
    }

    /// A synchronous resolve of a main-actor factory here throws, as in any module; the
    /// `nonisolated.` declarations build here.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @concurrent
    private static func offTheMainActor(_ container: Container) async throws {
        let error = #expect(throws: WiringError.self) { try container.resolve(CheckoutDraft.self) }
        #expect(error?.code == .isolationMismatch)
        _ = try await container.resolveAsync(CheckoutDraft.self)
        #expect(try container.resolve(Stamp.self).value == 7)
        _ = try container.resolve(Database.self)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a MainActorModule and a Module are installed and validated together, from a nonisolated context")
    nonisolated func mixedWithModules() async throws {
        let modules: [any Installable] = [UnmarkedModule(), PreviewModule()]
        let report = await Container.validate(modules: modules, options: ValidationOptions(dryRun: true))
        // PreviewModule replaces two of UnmarkedModule's keys: installed together, they clash.
        #expect(report.errors.map(\.kind) == [.duplicateDeclaration, .duplicateDeclaration], "\(report)")
        let container = Container()
        try container.install(UnmarkedModule())
        try container.install([PreviewModule()], overriding: true)
        #expect(try await container.resolveAsync(SessionStore.self).userName == "Preview")
    }
}

/// A value with an initializer of its own: main-actor, as the app target's types are.
final class Endpoint: Sendable {
    let url: String
    nonisolated static let made = Lock(0)

    init(url: String) {
        self.url = url
        Self.made.withLock { $0 += 1 }
    }
}

/// `instance` of it, written as a newcomer writes it; and a nonisolated value given at once.
struct InstanceModule: MainActorModule {
    var registrations: Registrations {
        instance(Endpoint(url: "https://shop.example.com"))
        nonisolated.instance(Stamp(value: 3))
    }
}

@Suite("instance(…) in a MainActorModule")
struct MainActorInstanceTests {
    @Test("instance of a value whose initializer is main-actor compiles, and the value is made once, on the main actor")
    @MainActor
    func madeOnceOnTheMainActor() throws {
        let before = Endpoint.made.withLock { $0 }
        let container = Container()
        try container.install(InstanceModule())
        #expect(Endpoint.made.withLock { $0 } == before, "made when first resolved, not when installed")
        let endpoint = try container.resolve(Endpoint.self)
        #expect(endpoint === (try container.resolve(Endpoint.self)))
        #expect(endpoint.url == "https://shop.example.com")
        #expect(Endpoint.made.withLock { $0 } == before + 1)
    }

    @Test("off the main actor, it is resolved with resolveAsync; nonisolated.instance is read synchronously")
    func offTheMainActor() async throws {
        let container = Container()
        try container.install(InstanceModule())
        try await Self.read(container)
    }

    @concurrent
    private static func read(_ container: Container) async throws {
        let error = #expect(throws: WiringError.self) { try container.resolve(Endpoint.self) }
        #expect(error?.code == .isolationMismatch)
        #expect(try await container.resolveAsync(Endpoint.self).url == "https://shop.example.com")
        #expect(try container.resolve(Stamp.self).value == 3)
    }
}
