import BenchModel
import Synchronization

/// Hand-written wiring: what a container replaces. Singletons are stored properties.
public final class ManualSubject: BenchSubject {
    let singleton: any SingletonService = SingletonImpl()
    let logger: any Logger = LoggerImpl()
    let config: any Config = ConfigImpl()
    let database: any Database = DatabaseImpl()

    public init() {}

    @inline(never) public func s1() -> AnyObject { singleton }
    @inline(never) public func s2() -> AnyObject { LeafImpl() as any LeafService }
    @inline(never) public func s3() -> AnyObject {
        Chain0Impl(next: Chain1Impl(next: Chain2Impl(next: Chain3Impl(next: Chain4Impl(next: Chain5Impl())))))
            as any Chain0
    }
    @inline(never) public func s4() -> AnyObject {
        GRootImpl(
            a: GServiceAImpl(logger: logger, config: config),
            b: GServiceBImpl(repo: GRepoImpl(db: database), logger: logger),
            c: GServiceCImpl(cache: GCacheImpl(), http: GHTTPImpl(config: config, logger: logger))
        ) as any GRoot
    }

    /// Hand-written S8: the request's objects made directly, the unit of work disposed by hand.
    @inline(never) public func s8() -> AnyObject? {
        let (request, id) = s8IncomingRequest()
        let work = S8UnitOfWorkImpl(id: id)
        let users = S8UserRepositoryImpl(work: work)
        let orders = S8OrderRepositoryImpl(work: work)
        let handler =
            S8HandlerImpl(
                work: work,
                users: users,
                orders: orders,
                service: S8OrderServiceImpl(users: users, orders: orders, request: request),
                logger: logger,
                config: config
            ) as any S8Handler
        work.dispose()
        return handler
    }

    /// Hand-written S5: a dictionary of factories, filled and then read.
    public static func s5(count: Int) -> Int? {
        struct Registrar: S5Visitor {
            var factories: [ObjectIdentifier: () -> AnyObject] = [:]
            var resolved = 0
            var resolving = false
            mutating func visit<T: S5Node>(_ type: T.Type) {
                if resolving {
                    if let factory = factories[ObjectIdentifier(type)] {
                        blackHole(factory())
                        resolved += 1
                    }
                } else {
                    factories[ObjectIdentifier(type)] = { T() }
                }
            }
        }
        var registrar = Registrar()
        visitS5Types(count, &registrar)
        registrar.resolving = true
        visitS5Types(count, &registrar)
        return registrar.resolved
    }

    /// Hand-written lazy singleton: a `Mutex`-guarded optional.
    public static func makeRace() -> (@Sendable () -> AnyObject)? {
        let slot = Mutex<(any RaceService)?>(nil)
        return {
            slot.withLock { value in
                if let value { return value }
                let made = RaceImpl()
                value = made
                return made
            }
        }
    }

    public func s7Throwing(describe: Bool) -> String? { nil }
    public func s7Optional() -> AnyObject? { nil }
    public static var hasOptionalAPI: Bool { true }
}
