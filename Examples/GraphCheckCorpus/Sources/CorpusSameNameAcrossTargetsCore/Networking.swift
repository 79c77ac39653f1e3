/// The dependency half of `CorpusSameNameAcrossTargets`: a networking layer with its own
/// `HTTPClient`, registered by its own module. The app target declares another type named
/// `HTTPClient`; the two are different types, so different keys.
import Wiring

/// The networking layer's client.
public struct HTTPClient: Sendable {
    public let baseURL: String
    public let userAgent: String
}

/// Fetches feeds with the networking layer's client.
public struct FeedFetcher: Sendable {
    public let client: HTTPClient

    public func url(of feed: String) -> String { "\(client.baseURL)/feeds/\(feed)" }
}

/// The networking layer's wiring.
public struct NetworkingModule: Module {
    public init() {}

    public var registrations: Registrations {
        singleton { HTTPClient(baseURL: "https://api.example.com", userAgent: "Corpus/1.0") }
        transient { r in FeedFetcher(client: try r.resolve()) }
    }
}
