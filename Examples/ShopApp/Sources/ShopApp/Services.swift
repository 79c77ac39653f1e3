// The shop's services, written as an app target writes them: no isolation annotations, so
// each type is main-actor (the target's default) unless it is an actor.
//
// `@Observable` needs macOS 14 / iOS 17, which an app that uses it declares as its deployment
// target. This app is built inside Wiring's package, whose floor is macOS 13 / iOS 16, so what
// uses Observation, and what uses that, says `@available` instead.
import Observation

/// A product in the catalog.
struct Product: Hashable, Sendable {
    let id: Int
    let name: String
    let price: Int
}

/// Where the live client's requests go.
struct APIConfig {
    let baseURL: String
}

/// The shop's backend: live in the app, a fake in tests.
protocol APIClient: Sendable {
    func products() async throws -> [Product]
}

/// The backend client the app ships with. (This example answers from memory: its tests run
/// without a network.)
final class LiveAPIClient: APIClient {
    let config: APIConfig

    init(config: APIConfig) {
        self.config = config
    }

    func products() async throws -> [Product] {
        [Product(id: 1, name: "Kettle", price: 30), Product(id: 2, name: "Teapot", price: 25)]
    }
}

/// The orders placed on this device.
actor Database {
    private var orders: [[Product]] = []

    /// Stores an order; returns its number.
    func save(_ order: [Product]) -> Int {
        orders.append(order)
        return orders.count
    }

    var orderCount: Int { orders.count }
}

/// Who is signed in: main-actor state that views observe.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class SessionStore {
    var userName: String?

    init(userName: String? = nil) {
        self.userName = userName
    }
}

/// The basket of one checkout screen: a new one each time the screen opens (scope "checkout").
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class CheckoutDraft {
    var items: [Product] = []
    /// False once the screen's scope has closed: a view still holding the draft shows it closed.
    var isOpen = true

    init() {}

    var total: Int { items.reduce(0) { $0 + $1.price } }
}

/// Places orders: auto-wired from its initializer.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class OrderService {
    let api: any APIClient
    let database: Database

    init(api: any APIClient, database: Database) {
        self.api = api
        self.database = database
    }

    /// Stores the draft's items as an order and returns its number.
    func place(_ draft: CheckoutDraft) async -> Int {
        await database.save(draft.items)
    }
}
