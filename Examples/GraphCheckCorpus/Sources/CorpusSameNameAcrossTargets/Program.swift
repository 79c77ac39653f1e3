/// Shape: a type declared in the app target (`HTTPClient`) and another type with the same name in
/// a dependency target of the same package (`CorpusSameNameAcrossTargetsCore.HTTPClient`); each
/// target's module registers its own, and both modules are installed together.
///
/// Why it is correct: the two `HTTPClient`s are different types (their modules differ), so their
/// registrations are two keys, not one declared twice. Inside this target `HTTPClient` names the
/// app's own type, which shadows the imported one; the core's is read by its own module's factory.
import CorpusSameNameAcrossTargetsCore
import Wiring

struct CorpusFailure: Error {
    let message: String
}

/// The app's own client, for its analytics endpoint: not the networking layer's.
struct HTTPClient: Sendable {
    let host: String
}

struct AnalyticsUploader: Sendable {
    let client: HTTPClient
}

struct AppModule: Module {
    var registrations: Registrations {
        NetworkingModule()
        singleton { HTTPClient(host: "analytics.example.com") }
        singleton { r in AnalyticsUploader(client: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule(), NetworkingModule())

        let uploader = try container.resolve(AnalyticsUploader.self)
        let fetcher = try container.resolve(FeedFetcher.self)
        let coreClient = try container.resolve(CorpusSameNameAcrossTargetsCore.HTTPClient.self)
        guard uploader.client.host == "analytics.example.com" else {
            throw CorpusFailure(message: "the app's HTTPClient is wrong: \(uploader.client)")
        }
        guard fetcher.url(of: "news") == "https://api.example.com/feeds/news", coreClient.userAgent == "Corpus/1.0" else {
            throw CorpusFailure(message: "the networking layer's HTTPClient is wrong: \(coreClient)")
        }

        let report = await Container.validate(
            modules: [AppModule(), NetworkingModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
