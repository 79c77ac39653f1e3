/// Shape: a struct with a memberwise initializer and `var context: RequestContext = wired()`,
/// where `RequestContext` is scoped. Its singleton factory passes the context explicitly, a
/// system context for background work, and request handlers get theirs from the scope.
///
/// Why it is correct: a stored property's initial value becomes the memberwise initializer's
/// default argument, evaluated only when the caller leaves the argument out. The singleton's
/// factory passes one, so the scoped registration is never read there (no captive dependency);
/// the scoped factory reads the context through the scope it resolves in.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

final class RequestContext: Sendable {
    let origin: String

    init(origin: String) {
        self.origin = origin
    }
}

struct AuditLogger: Sendable {
    var context: RequestContext = wired()
    let destination: String

    func record(_ event: String) -> String { "\(destination): \(event) by \(context.origin)" }
}

struct AuditModule: Module {
    var registrations: Registrations {
        scoped { RequestContext(origin: "request") }
        // Background jobs audit as the system, not as a request.
        singleton { AuditLogger(context: RequestContext(origin: "system"), destination: "audit.log") }
        scoped(tag: "request") { r in AuditLogger(context: try r.resolve(), destination: "audit.log") }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AuditModule())

        let background = try container.resolve(AuditLogger.self)
        let scope = container.makeScope()
        let perRequest = try scope.resolve(AuditLogger.self, tag: "request")
        let context = try scope.resolve(RequestContext.self)
        let events = [background.record("cleanup"), perRequest.record("login")]
        guard events == ["audit.log: cleanup by system", "audit.log: login by request"], perRequest.context === context else {
            throw CorpusFailure(message: "audited \(events)")
        }
        try await scope.close()

        let report = await Container.validate(modules: [AuditModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
