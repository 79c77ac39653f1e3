/// Shape (server): a `scoped` request context, a transient handler that reads it, a singleton
/// repository that does not; each request opens a scope with `container.makeScope()`, gives it
/// the request's id with `scope.provide(…)` (its registration's factory throws: only a scope
/// given one has an id), resolves the handler through the scope, and closes it.
///
/// Why it is correct: the only singleton reads no scoped value, so nothing captive; the handler
/// and the context are resolved through an open scope that was given its `RequestID`, so the
/// throwing factory never runs. Validation gets a sample id for its dry run's scopes.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct RequestID: Sendable {
    let value: String
}

struct MissingRequestID: Error {}

final class RequestContext: Sendable {
    let requestID: RequestID

    init(requestID: RequestID) {
        self.requestID = requestID
    }
}

/// Shared by every request; knows nothing of any one of them.
final class UserRepository: Sendable {
    private let names = ["u1": "Ada", "u2": "Grace"]

    func name(of id: String) -> String? { names[id] }
}

struct ProfileHandler {
    let context: RequestContext
    let users: UserRepository

    func handle(userID: String) -> String {
        "[\(context.requestID.value)] \(users.name(of: userID) ?? "unknown")"
    }
}

struct ServerModule: Module {
    var registrations: Registrations {
        scoped(RequestID.self) { throw MissingRequestID() }
            .providedToScopes()
        scoped { r in RequestContext(requestID: try r.resolve()) }
        singleton { UserRepository() }
        transient { r in ProfileHandler(context: try r.resolve(), users: try r.resolve()) }
    }
}

struct Server {
    let container: Container

    func respond(requestID: String, userID: String) async throws -> String {
        let scope = container.makeScope()
        try scope.provide(RequestID(value: requestID))
        let handler = try scope.resolve(ProfileHandler.self)
        let again = try scope.resolve(ProfileHandler.self)
        guard handler.context === again.context else {
            throw CorpusFailure(message: "two contexts in one request")
        }
        let body = handler.handle(userID: userID)
        try await scope.close()
        return body
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(ServerModule())
        let server = Server(container: container)

        let first = try await server.respond(requestID: "r-1", userID: "u1")
        let second = try await server.respond(requestID: "r-2", userID: "u2")
        guard first == "[r-1] Ada", second == "[r-2] Grace" else {
            throw CorpusFailure(message: "the server answered \(first), \(second)")
        }

        var options = ValidationOptions(dryRun: true)
        options.provide(RequestID(value: "sample"))
        let report = await Container.validate(modules: [ServerModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
