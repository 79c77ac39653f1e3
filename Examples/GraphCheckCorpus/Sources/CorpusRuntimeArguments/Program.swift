/// Shape: runtime arguments. `transient { (r: Resolver, orderID: Int) in … }` is resolved with
/// `resolve(OrderDetail.self, arguments: 42)`, and another registration's factory reads it with
/// arguments too (`try r.resolve(OrderDetail.self, arguments: 7)`).
///
/// Why it is correct: the argument types are part of the key, and every read of `OrderDetail`
/// passes one `Int`, so each finds the registration that takes one `Int`; nothing reads
/// `OrderDetail` without arguments.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct PriceFormatter: Sendable {
    let currency: String

    func format(_ cents: Int) -> String {
        let fraction = cents % 100
        return "\(currency) \(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

struct OrderDetail {
    let orderID: Int
    let formatter: PriceFormatter

    var title: String { "Order #\(orderID)" }
}

struct OrderDetailScreen {
    let detail: OrderDetail
    let subtitle: String
}

/// A page of orders: the runtime arguments are a page number and a page size.
struct OrderPage {
    let number: Int
    let size: Int
}

struct OrdersModule: Module {
    var registrations: Registrations {
        singleton { PriceFormatter(currency: "EUR") }
        transient { (r: Resolver, orderID: Int) in
            OrderDetail(orderID: orderID, formatter: try r.resolve())
        }
        transient { (_: Resolver, number: Int, size: Int) in OrderPage(number: number, size: size) }
        transient { r in
            OrderDetailScreen(detail: try r.resolve(OrderDetail.self, arguments: 7), subtitle: "latest")
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(OrdersModule())

        let detail = try container.resolve(OrderDetail.self, arguments: 42)
        let screen = try container.resolve(OrderDetailScreen.self)
        let page = try container.resolve(OrderPage.self, arguments: 2, 50)
        guard detail.title == "Order #42", screen.detail.title == "Order #7", page.number == 2, page.size == 50 else {
            throw CorpusFailure(message: "the arguments did not reach the factories")
        }
        guard detail.formatter.format(1234) == "EUR 12.34" else {
            throw CorpusFailure(message: "formatted \(detail.formatter.format(1234))")
        }

        let report = await Container.validate(modules: [OrdersModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
