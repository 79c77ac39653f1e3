// Wiring demo: wires a small online shop (AppModules.swift) into the default container and
// shows, deterministically,
//   - the build order and lifetime of every service, eager singletons first (`container.start()`);
//   - call-site injection: a page with @Wired, @LazyWired and @OptionalWired properties;
//   - singletons shared everywhere, scoped instances shared within one request scope only;
//   - a child container overriding one service for tests;
//   - what a user sees when a registration is missing, and when two services form a cycle;
//   - a server: an async singleton built once for concurrent callers, plugins collected from
//     contributions, a decorator, and teardown at request end and at shutdown;
//   - validation of the whole graph before use, and the graph written as a Graphviz file
//     (to the path given as the first argument, or to the temporary directory).
import Foundation
import Synchronization
import Wiring

/// Prints whether `a` and `b` are one instance, in aligned columns.
func compare(_ label: String, _ a: AnyObject, _ b: AnyObject, _ lifetime: String) {
    print("  \(label.padded(42))\((a === b ? "same instance" : "different instances").padded(21))(\(lifetime))")
}

print("== Wiring demo ==")
let container = Container.default
do {
    try container.install(AppModule())
} catch {
    fatalError("the demo's modules are inconsistent:\n\(error)")
}
print("An online shop: 5 modules, installed with `try Container.default.install(AppModule())`.")
do {
    print("\n== Build order ==")
    print("try container.start()  — eager singletons, in registration order:")
    try container.start()
    BuildLog.shared.printNew()
    print("try container.resolve(App.self)  — everything else the app needs:")
    let app = try container.resolve(App.self)
    BuildLog.shared.printNew()

    print("\n== Shared instances and runtime arguments ==")
    let api = try container.resolve(HTTPClient.self, arguments: "https://api.example.com", 30)
    let reports = try container.resolve(HTTPClient.self, arguments: "https://reports.example.com", 120)
    BuildLog.shared.printNew()
    let mailer = try container.resolve((any MailSending).self)
    compare("App, resolved twice", app, try container.resolve(App.self), "singleton")
    compare(
        "any Logging and ConsoleLogger", try container.resolve((any Logging).self),
        try container.resolve(ConsoleLogger.self), "forwarded singleton")
    compare(
        "any MailSending and UserService's mailer", mailer, try container.resolve(UserService.self).mailer,
        "forwarded singleton")
    compare("HTTPClient for api and for reports", api, reports, "transient")
    print("  clients: \(api.baseURL) (timeout \(api.timeout)s), \(reports.baseURL) (timeout \(reports.timeout)s)")
    let logLines = try container.resolve(Metrics.self).value("log.lines")
    print("  Metrics counted \(logLines) log lines: the onResolved hook attached it to the logger.")

    print("\n== Call-site injection ==")
    print("OrderPage has @Wired, @LazyWired and @OptionalWired properties and a plain init():")
    let request = container.makeScope("request")
    let page = try request.resolve(OrderPage.self)
    BuildLog.shared.printNew()
    print("  @Wired context: request \(page.context.requestID), from the scope OrderPage was built in")
    print("  @OptionalWired analytics: \(page.analytics == nil ? "nil (not registered)" : "registered")")
    print("  @LazyWired notifications, first read:")
    _ = page.notifications
    BuildLog.shared.printNew()
    let samePage = withContainer(request) { OrderPage() }
    BuildLog.shared.printNew()
    compare("OrderPage() in withContainer(request)", samePage.context, page.context, "scoped(request)")

    print("\n== Request scopes ==")
    let (request1, request2) = (container.makeScope("request"), container.makeScope("request"))
    print("Two OrderControllers in request scope 1, one in request scope 2:")
    let (a, b, c) = (
        try request1.resolve(OrderController.self), try request1.resolve(OrderController.self),
        try request2.resolve(OrderController.self)
    )
    BuildLog.shared.printNew()
    for (label, controller) in [("A (scope 1)", a), ("B (scope 1)", b), ("C (scope 2)", c)] {
        let order = controller.orders.placeOrder()
        print("  controller \(label): request \(controller.context.requestID), placed order #\(order)")
    }
    compare("A and B: OrderController", a, b, "transient")
    compare("A and B: RequestContext", a.context, b.context, "scoped(request)")
    compare("A and B: UnitOfWork", a.unitOfWork, b.unitOfWork, "scoped")
    compare("A and C: RequestContext", a.context, c.context, "scoped(request)")
    compare("A and C: UnitOfWork", a.unitOfWork, c.unitOfWork, "scoped")
    compare("A and C: OrderService", a.orders, c.orders, "singleton")
    compare("A and C: the primary ConnectionPool", a.unitOfWork.pool, c.unitOfWork.pool, "eager singleton")
    do {
        _ = try container.resolve(RequestContext.self)
    } catch {
        print("  RequestContext outside any scope: error code \"\(error.code)\"")
    }

    print("\n== A child container ==")
    print("A child for tests overrides any MailSending with an OutboxMailer:")
    let tests = container.makeChild()
    try tests.install(Registrations { $0.singleton((any MailSending).self) { OutboxMailer() } })
    let fromChild = try tests.resolve(NotificationService.self)
    let fromParent = try container.resolve(NotificationService.self)
    let usersFromChild = try tests.resolve(UserService.self)
    BuildLog.shared.printNew()
    print("  NotificationService (transient) from the child sends with   \(fromChild.mailer.name)")
    print("  NotificationService (transient) from the parent sends with  \(fromParent.mailer.name)")
    print("  UserService (singleton, lives in the parent) sends with      \(usersFromChild.mailer.name)")
} catch {
    print("unexpected error:\n\(error)")
}

