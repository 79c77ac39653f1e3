// The composition root: every registration of the shop in one place.
import Wiring

func makeAppContainer() -> Container {
    let container = Container()

    // Infrastructure. Concrete types are registered once and forwarded to the protocols that
    // services depend on, so `any Logging` and `ConsoleLogger` are the same instance.
    container.register(Configuration.self, lifetime: .singleton) { _ in Configuration() }
    container.register(ConsoleLogger.self, lifetime: .singleton) { r in ConsoleLogger(config: try r.resolve()) }
        .forwarding(to: (any Logging).self) { $0 }
        .onResolved { r, logger in
            logger.attach(metrics: try r.resolve())  // property injection, after construction
            BuildLog.shared.note("onResolved: ConsoleLogger.attach(metrics:)")
        }
    container.register(FixedClock.self, lifetime: .singleton) { _ in FixedClock() }
        .forwarding(to: (any AppClock).self) { $0 }
    container.autowire(Metrics.self, lifetime: .eagerSingleton, Metrics.init(config:))

    // Two databases: one type, two tags. Eager, so a bad URL fails at start-up, not mid-request.
    for role in [DB.primary, DB.replica] {
        container.register(ConnectionPool.self, tag: role, lifetime: .eagerSingleton) { r in
            let config: Configuration = try r.resolve()
            let url = role == .primary ? config.primaryURL : config.replicaURL
            return ConnectionPool(role: role, url: url, size: config.poolSize, logger: try r.resolve())
        }
    }
    container.autowire(InMemoryCache.self, lifetime: .singleton, InMemoryCache.init(clock:metrics:))

    // An HTTP client built from runtime arguments: each caller passes its base URL and timeout.
    container.register(HTTPClient.self) { (r: Resolver, baseURL: String, timeout: Int) in
        HTTPClient(baseURL: baseURL, timeout: timeout, logger: try r.resolve())
    }
    container.register(SMTPMailer.self, lifetime: .singleton) { r in
        let config: Configuration = try r.resolve()
        return SMTPMailer(http: try r.resolve(arguments: config.mailAPI, 10), logger: try r.resolve())
    }
    .forwarding(to: (any MailSending).self) { $0 }
    container.register(HealthCheck.self, lifetime: .singleton) { r in
        let status: HTTPClient = try r.resolve(arguments: try r.resolve(Configuration.self).statusAPI, 2)
        return HealthCheck(
            primary: try r.resolve(tag: DB.primary), replica: try r.resolve(tag: DB.replica),
            status: status)
    }
    container.autowire(PasswordHasher.self, PasswordHasher.init)

    // Repositories: writes go to the primary, catalogue reads to the replica.
    container.register(UserRepository.self, lifetime: .singleton) { r in
        UserRepository(pool: try r.resolve(tag: DB.primary), cache: try r.resolve())
    }
    container.register(OrderRepository.self, lifetime: .singleton) { r in
        OrderRepository(pool: try r.resolve(tag: DB.primary), logger: try r.resolve())
    }
    container.register(ProductRepository.self, lifetime: .singleton) { r in
        ProductRepository(pool: try r.resolve(tag: DB.replica), cache: try r.resolve())
    }

    // Domain services, auto-wired: every parameter is resolved by its type.
    container.autowire(UserService.self, lifetime: .singleton, UserService.init(users:hasher:mailer:logger:))
    container.autowire(CatalogService.self, lifetime: .singleton, CatalogService.init(products:cache:))
    container.autowire(OrderService.self, lifetime: .singleton, OrderService.init(orders:users:catalog:metrics:))
    container.autowire(NotificationService.self, NotificationService.init(mailer:logger:))

    // Per request: one context and one unit of work per request scope, a new controller per resolve.
    container.autowire(RequestIDGenerator.self, lifetime: .singleton, RequestIDGenerator.init)
    container.autowire(RequestContext.self, lifetime: .scoped("request"), RequestContext.init(ids:clock:))
    container.register(UnitOfWork.self, lifetime: .scoped) { r in
        UnitOfWork(context: try r.resolve(), pool: try r.resolve(tag: DB.primary))
    }
    container.autowire(OrderController.self, OrderController.init(context:unitOfWork:orders:notifications:))

    container.autowire(App.self, lifetime: .singleton, App.init(config:users:orders:catalog:health:))
    return container
}
