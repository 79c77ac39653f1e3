import Hummingbird
import Wiring
import WiringHummingbird

/// A Hummingbird router whose requests each get a scope from `RequestScopeMiddleware`.
func configureHummingbird() throws {
    let container = Container()
    container.register(Greeting.self, lifetime: .scoped("request")) { _ in Greeting() }
    let router = Router(context: BasicWiringRequestContext.self)
    router.add(middleware: try RequestScopeMiddleware(container: container, roots: [Greeting.self]))
    router.get("hello") { _, context in try context.resolve(Greeting.self).text }
}
