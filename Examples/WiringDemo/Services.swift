// The services of a small online shop. Each one records itself in `BuildLog` when it is built,
// so the demo can print what the container built, in which order and with which lifetime.
import Foundation
import Wiring

/// A thread-safe record of every service built, in build order.
final class BuildLog: Sendable {
    static let shared = BuildLog()
    /// Service name and lifetime; a `nil` lifetime marks a note, such as a hook that ran.
    private let events = Locked<[(String, Lifetime?)]>([])
    private let printed = Locked(0)

    func built<T>(_ service: T.Type, _ lifetime: Lifetime, as name: String? = nil) {
        events.withLock { $0.append((name ?? String(describing: service), lifetime)) }
    }
    func note(_ text: String) { events.withLock { $0.append((text, nil)) } }

    /// Prints the events recorded since the last call, numbering builds across calls.
    func printNew() {
        for (name, lifetime) in events.withLock({
            let new = $0; $0 = []; return new
        }) {
            if let lifetime {
                let number = printed.withLock {
                    $0 += 1; return $0
                }
                print("  \(String(number).padded(2, left: true)). \(name.padded(24))\(lifetime)")
            } else {
                print("        ↳ \(name)")
            }
        }
    }
}

extension String {
    func padded(_ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - count))
        return left ? fill + self : self + fill
    }
}

// MARK: - Infrastructure

final class Configuration: Sendable {
    let primaryURL = "postgres://db-primary:5432/shop"
    let replicaURL = "postgres://db-replica:5432/shop"
    let mailAPI = "https://mail.example.com"
    let statusAPI = "https://status.example.com"
    let poolSize = 8
    init() { BuildLog.shared.built(Self.self, .singleton) }
}

protocol Logging: AnyObject, Sendable { func log(_ message: String) }
final class ConsoleLogger: Logging {
    private let metrics = Locked<Metrics?>(nil)
    init(config: Configuration) { BuildLog.shared.built(Self.self, .singleton) }
    /// Property injection, done by a post-construction hook.
    func attach(metrics: Metrics) { self.metrics.withLock { $0 = metrics } }
    func log(_ message: String) { metrics.withLock { $0 }?.increment("log.lines") }
}

protocol AppClock: Sendable { var now: Int { get } }
final class FixedClock: AppClock {
    let now = 1_700_000_000
    init() { BuildLog.shared.built(Self.self, .singleton) }
}

final class Metrics: Sendable {
    private let counters = Locked<[String: Int]>([:])
    init(config: Configuration) { BuildLog.shared.built(Self.self, .eagerSingleton) }
    func increment(_ name: String) { counters.withLock { $0[name, default: 0] += 1 } }
    func value(_ name: String) -> Int { counters.withLock { $0[name, default: 0] } }
}

enum DB: Hashable, Sendable { case primary, replica }
final class ConnectionPool: Sendable {
    init(role: DB, url: String, size: Int, logger: any Logging) {
        logger.log("pool \(role) ready: \(url), \(size) connections")
        BuildLog.shared.built(Self.self, .eagerSingleton, as: "ConnectionPool .\(role)")
    }
}

final class InMemoryCache: Sendable {
    init(clock: any AppClock, metrics: Metrics) { BuildLog.shared.built(Self.self, .singleton) }
}

final class HTTPClient: Sendable {
    let baseURL: String
    let timeout: Int
    init(baseURL: String, timeout: Int, logger: any Logging) {
        (self.baseURL, self.timeout) = (baseURL, timeout)
        BuildLog.shared.built(Self.self, .transient)
    }
}

protocol MailSending: AnyObject, Sendable { var name: String { get } }
final class SMTPMailer: MailSending {
    let name = "SMTPMailer"
    init(http: HTTPClient, logger: any Logging) { BuildLog.shared.built(Self.self, .singleton) }
}

/// A test double that keeps mails instead of sending them.
final class OutboxMailer: MailSending {
    let name = "OutboxMailer"
    init() { BuildLog.shared.built(Self.self, .singleton) }
}

final class PasswordHasher: Sendable { init() { BuildLog.shared.built(Self.self, .transient) } }
final class HealthCheck: Sendable {
    init(primary: ConnectionPool, replica: ConnectionPool, status: HTTPClient) {
        BuildLog.shared.built(Self.self, .singleton)
    }
}

// MARK: - Repositories and domain services

final class UserRepository: Sendable {
    init(pool: ConnectionPool, cache: InMemoryCache) { BuildLog.shared.built(Self.self, .singleton) }
}
final class OrderRepository: Sendable {
    init(pool: ConnectionPool, logger: any Logging) { BuildLog.shared.built(Self.self, .singleton) }
}
final class ProductRepository: Sendable {
    init(pool: ConnectionPool, cache: InMemoryCache) { BuildLog.shared.built(Self.self, .singleton) }
}

final class UserService: Sendable {
    let mailer: any MailSending
    init(users: UserRepository, hasher: PasswordHasher, mailer: any MailSending, logger: any Logging) {
        self.mailer = mailer
        BuildLog.shared.built(Self.self, .singleton)
    }
}

