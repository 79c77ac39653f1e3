import Vapor
import Wiring
import WiringVapor

/// A Vapor app whose route resolves from `req.wiring`, the request's scope.
func configureVapor() async throws {
    let app = try await Application.make(.testing)
    app.wiring.register(Greeting.self, lifetime: .scoped("request")) { _ in Greeting() }
    app.middleware.use(WiringMiddleware(app, roots: [Greeting.self]))
    app.get("hello") { req in try req.wiring.resolve(Greeting.self).text }
    try await app.asyncShutdown()
}
