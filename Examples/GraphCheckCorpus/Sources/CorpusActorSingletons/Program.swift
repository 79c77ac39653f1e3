/// Shape: actors registered as singletons (`singleton { TokenCache() }`, an auto-wired
/// `RateLimiter`) and read by other services, from their factories and from `wired()` defaults.
///
/// Why it is correct: an actor is `Sendable`, so it can be a singleton; making one is a plain
/// synchronous `init` (nonisolated), so synchronous factories build it, and the services that
/// hold it call it with `await`. Nothing here runs on the main actor.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

actor TokenCache {
    private var tokens: [String: String] = [:]

    func token(for user: String) -> String {
        if let token = tokens[user] { return token }
        let token = "tok-\(user)-\(tokens.count + 1)"
        tokens[user] = token
        return token
    }
}

struct RateLimitPolicy: Sendable {
    let requestsPerSecond: Int
}

actor RateLimiter {
    private let policy: RateLimitPolicy
    private var used = 0

    init(policy: RateLimitPolicy) {
        self.policy = policy
    }

    func allow() -> Bool {
        used += 1
        return used <= policy.requestsPerSecond
    }
}

/// Holds both actors; the cache comes from a `wired()` default, resolved in its factory.
struct APIGateway: Sendable {
    let limiter: RateLimiter
    let cache: TokenCache

    init(limiter: RateLimiter, cache: TokenCache = wired()) {
        self.limiter = limiter
        self.cache = cache
    }

    func handle(user: String) async -> String {
        guard await limiter.allow() else { return "429" }
        return "200 \(await cache.token(for: user))"
    }
}

struct GatewayModule: Module {
    var registrations: Registrations {
        singleton { TokenCache() }
        instance(RateLimitPolicy(requestsPerSecond: 2))
        autowire(lifetime: .singleton, RateLimiter.init(policy:))
        singleton { r in APIGateway(limiter: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(GatewayModule())

        let gateway = try container.resolve(APIGateway.self)
        let responses = [
            await gateway.handle(user: "ada"), await gateway.handle(user: "ada"), await gateway.handle(user: "bob"),
        ]
        guard responses == ["200 tok-ada-1", "200 tok-ada-1", "429"] else {
            throw CorpusFailure(message: "the gateway answered \(responses)")
        }
        guard try container.resolve(TokenCache.self) === gateway.cache else {
            throw CorpusFailure(message: "the cache actor is not the singleton")
        }

        let report = await Container.validate(modules: [GatewayModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
