import Observation
import Wiring

/// The catalog screen's model. `@Observable` and `@Wired` do not mix (the macro turns stored
/// properties into computed ones, which a property wrapper cannot wrap), so its dependencies are
/// constants resolved with `wired()`: `@Observable` leaves `let`s alone.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class CatalogViewModel {
    private let api: any APIClient = wired()
    private let session: SessionStore = wired()
    var products: [Product] = []

    init() {}

    var greeting: String { session.userName.map { "Hello, \($0)" } ?? "Welcome" }

    func load() async throws {
        products = try await api.products()
    }
}

/// The checkout screen's model, made inside the screen's scope: its draft is the scope's.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class CheckoutViewModel {
    @ObservationIgnored @Wired var draft: CheckoutDraft
    @ObservationIgnored @Wired var orders: OrderService
    var lastOrder: Int?

    init() {}

    func add(_ product: Product) {
        draft.items.append(product)
    }

    func placeOrder() async {
        lastOrder = await orders.place(draft)
    }
}

/// What the app does at launch: installs its wiring into `Container.default`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum ShopApp {
    static func start() throws {
        try Container.default.install(AppModule(), PlaybackModule())
    }
}
