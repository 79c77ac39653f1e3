import Wiring

extension ScopeName {
    /// One checkout screen, from opening to closing. (`nonisolated`: in an app target a static
    /// constant is main-actor, and the module reads it from any context.)
    nonisolated static let checkout: ScopeName = "checkout"
}

/// The whole app's wiring, main-actor state included.
struct AppModule: Module {
    var baseURL = "https://shop.example.com"

    var registrations: Registrations {
        instance(APIConfig(baseURL: baseURL))
        singleton((any APIClient).self) { @MainActor r in LiveAPIClient(config: try r.resolve()) }
        singleton { Database() }
        singleton { @MainActor in SessionStore() }
        autowire(lifetime: .singleton, OrderService.init(api:database:))
        scoped(in: .checkout) { @MainActor in CheckoutDraft() }
    }
}
