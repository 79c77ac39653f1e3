import Testing
import WiringTesting

@testable import ShopApp

// These tests are compiled with the app's settings (main-actor by default), as the article that
// quotes them says; ShopAppNonisolatedTests uses the same module from a target without them.

@Suite("The shop app, tested with the app's settings")
struct ShopAppTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(.isolatedContainer(installing: AppModule()))
    @MainActor
    func catalogLoadsThroughTheModulesWiring() async throws {
        let session: SessionStore = try resolve()
        session.userName = "Ada"
        let model = CatalogViewModel()
        try await model.load()
        #expect(model.products.map(\.name) == ["Kettle", "Teapot"])
        #expect(model.greeting == "Hello, Ada")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(
        "each test's fake backend is its own, in parallel",
        .isolatedContainer(installing: AppModule()),
        arguments: ["Mug", "Spoon", "Tray", "Jug"]
    )
    @MainActor
    func fakesInParallelTests(name: String) async throws {
        Container.current.register((any APIClient).self, lifetime: .singleton) { _ in
            FakeAPIClient(catalog: [Product(id: 9, name: name, price: 1)])
        }
        let model = CatalogViewModel()
        try await model.load()
        #expect(model.products.map(\.name) == [name])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(
        .isolatedContainer(installing: AppModule()) {
            $0.register(SessionStore.self, lifetime: .singleton, mainActor: { _ in SessionStore(userName: "Grace") })
        })
    @MainActor
    func overridesReplaceMainActorState() throws {
        #expect(CatalogViewModel().greeting == "Hello, Grace")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a tag declared in the app target selects its registration")
    func taggedBackend() throws {
        let container = Container()
        try container.install(AppModule())
        let staging = try container.resolve((any APIClient).self, tag: Backend.staging) as? LiveAPIClient
        #expect(staging?.config.baseURL == "https://staging.shop.example.com")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("previews get the app's wiring with the preview module's replacements")
    @MainActor
    func previewContainer() async throws {
        let model = withContainer(try Container.preview()) { CatalogViewModel() }
        try await model.load()
        #expect(model.products.map(\.name) == ["Preview kettle"])
        #expect(model.greeting == "Hello, Preview")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a checkout screen's draft is its scope's, and the order is stored")
    @MainActor
    func checkoutScope() async throws {
        let container = Container()
        try container.install(AppModule())
        let screen = container.makeScope(.checkout)
        let model = withContainer(screen) { CheckoutViewModel() }
        let again = withContainer(screen) { CheckoutViewModel() }
        model.add(Product(id: 1, name: "Kettle", price: 30))
        #expect(again.draft === model.draft)
        await model.placeOrder()
        #expect(model.lastOrder == 1)
        let next = container.makeScope(.checkout)
        #expect(withContainer(next) { CheckoutViewModel() }.draft !== model.draft)
        // Closed from a background task: the main-actor instances are disposed there, once.
        try await Task.detached { try await screen.close() }.value
        #expect(!model.draft.isOpen)
        try await next.close()
        try await container.shutdown()
    }
}

@Suite("Validation of the app's modules")
struct ShopAppValidationTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func appModulesAreValid() async {
        var options = ValidationOptions(dryRun: true)
        options.make { CatalogViewModel() }
        options.make(in: .checkout) { CheckoutViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        #expect(report.isValid, "\(report)")
        #expect(report.graph.nodes.count == 7)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a broken main-actor factory is reported, by the awaited validate from a nonisolated test")
    func brokenMainActorFactoryIsReported() async {
        struct Broken: Module {
            var registrations: Registrations {
                AppModule()
                // The draft is scoped: a singleton that holds one would keep the first for ever.
                // WiringGraphCheck: expected (this test is of validation's report of it)
                singleton { @MainActor r in CheckoutViewModelHolder(draft: try r.resolve()) }
            }
        }
        let report = await Container.validate(modules: [Broken()], options: ValidationOptions(dryRun: true))
        #expect(report.errors.map(\.kind) == [.captiveDependency], "\(report)")
    }
}
