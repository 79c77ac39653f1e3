/// Shape: `typealias TokenProvider = any TokenProviding`. The registration says
/// `(any TokenProviding).self`; an initializer parameter is typed `TokenProvider`, and a
/// property typed `TokenProvider` is filled with `wired()`.
///
/// Why it is correct: a typealias is its underlying type, so `TokenProvider` and
/// `any TokenProviding` are one key; both reads find the registration.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol TokenProviding: Sendable {
    func token() -> String
}

typealias TokenProvider = any TokenProviding

struct KeychainTokenProvider: TokenProviding {
    func token() -> String { "token-from-keychain" }
}

/// Reads the provider through its initializer's parameter.
struct APIRequestSigner: Sendable {
    let provider: TokenProvider

    func sign(_ path: String) -> String { "\(path)?token=\(provider.token())" }
}

/// Reads the provider with `wired()` when it is made (inside its factory, so from the container
/// that builds it).
final class UploadService: Sendable {
    let provider: TokenProvider = wired()

    init() {}
}

struct AuthModule: Module {
    var registrations: Registrations {
        singleton((any TokenProviding).self) { KeychainTokenProvider() }
        singleton { r in APIRequestSigner(provider: try r.resolve()) }
        singleton { UploadService() }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AuthModule())

        let signer = try container.resolve(APIRequestSigner.self)
        let uploads = try container.resolve(UploadService.self)
        let direct: TokenProvider = try container.resolve()
        guard signer.sign("/files") == "/files?token=token-from-keychain",
            uploads.provider.token() == direct.token()
        else {
            throw CorpusFailure(message: "the typealias did not resolve the registered provider")
        }

        let report = await Container.validate(modules: [AuthModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
