/// Shape: tags of two different tag types that share a case name (`DatabaseRole.primary` and
/// `CacheRole.primary`) on registrations of one type, plus a `WiringTag` declared in the SwiftUI
/// style (`extension Hashable where Self == WiringTag`) and written `tag: .audit`.
///
/// Why it is correct: a tag compares by type and value, so `DatabaseRole.primary` and
/// `CacheRole.primary` are two tags, and with `.replica`, `.audit` and no tag at all, the five
/// registrations of `Connection` are five keys.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

enum DatabaseRole: Hashable, Sendable {
    case primary, replica
}

enum CacheRole: Hashable, Sendable {
    case primary
}

extension Hashable where Self == WiringTag {
    static var audit: WiringTag { "audit" }
}

struct Connection: Sendable {
    let url: String
}

struct OrderRepository: Sendable {
    let writes: Connection
    let reads: Connection
    let cache: Connection
    let audit: Connection
}

struct StorageModule: Module {
    var registrations: Registrations {
        singleton(tag: DatabaseRole.primary) { Connection(url: "postgres://primary") }
        singleton(tag: DatabaseRole.replica) { Connection(url: "postgres://replica") }
        singleton(tag: CacheRole.primary) { Connection(url: "redis://primary") }
        singleton(tag: .audit) { Connection(url: "postgres://audit") }
        singleton { Connection(url: "sqlite://local") }
        transient { r in
            OrderRepository(
                writes: try r.resolve(tag: DatabaseRole.primary),
                reads: try r.resolve(tag: DatabaseRole.replica),
                cache: try r.resolve(tag: CacheRole.primary),
                audit: try r.resolve(tag: .audit)
            )
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(StorageModule())

        let repository = try container.resolve(OrderRepository.self)
        let urls = [repository.writes.url, repository.reads.url, repository.cache.url, repository.audit.url]
        guard urls == ["postgres://primary", "postgres://replica", "redis://primary", "postgres://audit"] else {
            throw CorpusFailure(message: "the tags selected \(urls)")
        }
        guard try container.resolve(Connection.self).url == "sqlite://local" else {
            throw CorpusFailure(message: "the untagged connection is wrong")
        }

        let report = await Container.validate(modules: [StorageModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
