// The composition root: the shop's registrations, one module per layer. `AppModule` includes
// the others; main.swift installs it into `Container.default`.
import Wiring

/// Configuration, logging, clock and metrics.
struct InfrastructureModule: Module {
    var registrations: Registrations {
        singleton { Configuration() }
        // Registered once under its concrete type and forwarded to the protocol services depend
        // on, so `any Logging` and `ConsoleLogger` are the same instance.
        singleton { r in ConsoleLogger(config: try r.resolve()) }
            .forwarding(to: (any Logging).self) { $0 }
            .onResolved { r, logger in
                logger.attach(metrics: try r.resolve())  // property injection, after construction
                BuildLog.shared.note("onResolved: ConsoleLogger.attach(metrics:)")
            }
        singleton { FixedClock() }
            .forwarding(to: (any AppClock).self) { $0 }
        autowire(lifetime: .eagerSingleton, Metrics.init(config:))
    }
}

/// Two databases (one type, two tags), the cache and the repositories.
struct PersistenceModule: Module {
    var registrations: Registrations {
        // Eager, so that a bad URL fails at start-up, not mid-request.
        for role in [DB.primary, DB.replica] {
            eagerSingleton(ConnectionPool.self, tag: role) { r in
                let config: Configuration = try r.resolve()
                let url = role == .primary ? config.primaryURL : config.replicaURL
                return ConnectionPool(role: role, url: url, size: config.poolSize, logger: try r.resolve())
            }
        }
        autowire(lifetime: .singleton, InMemoryCache.init(clock:metrics:))
        // Writes go to the primary, catalogue reads to the replica.
        singleton { r in UserRepository(pool: try r.resolve(tag: DB.primary), cache: try r.resolve()) }
        singleton { r in OrderRepository(pool: try r.resolve(tag: DB.primary), logger: try r.resolve()) }
        singleton { r in ProductRepository(pool: try r.resolve(tag: DB.replica), cache: try r.resolve()) }
    }
}

/// Outgoing HTTP and mail.
struct NetworkModule: Module {
    var registrations: Registrations {
        InfrastructureModule()  // included twice in AppModule on purpose: it is installed once
        // Built from runtime arguments: each caller passes its base URL and timeout.
        transient(HTTPClient.self) { (r: Resolver, baseURL: String, timeout: Int) in
            HTTPClient(baseURL: baseURL, timeout: timeout, logger: try r.resolve())
        }
        singleton(SMTPMailer.self) { r in
            let config: Configuration = try r.resolve()
            return SMTPMailer(http: try r.resolve(arguments: config.mailAPI, 10), logger: try r.resolve())
        }
        .forwarding(to: (any MailSending).self) { $0 }
        singleton(HealthCheck.self) { r in
            let status: HTTPClient = try r.resolve(arguments: try r.resolve(Configuration.self).statusAPI, 2)
            return HealthCheck(
                primary: try r.resolve(tag: DB.primary), replica: try r.resolve(tag: DB.replica), status: status)
        }
    }
}

/// Domain services, auto-wired: every parameter is resolved by its type.
struct DomainModule: Module {
    var registrations: Registrations {
        transient { PasswordHasher() }
        autowire(lifetime: .singleton, UserService.init(users:hasher:mailer:logger:))
        autowire(lifetime: .singleton, CatalogService.init(products:cache:))
        autowire(lifetime: .singleton, OrderService.init(orders:users:catalog:metrics:))
        autowire(NotificationService.init(mailer:logger:))
    }
}

/// Per request: one context and one unit of work per request scope, a new controller per resolve.
struct WebModule: Module {
    var registrations: Registrations {
        autowire(lifetime: .singleton, RequestIDGenerator.init)
        autowire(lifetime: .scoped("request"), RequestContext.init(ids:clock:))
        scoped { r in UnitOfWork(context: try r.resolve(), pool: try r.resolve(tag: DB.primary)) }
        autowire(OrderController.init(context:unitOfWork:orders:notifications:))
        // No initializer arguments to list: OrderPage's @Wired properties resolve in the scope
        // this factory runs in.
        transient { OrderPage() }
    }
}

/// The whole shop.
struct AppModule: Module {
    var registrations: Registrations {
        InfrastructureModule()
        PersistenceModule()
        NetworkModule()
        DomainModule()
        WebModule()
        autowire(lifetime: .singleton, App.init(config:users:orders:catalog:health:))
    }
}
