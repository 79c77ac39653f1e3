public import Hummingbird
import Wiring
import WiringHummingbird
public import WiringLogging

/// The handler the load test uses to measure what the request scope costs: the same small
/// object graph, resolved from the request scope on `/bench/wired` and built by hand on
/// `/bench/manual`. Neither touches the database.
public final class Greeting: Sendable, ResponseEncodable {
    let requestID: String
    let greeter: Greeter

    /// A greeting for the request; the container builds it (auto-wired).
    public init(requestID: RequestIdentifier, greeter: Greeter) {
        self.requestID = requestID.value
        self.greeter = greeter
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(["message": greeter.greet(), "request": requestID])
    }

    static func addRoutes(
        to router: Router<TodoContext>,
        scopes: RequestScopeMiddleware<TodoContext>,
        recording methods: inout AllowedMethods
    ) {
        router.group("bench/wired").add(middleware: scopes).get { _, context in
            try context.resolve(Greeting.self)
        }
        methods.record("bench/wired", .get)
        let greeter = Greeter()
        methods.on(router, "bench/manual", .get) { _, context in
            Greeting(requestID: RequestIdentifier(context.id), greeter: greeter)
        }
    }
}

/// The singleton a ``Greeting`` uses.
public final class Greeter: Sendable {
    /// A greeter.
    public init() {}

    func greet() -> String { "hello" }
}

/// Registers the greeting: a request-scoped graph over a singleton.
struct GreetingModule: Module {
    var registrations: Registrations {
        autowire(lifetime: .singleton, Greeter.init)
        autowire(lifetime: .scoped("request"), Greeting.init)
    }
}
