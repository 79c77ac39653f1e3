// Built only with the Peers trait (Benchmarks/Package.swift).
#if Peers
    import BenchModel
    import Dependencies

    /// swift-dependencies 1.17.1 as its docs say: a `DependencyKey` per dependency, read through
    /// `@Dependency(\.key)`. Its dependencies are values, cached once read, so a transient service is
    /// a factory client (`Make<T>`) whose `liveValue` builds a new instance per call and reads its
    /// own dependencies the same way; a singleton is the `liveValue` itself.
    public final class DependenciesSubject: BenchSubject {
        public init() {
            blackHole(s1())
            blackHole(s4())
        }

        @inline(never) public func s1() -> AnyObject {
            @Dependency(\.singleton) var singleton
            return singleton
        }
        @inline(never) public func s2() -> AnyObject {
            @Dependency(\.leaf) var leaf
            return leaf.make()
        }
        @inline(never) public func s3() -> AnyObject {
            @Dependency(\.chain0) var chain0
            return chain0.make()
        }
        @inline(never) public func s4() -> AnyObject {
            @Dependency(\.gRoot) var root
            return root.make()
        }

        /// S8: `withDependencies` per request. swift-dependencies has no scope and caches nothing
        /// per request, so the request's values and its four services are built up front in the
        /// override (the per-request services by hand, each once, as a scope would share them);
        /// the handler is a factory client that reads all six through `@Dependency`. It has no
        /// disposal: the unit of work is disposed by hand.
        @inline(never) public func s8() -> AnyObject? {
            let (request, id) = s8IncomingRequest()
            let work = S8UnitOfWorkImpl(id: id)
            let handler = withDependencies {
                $0.s8Request = request
                $0.s8Work = work
                let users = S8UserRepositoryImpl(work: work)
                let orders = S8OrderRepositoryImpl(work: work)
                $0.s8Users = users
                $0.s8Orders = orders
                $0.s8Service = S8OrderServiceImpl(users: users, orders: orders, request: request)
            } operation: {
                @Dependency(\.s8Handler) var handler
                return handler.make()
            }
            work.dispose()
            return handler
        }

        /// Keys are declared at compile time: there is no registration step to measure.
        public static func s5(count: Int) -> Int? { nil }
        /// `liveValue` is a process-wide static: there is no fresh container per round.
        public static func makeRace() -> (@Sendable () -> AnyObject)? { nil }
        /// Every key has a value: nothing can be unregistered.
        public func s7Throwing(describe: Bool) -> String? { nil }
        public func s7Optional() -> AnyObject? { nil }
        public static var hasOptionalAPI: Bool { false }
    }

    /// A factory client: `make()` builds a new instance.
    public struct Make<Value: Sendable>: Sendable {
        public let make: @Sendable () -> Value
    }

    enum SingletonKey: DependencyKey { static let liveValue: any SingletonService = SingletonImpl() }
    enum LoggerKey: DependencyKey { static let liveValue: any Logger = LoggerImpl() }
    enum ConfigKey: DependencyKey { static let liveValue: any Config = ConfigImpl() }
    enum DatabaseKey: DependencyKey { static let liveValue: any Database = DatabaseImpl() }
    enum LeafKey: DependencyKey { static let liveValue = Make<any LeafService> { LeafImpl() } }
    enum Chain5Key: DependencyKey { static let liveValue = Make<any Chain5> { Chain5Impl() } }
    enum Chain4Key: DependencyKey {
        static let liveValue = Make<any Chain4> {
            @Dependency(\.chain5) var next
            return Chain4Impl(next: next.make())
        }
    }
    enum Chain3Key: DependencyKey {
        static let liveValue = Make<any Chain3> {
            @Dependency(\.chain4) var next
            return Chain3Impl(next: next.make())
        }
    }
    enum Chain2Key: DependencyKey {
        static let liveValue = Make<any Chain2> {
            @Dependency(\.chain3) var next
            return Chain2Impl(next: next.make())
        }
    }
    enum Chain1Key: DependencyKey {
        static let liveValue = Make<any Chain1> {
            @Dependency(\.chain2) var next
            return Chain1Impl(next: next.make())
        }
    }
    enum Chain0Key: DependencyKey {
        static let liveValue = Make<any Chain0> {
            @Dependency(\.chain1) var next
            return Chain0Impl(next: next.make())
        }
    }
    enum GRepoKey: DependencyKey {
        static let liveValue = Make<any GRepo> {
            @Dependency(\.database) var database
            return GRepoImpl(db: database)
        }
    }
    enum GCacheKey: DependencyKey { static let liveValue = Make<any GCache> { GCacheImpl() } }
    enum GHTTPKey: DependencyKey {
        static let liveValue = Make<any GHTTP> {
            @Dependency(\.config) var config
            @Dependency(\.logger) var logger
            return GHTTPImpl(config: config, logger: logger)
        }
    }
    enum GServiceAKey: DependencyKey {
        static let liveValue = Make<any GServiceA> {
            @Dependency(\.logger) var logger
            @Dependency(\.config) var config
            return GServiceAImpl(logger: logger, config: config)
        }
    }
    enum GServiceBKey: DependencyKey {
        static let liveValue = Make<any GServiceB> {
            @Dependency(\.gRepo) var repo
            @Dependency(\.logger) var logger
            return GServiceBImpl(repo: repo.make(), logger: logger)
        }
    }
    enum GServiceCKey: DependencyKey {
        static let liveValue = Make<any GServiceC> {
            @Dependency(\.gCache) var cache
            @Dependency(\.gHTTP) var http
            return GServiceCImpl(cache: cache.make(), http: http.make())
        }
    }
    enum GRootKey: DependencyKey {
        static let liveValue = Make<any GRoot> {
            @Dependency(\.gServiceA) var a
            @Dependency(\.gServiceB) var b
            @Dependency(\.gServiceC) var c
            return GRootImpl(a: a.make(), b: b.make(), c: c.make())
        }
    }

    extension DependencyValues {
        var singleton: any SingletonService {
            get { self[SingletonKey.self] }
            set { self[SingletonKey.self] = newValue }
        }
        var logger: any Logger {
            get { self[LoggerKey.self] }
            set { self[LoggerKey.self] = newValue }
        }
        var config: any Config {
            get { self[ConfigKey.self] }
            set { self[ConfigKey.self] = newValue }
        }
        var database: any Database {
            get { self[DatabaseKey.self] }
            set { self[DatabaseKey.self] = newValue }
        }
        var leaf: Make<any LeafService> {
            get { self[LeafKey.self] }
            set { self[LeafKey.self] = newValue }
        }
        var chain5: Make<any Chain5> {
            get { self[Chain5Key.self] }
            set { self[Chain5Key.self] = newValue }
        }
        var chain4: Make<any Chain4> {
            get { self[Chain4Key.self] }
            set { self[Chain4Key.self] = newValue }
        }
        var chain3: Make<any Chain3> {
            get { self[Chain3Key.self] }
            set { self[Chain3Key.self] = newValue }
        }
        var chain2: Make<any Chain2> {
            get { self[Chain2Key.self] }
            set { self[Chain2Key.self] = newValue }
        }
        var chain1: Make<any Chain1> {
            get { self[Chain1Key.self] }
            set { self[Chain1Key.self] = newValue }
        }
        var chain0: Make<any Chain0> {
            get { self[Chain0Key.self] }
            set { self[Chain0Key.self] = newValue }
        }
        var gRepo: Make<any GRepo> {
            get { self[GRepoKey.self] }
            set { self[GRepoKey.self] = newValue }
        }
        var gCache: Make<any GCache> {
            get { self[GCacheKey.self] }
            set { self[GCacheKey.self] = newValue }
        }
        var gHTTP: Make<any GHTTP> {
            get { self[GHTTPKey.self] }
            set { self[GHTTPKey.self] = newValue }
        }
        var gServiceA: Make<any GServiceA> {
            get { self[GServiceAKey.self] }
            set { self[GServiceAKey.self] = newValue }
        }
        var gServiceB: Make<any GServiceB> {
            get { self[GServiceBKey.self] }
            set { self[GServiceBKey.self] = newValue }
        }
        var gServiceC: Make<any GServiceC> {
            get { self[GServiceCKey.self] }
            set { self[GServiceCKey.self] = newValue }
        }
        var gRoot: Make<any GRoot> {
            get { self[GRootKey.self] }
            set { self[GRootKey.self] = newValue }
        }
    }

    /// S8's per-request values: every request overrides them; the live values are placeholders.
    enum S8RequestKey: DependencyKey { static let liveValue = S8Request(path: "/") }
    enum S8WorkKey: DependencyKey { static let liveValue: any S8UnitOfWork = S8UnitOfWorkImpl(id: S8RequestID(0)) }
    enum S8UsersKey: DependencyKey {
        static let liveValue: any S8UserRepository = S8UserRepositoryImpl(work: S8WorkKey.liveValue)
    }
    enum S8OrdersKey: DependencyKey {
        static let liveValue: any S8OrderRepository = S8OrderRepositoryImpl(work: S8WorkKey.liveValue)
    }
    enum S8ServiceKey: DependencyKey {
        static let liveValue: any S8OrderService = S8OrderServiceImpl(
            users: S8UsersKey.liveValue,
            orders: S8OrdersKey.liveValue,
            request: S8RequestKey.liveValue
        )
    }
    enum S8HandlerKey: DependencyKey {
        static let liveValue = Make<any S8Handler> {
            @Dependency(\.s8Work) var work
            @Dependency(\.s8Users) var users
            @Dependency(\.s8Orders) var orders
            @Dependency(\.s8Service) var service
            @Dependency(\.logger) var logger
            @Dependency(\.config) var config
            return S8HandlerImpl(work: work, users: users, orders: orders, service: service, logger: logger, config: config)
        }
    }

    extension DependencyValues {
        var s8Request: S8Request {
            get { self[S8RequestKey.self] }
            set { self[S8RequestKey.self] = newValue }
        }
        var s8Work: any S8UnitOfWork {
            get { self[S8WorkKey.self] }
            set { self[S8WorkKey.self] = newValue }
        }
        var s8Users: any S8UserRepository {
            get { self[S8UsersKey.self] }
            set { self[S8UsersKey.self] = newValue }
        }
        var s8Orders: any S8OrderRepository {
            get { self[S8OrdersKey.self] }
            set { self[S8OrdersKey.self] = newValue }
        }
        var s8Service: any S8OrderService {
            get { self[S8ServiceKey.self] }
            set { self[S8ServiceKey.self] = newValue }
        }
        var s8Handler: Make<any S8Handler> {
            get { self[S8HandlerKey.self] }
            set { self[S8HandlerKey.self] = newValue }
        }
    }
#endif
