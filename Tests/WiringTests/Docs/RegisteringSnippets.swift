import Testing
import Wiring

// The code of the DocC articles "Registering and lifetimes" and "Resolving, tags and
// arguments", compiled and run (see DocSnippetTests).

final class AppClock: Sendable {}
final class RequestLog: Sendable {}
final class SessionCart: Sendable {}
final class ReportBuilder: Sendable {
    let clock: AppClock
    init(clock: AppClock) { self.clock = clock }
}
final class ApiClient: Sendable {
    let baseURL: String
    let timeout: Int
    init(baseURL: String, timeout: Int) {
        self.baseURL = baseURL
        self.timeout = timeout
    }
}
protocol Storage: Sendable {
    var name: String { get }
}
struct DiskStorage: Storage {
    let name: String
}

extension Hashable where Self == WiringTag {
    static var archive: WiringTag { "archive" }
}

@Suite("Registering and resolving articles")
struct RegisteringSnippets {
    @Test("lifetimes and scopes behave as the article says")
    func lifetimes() throws {
        let container = Container()
        container.register(AppClock.self, lifetime: .singleton) { _ in AppClock() }
        container.register(ReportBuilder.self) { r in ReportBuilder(clock: try r.resolve()) }
        container.register(RequestLog.self, lifetime: .scoped) { _ in RequestLog() }
        container.register(SessionCart.self, lifetime: .scoped("session")) { _ in SessionCart() }

        let session = container.makeScope("session")
        let request = session.makeScope()
        let log = try request.resolve(RequestLog.self)  // one per request scope
        let cart = try request.resolve(SessionCart.self)  // one per session, seen from its requests

        #expect(log === (try request.resolve(RequestLog.self)))
        #expect(cart === (try session.makeScope().resolve(SessionCart.self)))
        #expect(try container.resolve(ReportBuilder.self) !== (try container.resolve(ReportBuilder.self)))
    }

    @Test("tags and runtime arguments resolve as the article says")
    func tagsAndArguments() throws {
        let container = Container()
        container.register((any Storage).self) { _ in DiskStorage(name: "main") }
        container.register((any Storage).self, tag: .archive) { _ in DiskStorage(name: "archive") }
        container.register(ApiClient.self) { (_: Resolver, baseURL: String, timeout: Int) in
            ApiClient(baseURL: baseURL, timeout: timeout)
        }

        let archive = try container.resolve((any Storage).self, tag: .archive)
        let client = try container.resolve(ApiClient.self, arguments: "https://api.example.com", 30)
        let optional = try container.resolveIfRegistered(AppClock.self)  // nil: not registered

        #expect(archive.name == "archive")
        #expect(client.timeout == 30)
        #expect(optional == nil)
    }
}
