/// Shape: two modules each declare their own nested `struct Config`, and each writes it
/// unqualified (`Config()`, `Config.self`) inside its own body.
///
/// Why it is correct: `PaymentsModule.Config` and `SearchModule.Config` are two different types
/// with one simple name, so they are two different keys. Installed together into one container,
/// nothing clashes, and each service reads the `Config` of its own module.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct PaymentGateway: Sendable {
    let endpoint: String
}

struct SearchClient: Sendable {
    let indexName: String
    let pageSize: Int
}

struct PaymentsModule: Module {
    struct Config: Sendable {
        var endpoint = "https://payments.example.com"
    }

    var registrations: Registrations {
        singleton { Config() }
        singleton { r in PaymentGateway(endpoint: try r.resolve(Config.self).endpoint) }
    }
}

struct SearchModule: Module {
    struct Config: Sendable {
        var indexName = "products"
        var pageSize = 25
    }

    var registrations: Registrations {
        instance(Config(), as: Config.self)
        singleton { r in
            let config: Config = try r.resolve()
            return SearchClient(indexName: config.indexName, pageSize: config.pageSize)
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(PaymentsModule(), SearchModule())

        let gateway = try container.resolve(PaymentGateway.self)
        let search = try container.resolve(SearchClient.self)
        guard gateway.endpoint == "https://payments.example.com" else {
            throw CorpusFailure(message: "payments read the wrong Config: \(gateway.endpoint)")
        }
        guard search.indexName == "products", search.pageSize == 25 else {
            throw CorpusFailure(message: "search read the wrong Config: \(search)")
        }
        guard try container.resolve(PaymentsModule.Config.self).endpoint != "",
            try container.resolve(SearchModule.Config.self).pageSize == 25
        else {
            throw CorpusFailure(message: "the two Configs are not two keys")
        }

        let report = await Container.validate(
            modules: [PaymentsModule(), SearchModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
