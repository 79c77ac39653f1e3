import Fluent
import FluentSQLiteDriver
import SQLiteNIO
import TodoDomain
public import TodoTelemetry
public import Vapor
import Wiring
public import WiringVapor

/// The request-scoped stores over Fluent, forwarded to the domain's protocols; the service
/// over them is the domain's own module, shared with the Hummingbird example.
struct FluentStoresModule: Module {
    var registrations: Registrations {
        instance(UnitOfWorkStatistics())
        scoped(in: "request") { r in UnitOfWork(statistics: try r.resolve()) }
            .onDispose { work in work.dispose() }
        autowire(lifetime: .scoped("request"), FluentUserStore.init(database:)).forwarding(to: (any UserStore).self) { $0 }
        autowire(lifetime: .scoped("request"), FluentTodoStore.init(database:)).forwarding(to: (any TodoStore).self) { $0 }
    }
}

/// Configures `app` as the example server on the SQLite file at `databasePath`: Fluent and its
/// migration, the container (the domain's module and the Fluent stores), the JSON errors, and
/// the routes, each request in a scope of its own and a transaction, and the load test's
/// `/bench` routes.
///
/// - Returns: the request-scope middleware, whose counters tell how many scopes were opened
///   and closed.
@discardableResult
public func configureTodoVapor(
    _ app: Application,
    databasePath: String,
    telemetry: Telemetry? = nil
) async throws -> WiringMiddleware {
    // Opened once first, as the Hummingbird example's pool opens it: a file it cannot open is
    // then one start-up message, where Fluent's pool would also log its failed connection.
    do {
        try await SQLiteConnection.open(storage: .file(path: databasePath)).close()
    } catch {
        throw StartupProblem.databaseUnavailable(path: databasePath, reason: "\(error)")
    }
    app.databases.use(.sqlite(.file(databasePath)), as: .sqlite)
    app.migrations.add(CreateTables())
    try app.wiring.install(DomainModule(), FluentStoresModule(), GreetingModule())
    app.wiring.registerRequestDatabase()
    app.routes.defaultMaxBodySize = ByteCount(value: Input.maximumBodySize)
    app.middleware = Middlewares()
    app.responder.use { app in AbsoluteFormResponder(next: app.responder.default) }
    if let telemetry {
        telemetry.observe(app.wiring)
        // Before the request scopes: the scope and the builds are spans of the request's span.
        if telemetry.tracer != nil { app.middleware.use(TracingMiddleware()) }
    }
    app.middleware.use(JSONErrorMiddleware())
    let scopes = WiringMiddleware(
        app,
        roots: [UnitOfWork.self, (any UserStore).self, (any TodoStore).self, UserService.self, Greeting.self]
    )
    var methods = AllowedMethods()
    methods.on(app, .GET, "health") { _ in Response(status: .ok, body: "ok") }
    if let telemetry, telemetry.prometheus != nil {
        methods.on(app, .GET, "metrics") { _ in Response(status: .ok, body: .init(string: telemetry.prometheusText())) }
    }
    Routes.add(to: app.grouped(scopes).grouped(UnitOfWorkMiddleware()), recording: &methods)
    Routes.addBench(to: app, scopes: scopes, recording: &methods)
    methods.answerOtherMethods(on: app)
    do {
        try await app.autoMigrate()
    } catch {
        throw StartupProblem.databaseUnavailable(path: databasePath, reason: "\(error)")
    }
    return scopes
}
