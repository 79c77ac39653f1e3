/// Shape: contributions. Two modules each contribute to `[any Middleware]` with
/// `contribution(to: [any Middleware].self, lifetime: .singleton) { … }`, and the server reads the
/// whole list as `[any Middleware]`, by a factory's `try r.resolve()` and by `wired()`.
///
/// Why it is correct: a contribution is keyed by its own line, so two modules contributing to one
/// collection are not one key declared twice, and the collection exists as soon as something
/// contributes to it: reading `[any Middleware]` is not a read of something missing. (The
/// contributions are singletons, as the singleton server that holds them keeps them for ever.)
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol Middleware: Sendable {
    var name: String { get }
}

struct AuthMiddleware: Middleware {
    let realm: String
    var name: String { "auth(\(realm))" }
}

struct CORSMiddleware: Middleware {
    var name: String { "cors" }
}

struct RateLimitMiddleware: Middleware {
    let perMinute: Int
    var name: String { "rate-limit(\(perMinute))" }
}

struct Realm: Sendable {
    let name: String
}

struct HTTPServer: Sendable {
    let middleware: [any Middleware]
}

/// Reads the list with `wired()`, in its factory.
struct MiddlewareReport: Sendable {
    let names: [String]

    init(middleware: [any Middleware] = wired()) {
        names = middleware.map(\.name).sorted()
    }
}

struct SecurityModule: Module {
    var registrations: Registrations {
        instance(Realm(name: "api"))
        contribution(to: [any Middleware].self, lifetime: .singleton) { r in
            AuthMiddleware(realm: try r.resolve(Realm.self).name)
        }
        contribution(to: [any Middleware].self, lifetime: .singleton) { CORSMiddleware() }
    }
}

struct TrafficModule: Module {
    var registrations: Registrations {
        contribution(to: [any Middleware].self, lifetime: .singleton) { RateLimitMiddleware(perMinute: 600) }
        singleton { r in HTTPServer(middleware: try r.resolve()) }
        transient { MiddlewareReport() }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(SecurityModule(), TrafficModule())

        let server = try container.resolve(HTTPServer.self)
        let names = server.middleware.map(\.name).sorted()
        guard names == ["auth(api)", "cors", "rate-limit(600)"] else {
            throw CorpusFailure(message: "the server has \(names)")
        }
        guard try container.resolve(MiddlewareReport.self).names == names else {
            throw CorpusFailure(message: "wired() read another list")
        }

        let report = await Container.validate(
            modules: [SecurityModule(), TrafficModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
