public import Wiring
public import WiringLogging

/// The handler the load test uses to measure what the request scope costs, the same in both
/// servers: a small object graph resolved from the request scope on `/bench/wired` and built by
/// hand on `/bench/manual`. Neither touches the database.
public final class Greeting: Sendable, Encodable {
    let requestID: String
    let greeter: Greeter

    /// A greeting for the request; the container builds it (auto-wired).
    public init(requestID: RequestIdentifier, greeter: Greeter) {
        self.requestID = requestID.value
        self.greeter = greeter
    }

    /// `{"message": "hello", "request": "<the request's id>"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(["message": greeter.greet(), "request": requestID])
    }
}

/// The singleton a ``Greeting`` uses.
public final class Greeter: Sendable {
    /// A greeter.
    public init() {}

    func greet() -> String { "hello" }
}

/// Registers the greeting: a request-scoped graph over a singleton.
public struct GreetingModule: Module {
    /// The module.
    public init() {}

    /// `Greeter`, one per container, and `Greeting`, one per request, both auto-wired.
    public var registrations: Registrations {
        autowire(lifetime: .singleton, Greeter.init)
        autowire(lifetime: .scoped("request"), Greeting.init)
    }
}
