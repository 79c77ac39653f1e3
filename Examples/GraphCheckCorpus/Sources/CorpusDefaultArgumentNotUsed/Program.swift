/// Shape: `init(clock: any Clock = wired())`, where the registration of `any Clock` is scoped (a
/// request's clock, frozen when the request starts). A singleton's factory passes the argument,
/// `TokenIssuer(clock: SystemClock())`; a scoped factory leaves it out.
///
/// Why it is correct: a default argument is evaluated only when the call leaves the argument
/// out. The singleton's factory passes a clock, so it never reads the scoped one (no captive
/// dependency); only the scoped `TokenIssuer` uses the default, inside a scope. (`Clock` is this
/// target's own protocol, which shadows the standard library's.)
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol Clock: Sendable {
    func now() -> Int
}

struct SystemClock: Clock {
    func now() -> Int { 1_700_000_000 }
}

/// The time a request started, the same for all of its work.
struct FrozenClock: Clock {
    let instant: Int
    func now() -> Int { instant }
}

final class TokenIssuer: Sendable {
    let clock: any Clock

    init(clock: any Clock = wired()) {
        self.clock = clock
    }

    func issue(for user: String) -> String { "\(user)@\(clock.now())" }
}

enum Issuers: Hashable, Sendable {
    case perRequest
}

struct TokenModule: Module {
    var registrations: Registrations {
        scoped((any Clock).self) { FrozenClock(instant: 42) }
        singleton { TokenIssuer(clock: SystemClock()) }
        scoped(tag: Issuers.perRequest) { TokenIssuer() }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(TokenModule())

        let shared = try container.resolve(TokenIssuer.self)
        let request = container.makeScope()
        let perRequest = try request.resolve(TokenIssuer.self, tag: Issuers.perRequest)
        let tokens = [shared.issue(for: "ada"), perRequest.issue(for: "ada")]
        guard tokens == ["ada@1700000000", "ada@42"] else {
            throw CorpusFailure(message: "issued \(tokens)")
        }
        try await request.close()

        let report = await Container.validate(modules: [TokenModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
