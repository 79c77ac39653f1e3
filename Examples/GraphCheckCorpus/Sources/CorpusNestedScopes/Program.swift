/// Shape: nested named scopes. A WebSocket server opens a `session` scope per connection and a
/// `request` scope per message inside it. The request's state is `scoped(in: .request)` and reads
/// the session's `scoped(in: .session)` user; the session's cart reads a singleton price list.
///
/// Why it is correct: a shorter-lived registration may read a longer-lived one: every request
/// scope is nested in its session's scope, so its factory finds the session's user there, and
/// the session's cart reads only a singleton. Nothing longer-lived reads anything shorter-lived.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

extension ScopeName {
    static let session: ScopeName = "session"
    static let request: ScopeName = "request"
}

final class ConnectedUser: Sendable {
    let name: String

    init(name: String) {
        self.name = name
    }
}

struct PriceList: Sendable {
    func price(of item: String) -> Int { item == "tea" ? 3 : 5 }
}

final class Cart: Sendable {
    let prices: PriceList

    init(prices: PriceList) {
        self.prices = prices
    }
}

final class MessageState: Sendable {
    let user: ConnectedUser
    let cart: Cart

    init(user: ConnectedUser, cart: Cart) {
        self.user = user
        self.cart = cart
    }
}

struct SocketModule: Module {
    var registrations: Registrations {
        singleton { PriceList() }
        scoped(in: .session) { ConnectedUser(name: "guest") }
        scoped(in: .session) { r in Cart(prices: try r.resolve()) }
        scoped(in: .request) { r in MessageState(user: try r.resolve(), cart: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(SocketModule())

        let connection = container.makeScope(.session)
        let first = connection.makeScope(.request)
        let second = connection.makeScope(.request)
        let a = try first.resolve(MessageState.self)
        let b = try second.resolve(MessageState.self)
        guard a !== b, a.user === b.user, a.cart === b.cart, a.cart.prices.price(of: "tea") == 3 else {
            throw CorpusFailure(message: "the scopes did not nest")
        }
        try await first.close()
        try await second.close()
        try await connection.close()

        let report = await Container.validate(modules: [SocketModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
