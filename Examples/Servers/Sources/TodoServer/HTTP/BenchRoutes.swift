import Hummingbird
import TodoDomain
import WiringHummingbird
import WiringLogging

/// The load test's two routes (see ``TodoDomain/Greeting``): `/bench/wired` resolves the
/// greeting from the request scope, `/bench/manual` builds the same graph by hand.
enum BenchRoutes {
    static func add(
        to router: Router<TodoContext>,
        scopes: RequestScopeMiddleware<TodoContext>,
        recording methods: inout AllowedMethods
    ) {
        router.group("bench/wired").add(middleware: scopes).get { _, context in
            GreetingResponse(greeting: try context.resolve(Greeting.self))
        }
        methods.record("bench/wired", .get)
        let greeter = Greeter()
        methods.on(router, "bench/manual", .get) { _, context in
            GreetingResponse(greeting: Greeting(requestID: RequestIdentifier(context.id), greeter: greeter))
        }
    }
}

/// A greeting as Hummingbird's JSON response.
struct GreetingResponse: ResponseEncodable {
    let greeting: Greeting

    func encode(to encoder: any Encoder) throws {
        try greeting.encode(to: encoder)
    }
}