final class CatalogService: Sendable {
    init(products: ProductRepository, cache: InMemoryCache) { BuildLog.shared.built(Self.self, .singleton) }
}

final class OrderService: Sendable {
    private let lastNumber = Locked(1000)
    init(orders: OrderRepository, users: UserService, catalog: CatalogService, metrics: Metrics) {
        BuildLog.shared.built(Self.self, .singleton)
    }
    func placeOrder() -> Int {
        lastNumber.withLock {
            $0 += 1; return $0
        }
    }
}

final class NotificationService: Sendable {
    let mailer: any MailSending
    init(mailer: any MailSending, logger: any Logging) {
        self.mailer = mailer
        BuildLog.shared.built(Self.self, .transient)
    }
}

// MARK: - Per request

final class RequestIDGenerator: Sendable {
    private let counter = Locked(0)
    init() { BuildLog.shared.built(Self.self, .singleton) }
    func next() -> String {
        counter.withLock {
            $0 += 1; return "req-\($0)"
        }
    }
}

final class RequestContext: Sendable {
    let requestID: String
    init(ids: RequestIDGenerator, clock: any AppClock) {
        requestID = ids.next()
        BuildLog.shared.built(Self.self, .scoped("request"))
    }
}

final class UnitOfWork: Sendable {
    let pool: ConnectionPool
    init(context: RequestContext, pool: ConnectionPool) {
        self.pool = pool
        BuildLog.shared.built(Self.self, .scoped)
    }
}

final class OrderController: Sendable {
    let context: RequestContext
    let unitOfWork: UnitOfWork
    let orders: OrderService
    init(context: RequestContext, unitOfWork: UnitOfWork, orders: OrderService, notifications: NotificationService) {
        (self.context, self.unitOfWork, self.orders) = (context, unitOfWork, orders)
        BuildLog.shared.built(Self.self, .transient)
    }
}

final class App: Sendable {
    init(
        config: Configuration, users: UserService, orders: OrderService, catalog: CatalogService,
        health: HealthCheck
    ) {
        BuildLog.shared.built(Self.self, .singleton)
    }
}

// MARK: - For the failures

protocol PaymentGateway: Sendable {}
final class StripePaymentGateway: PaymentGateway { init(http: HTTPClient) {} }
final class CheckoutService: Sendable { init(payments: any PaymentGateway, orders: OrderService) {} }
final class StorefrontApp: Sendable { init(checkout: CheckoutService, catalog: CatalogService) {} }
final class AuditTrail: Sendable { init(sessions: SessionStore) {} }
final class SessionStore: Sendable { init(audit: AuditTrail) {} }

// MARK: - Call-site injection

protocol Analytics: Sendable { func track(_ event: String) }

/// A page of the shop that injects with property wrappers instead of initializer parameters.
/// Its factory (`transient { OrderPage() }`) runs in a request scope, so `@Wired` resolves the
/// scope's RequestContext.
struct OrderPage: Sendable {
    @Wired var context: RequestContext
    @Wired var catalog: CatalogService
    /// Resolved on first read: rendering a page that sends nothing builds no NotificationService.
    @LazyWired var notifications: NotificationService
    /// Analytics are optional: the page works without them.
    @OptionalWired var analytics: (any Analytics)?

    init() { BuildLog.shared.built(Self.self, .transient) }
}

// MARK: - A server: async start-up, plugins, decorators, shutdown

/// A connection pool that connects asynchronously and must be closed at shutdown.
final class DatabasePool: Sendable {
    static let connections = Locked<Int>(0)
    let url: String

    private init(url: String) { self.url = url }

    static func connect(url: String) async throws -> DatabasePool {
        try await Task.sleep(for: .milliseconds(20))  // the handshake
        connections.withLock { $0 += 1 }
        return DatabasePool(url: url)
    }

    func close() async {
        print("  teardown: DatabasePool closed")
    }
}

protocol ServerPlugin: Sendable { var name: String { get } }
struct AuthPlugin: ServerPlugin { let name = "auth" }
struct MetricsPlugin: ServerPlugin { let name = "metrics" }
struct CompressionPlugin: ServerPlugin { let name = "compression" }

protocol RequestHandler: Sendable { var name: String { get } }
struct UsersHandler: RequestHandler {
    let pool: DatabasePool
    var name: String { "users(\(pool.url))" }
}
/// A decorator: times the handler it wraps.
struct TimedHandler: RequestHandler {
    let inner: any RequestHandler
    var name: String { "timed(\(inner.name))" }
}

/// A per-request log, flushed when the request scope closes.
final class RequestLog: Disposable, Sendable {
    func dispose() throws { print("  teardown: RequestLog flushed") }
}

/// A value behind a lock, for the services' mutable state. (`Mutex`, from Synchronization, needs
/// macOS 15 / iOS 18; the demo runs wherever Wiring does.)
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
