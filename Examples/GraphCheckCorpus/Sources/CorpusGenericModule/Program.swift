/// Shape: a generic module, `struct RepositoryModule<Item: Sendable>: Module`, that registers
/// `Repository<Item>`, installed twice with two item types.
///
/// Why it is correct: `RepositoryModule<User>` and `RepositoryModule<Invoice>` are two module
/// types, and their declarations register `Repository<User>` and `Repository<Invoice>`: two keys.
/// The line is the same, the key is not.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct User: Sendable {
    let name: String
}

struct Invoice: Sendable {
    let total: Int
}

struct DatabasePool: Sendable {
    let url: String
}

final class Repository<Item: Sendable>: Sendable {
    let table: String
    let pool: DatabasePool

    init(table: String, pool: DatabasePool) {
        self.table = table
        self.pool = pool
    }

    var location: String { "\(pool.url)/\(table)" }
}

struct RepositoryModule<Item: Sendable>: Module {
    let table: String

    var registrations: Registrations {
        singleton { r in Repository<Item>(table: table, pool: try r.resolve()) }
    }
}

struct DatabaseModule: Module {
    var registrations: Registrations {
        singleton { DatabasePool(url: "postgres://db") }
    }
}

struct BillingService: Sendable {
    let users: Repository<User>
    let invoices: Repository<Invoice>
}

struct BillingModule: Module {
    var registrations: Registrations {
        transient { r in BillingService(users: try r.resolve(), invoices: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(
            DatabaseModule(), RepositoryModule<User>(table: "users"), RepositoryModule<Invoice>(table: "invoices"),
            BillingModule())

        let billing = try container.resolve(BillingService.self)
        guard billing.users.location == "postgres://db/users", billing.invoices.location == "postgres://db/invoices" else {
            throw CorpusFailure(message: "the repositories are \(billing.users.location), \(billing.invoices.location)")
        }

        let report = await Container.validate(
            modules: [
                DatabaseModule(), RepositoryModule<User>(table: "users"), RepositoryModule<Invoice>(table: "invoices"),
                BillingModule(),
            ],
            options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
