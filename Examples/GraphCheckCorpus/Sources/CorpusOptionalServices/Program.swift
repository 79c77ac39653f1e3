/// Shape: optional services. A server reads an optional `ResponseCache?` with `try r.resolve()`
/// (typed by the parameter), an optional tracer with `try r.resolveIfRegistered()`, and optional
/// metrics through a `wiredIfRegistered()` default. The cache is registered; the tracer and the
/// metrics are not, in this deployment.
///
/// Why it is correct: a request for `T?` is served by the registration of `T`, so the cache is
/// found; `resolveIfRegistered` and `wiredIfRegistered` return `nil` for what is not registered,
/// which is what the server expects when tracing and metrics are off: nothing is missing.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

final class ResponseCache: Sendable {
    let maxEntries: Int

    init(maxEntries: Int) {
        self.maxEntries = maxEntries
    }
}

protocol RequestTracer: Sendable {
    func span(_ name: String) -> String
}

protocol MetricsSink: Sendable {
    func increment(_ counter: String)
}

final class APIServer: Sendable {
    let cache: ResponseCache?
    let tracer: (any RequestTracer)?
    let metrics: (any MetricsSink)?

    init(cache: ResponseCache?, tracer: (any RequestTracer)?, metrics: (any MetricsSink)? = wiredIfRegistered()) {
        self.cache = cache
        self.tracer = tracer
        self.metrics = metrics
    }

    func handle(_ path: String) -> String {
        metrics?.increment("requests")
        let traced = tracer?.span(path) ?? path
        return cache == nil ? "uncached \(traced)" : "cached \(traced)"
    }
}

struct ServerModule: Module {
    var registrations: Registrations {
        singleton { ResponseCache(maxEntries: 1_000) }
        singleton { r in APIServer(cache: try r.resolve(), tracer: try r.resolveIfRegistered()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(ServerModule())

        let server = try container.resolve(APIServer.self)
        guard server.handle("/orders") == "cached /orders", server.tracer == nil, server.metrics == nil else {
            throw CorpusFailure(message: "the server answered \(server.handle("/orders"))")
        }
        guard server.cache === (try container.resolve(ResponseCache.self)) else {
            throw CorpusFailure(message: "ResponseCache? was not served by ResponseCache's registration")
        }

        let report = await Container.validate(modules: [ServerModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
