import Wiring

extension ScopeName {
    /// One checkout screen, from opening to closing. (`nonisolated`: in an app target a static
    /// constant is main-actor, and the module reads it from any context.)
    nonisolated static let checkout: ScopeName = "checkout"
}

/// The backends the app can talk to: tags of the `APIClient` registrations. (`nonisolated`: in an
/// app target an enum is main-actor, and so is its `Hashable` conformance, which the module uses.)
nonisolated enum Backend: Hashable {
    case staging
}

/// The whole app's wiring, main-actor state included. A `MainActorModule`: its factories run on
/// the main actor, as the types they build are main-actor, with no marker on each.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct AppModule: MainActorModule {
    var baseURL = "https://shop.example.com"

    var registrations: Registrations {
        instance(APIConfig(baseURL: baseURL))
        singleton((any APIClient).self) { r in LiveAPIClient(config: try r.resolve()) }
        singleton((any APIClient).self, tag: Backend.staging) {
            LiveAPIClient(config: APIConfig(baseURL: "https://staging.shop.example.com"))
        }
        nonisolated.singleton { Database() }
        singleton { SessionStore() }
        autowire(lifetime: .singleton, OrderService.init(api:database:))
        scoped(in: .checkout) { CheckoutDraft() }
            .onDispose { @MainActor draft async in draft.isOpen = false }
    }
}
