/// Shape: one concrete singleton, `SQLiteStore`, registered once and forwarded to two protocols,
/// `(any UserReading).self` and `(any UserWriting).self`; services read only the protocols, and
/// nothing declares either protocol with a factory of its own.
///
/// Why it is correct: `.forwarding(to:)` makes the registration answer to the protocol too, so
/// both protocols are registered keys that serve the same instance; the reader and the writer
/// share one store.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol UserReading: Sendable {
    func name(of id: Int) -> String?
}

protocol UserWriting: Sendable {
    func rename(_ id: Int, to name: String) async
}

actor UserTable {
    private var names: [Int: String] = [1: "ada"]

    func name(of id: Int) -> String? { names[id] }
    func set(_ id: Int, _ name: String) { names[id] = name }
}

final class SQLiteStore: UserReading, UserWriting {
    let path: String
    let table = UserTable()
    private let snapshot: [Int: String] = [1: "ada"]

    init(path: String) {
        self.path = path
    }

    func name(of id: Int) -> String? { snapshot[id] }
    func rename(_ id: Int, to name: String) async { await table.set(id, name) }
}

struct ProfilePage: Sendable {
    let users: any UserReading
}

struct AdminTool: Sendable {
    let users: any UserWriting
}

struct StoreModule: Module {
    var registrations: Registrations {
        singleton { SQLiteStore(path: "/var/db/users.sqlite") }
            .forwarding(to: (any UserReading).self) { $0 }
            .forwarding(to: (any UserWriting).self) { $0 }
        transient { r in ProfilePage(users: try r.resolve()) }
        transient { r in AdminTool(users: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(StoreModule())

        let page = try container.resolve(ProfilePage.self)
        let admin = try container.resolve(AdminTool.self)
        await admin.users.rename(1, to: "ada lovelace")
        guard let store = page.users as? SQLiteStore, store === (admin.users as? SQLiteStore), page.users.name(of: 1) == "ada",
            await store.table.name(of: 1) == "ada lovelace"
        else {
            throw CorpusFailure(message: "the forwarded keys did not share the store")
        }

        let report = await Container.validate(modules: [StoreModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
