/// Shape: two modules each declare an `enum Backend` with the same case names (`.live`,
/// `.sandbox`) and tag registrations of one protocol, `(any HTTPEndpoint).self`, with them.
///
/// Why it is correct: `PaymentsModule.Backend.live` and `ShippingModule.Backend.live` are values
/// of two different types, so two different tags: the four tagged registrations are four keys,
/// and each read names the module's `Backend` it means.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol HTTPEndpoint: Sendable {
    var url: String { get }
}

struct Endpoint: HTTPEndpoint {
    let url: String
}

struct PaymentsClient: Sendable {
    let endpoint: any HTTPEndpoint
}

struct ShippingClient: Sendable {
    let endpoint: any HTTPEndpoint
}

struct PaymentsModule: Module {
    enum Backend: Hashable, Sendable {
        case live, sandbox
    }

    var registrations: Registrations {
        singleton((any HTTPEndpoint).self, tag: Backend.live) { Endpoint(url: "https://pay.example.com") }
        singleton((any HTTPEndpoint).self, tag: Backend.sandbox) { Endpoint(url: "https://sandbox.pay.example.com") }
        singleton { r in PaymentsClient(endpoint: try r.resolve(tag: Backend.sandbox)) }
    }
}

struct ShippingModule: Module {
    enum Backend: Hashable, Sendable {
        case live, sandbox
    }

    var registrations: Registrations {
        singleton((any HTTPEndpoint).self, tag: Backend.live) { Endpoint(url: "https://ship.example.com") }
        singleton((any HTTPEndpoint).self, tag: Backend.sandbox) { Endpoint(url: "https://sandbox.ship.example.com") }
        singleton { r in ShippingClient(endpoint: try r.resolve(tag: Backend.live)) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(PaymentsModule(), ShippingModule())

        let payments = try container.resolve(PaymentsClient.self)
        let shipping = try container.resolve(ShippingClient.self)
        let liveShipping = try container.resolve((any HTTPEndpoint).self, tag: ShippingModule.Backend.live)
        let livePayments = try container.resolve((any HTTPEndpoint).self, tag: PaymentsModule.Backend.live)
        let urls = [payments.endpoint.url, shipping.endpoint.url, liveShipping.url, livePayments.url]
        guard
            urls == [
                "https://sandbox.pay.example.com", "https://ship.example.com", "https://ship.example.com",
                "https://pay.example.com",
            ]
        else {
            throw CorpusFailure(message: "the tags selected \(urls)")
        }

        let report = await Container.validate(
            modules: [PaymentsModule(), ShippingModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