print("\n== A broken registration ==")
// A new storefront feature. Its payment gateway is registered under its concrete type only:
// the `.forwarding(to: (any PaymentGateway).self) { $0 }` is missing.
let storefront = container.makeChild()
storefront.register(StripePaymentGateway.self, lifetime: .singleton) { r in
    StripePaymentGateway(http: try r.resolve(arguments: "https://payments.example.com", 5))
}
storefront.autowire(CheckoutService.self, CheckoutService.init(payments:orders:))
storefront.autowire(StorefrontApp.self, StorefrontApp.init(checkout:catalog:))
do {
    _ = try storefront.resolve(StorefrontApp.self)
} catch {
    print("try storefront.resolve(StorefrontApp.self) threw code \"\(error.code)\", path \(error.path):\n")
    print(error)
}

print("\n== A cycle ==")
let cyclic = Container()
cyclic.register(AuditTrail.self, lifetime: .singleton) { r in AuditTrail(sessions: try r.resolve()) }
cyclic.register(SessionStore.self, lifetime: .singleton) { r in SessionStore(audit: try r.resolve()) }
do {
    _ = try cyclic.resolve(AuditTrail.self)
} catch {
    print("try cyclic.resolve(AuditTrail.self) threw code \"\(error.code)\":\n")
    print(error)
}

print("\n== A server: async start-up, plugins, decorators, shutdown ==")
let server = Container()
server.register(DatabasePool.self, lifetime: .singleton) { _ async throws in
    try await DatabasePool.connect(url: "postgres://db/shop")
}
.onDispose { pool in await pool.close() }
server.contribute(to: [any ServerPlugin].self) { _ in AuthPlugin() }
server.contribute(to: [any ServerPlugin].self, lifetime: .singleton) { _ in MetricsPlugin() }
server.contribute(to: [any ServerPlugin].self) { _ in CompressionPlugin() }
server.register((any RequestHandler).self) { r in UsersHandler(pool: try r.resolve()) }
    .decorated { _, inner in TimedHandler(inner: inner) }
server.register(RequestLog.self, lifetime: .scoped) { _ in RequestLog() }
do {
    // Eight requests arrive during start-up: one connection is made, and all eight share it.
    let pools = try await withThrowingTaskGroup(of: DatabasePool.self) { group in
        for _ in 0..<8 { group.addTask { try await server.resolveAsync(DatabasePool.self) } }
        var pools: [DatabasePool] = []
        for try await pool in group { pools.append(pool) }
        return pools
    }
    let connections = DatabasePool.connections.withLock { $0 }
    let shared = pools.allSatisfy { $0 === pools[0] }
    print("  8 concurrent resolveAsync(DatabasePool.self): \(connections) connection, same instance: \(shared)")
    print("  plugins, in contribution order: \(try server.resolve([any ServerPlugin].self).map(\.name))")
    print("  the handler, decorated: \(try server.resolve((any RequestHandler).self).name)")
    let request = server.makeScope("request")
    _ = try request.resolve(RequestLog.self)
    try await request.close()
    try await server.shutdown()
    do {
        _ = try server.resolve([any ServerPlugin].self)
    } catch {
        print("  after shutdown: error code \"\(error.code)\"")
    }
} catch {
    print("unexpected error:\n\(error)")
}

print("\n== Validation before use ==")
// What a start-up check or a one-line test does: every problem at once, before any request.
print("try storefront.validate(ValidationOptions(dryRun: true)) — the broken feature again:\n")
print(storefront.validate(ValidationOptions(dryRun: true)).findings.map(\.description).joined(separator: "\n\n"))
let roots: [Any.Type] = [App.self, OrderController.self, OrderPage.self]
let report = container.validate(ValidationOptions(roots: roots, dryRun: true))
print("\ncontainer.validate(roots: App, OrderController, OrderPage; dry run) — the shop itself:\n")
print(report)

// The application's graph, for documentation and code review (render it with Graphviz:
// `dot -Tsvg wiring-demo-graph.dot -o graph.svg`).
let graphPath =
    CommandLine.arguments.dropFirst().first
    ?? FileManager.default.temporaryDirectory
    .appendingPathComponent("wiring-demo-graph.dot").path
let graph = container.dependencyGraph(ValidationOptions(dryRun: true))
do {
    try graph.dot().write(toFile: graphPath, atomically: true, encoding: .utf8)
    print("\nWrote the graph (\(graph.nodes.count) nodes, \(graph.edges.count) edges) to \(graphPath)")
} catch {
    print("\nCould not write the graph to \(graphPath): \(error)")
}

print("\nDemo finished.")
