import Hummingbird
import Vapor
import Wiring
import WiringHummingbird
import WiringVapor

/// A service each request gets its own instance of.
final class Greeting: Sendable {
    let text = "hello"
}

/// A Vapor route that resolves from `req.wiring`, the request's scope.
func configureVapor(_ app: Application) {
    app.wiring.register(Greeting.self, lifetime: .scoped("request")) { _ in Greeting() }
    app.middleware.use(WiringMiddleware(app, roots: [Greeting.self]))
    app.get("hello") { req in try req.wiring.resolve(Greeting.self).text }
}

/// A Hummingbird router whose requests each get a scope from `RequestScopeMiddleware`.
func hummingbirdRouter(_ container: Container) throws -> Router<BasicWiringRequestContext> {
    container.register(Greeting.self, lifetime: .scoped("request")) { _ in Greeting() }
    let router = Router(context: BasicWiringRequestContext.self)
    router.add(middleware: try RequestScopeMiddleware(container: container, roots: [Greeting.self]))
    router.get("hello") { _, context in try context.resolve(Greeting.self).text }
    return router
}

// Built, not served: the check is that the integrations compile and link for a user.
let router = try hummingbirdRouter(Container())
print("Vapor and Hummingbird routes built: \(type(of: configureVapor)), \(type(of: router))")
