// Built only with the Peers trait (Benchmarks/Package.swift).
#if Peers
    import BenchModel
    import Swinject

    /// Swinject 2.10.0 as its README says: `Container`, `.inObjectScope(.container)` for singletons,
    /// and `synchronize()` for a resolver that is safe to share between threads.
    public final class SwinjectSubject: BenchSubject {
        let resolver: any Resolver
        /// The parent of S8's per-request child containers: the singletons and the handler.
        let base: Container

        public init() {
            let c = Container()
            c.register((any SingletonService).self) { _ in SingletonImpl() }.inObjectScope(.container)
            c.register((any LeafService).self) { _ in LeafImpl() }.inObjectScope(.transient)
            c.register((any Chain5).self) { _ in Chain5Impl() }.inObjectScope(.transient)
            c.register((any Chain4).self) { r in Chain4Impl(next: r.resolve((any Chain5).self)!) }
                .inObjectScope(.transient)
            c.register((any Chain3).self) { r in Chain3Impl(next: r.resolve((any Chain4).self)!) }
                .inObjectScope(.transient)
            c.register((any Chain2).self) { r in Chain2Impl(next: r.resolve((any Chain3).self)!) }
                .inObjectScope(.transient)
            c.register((any Chain1).self) { r in Chain1Impl(next: r.resolve((any Chain2).self)!) }
                .inObjectScope(.transient)
            c.register((any Chain0).self) { r in Chain0Impl(next: r.resolve((any Chain1).self)!) }
                .inObjectScope(.transient)
            c.register((any Logger).self) { _ in LoggerImpl() }.inObjectScope(.container)
            c.register((any Config).self) { _ in ConfigImpl() }.inObjectScope(.container)
            c.register((any Database).self) { _ in DatabaseImpl() }.inObjectScope(.container)
            c.register((any GRepo).self) { r in GRepoImpl(db: r.resolve((any Database).self)!) }.inObjectScope(.transient)
            c.register((any GCache).self) { _ in GCacheImpl() }.inObjectScope(.transient)
            c.register((any GHTTP).self) { r in
                GHTTPImpl(config: r.resolve((any Config).self)!, logger: r.resolve((any Logger).self)!)
            }.inObjectScope(.transient)
            c.register((any GServiceA).self) { r in
                GServiceAImpl(logger: r.resolve((any Logger).self)!, config: r.resolve((any Config).self)!)
            }.inObjectScope(.transient)
            c.register((any GServiceB).self) { r in
                GServiceBImpl(repo: r.resolve((any GRepo).self)!, logger: r.resolve((any Logger).self)!)
            }.inObjectScope(.transient)
            c.register((any GServiceC).self) { r in
                GServiceCImpl(cache: r.resolve((any GCache).self)!, http: r.resolve((any GHTTP).self)!)
            }.inObjectScope(.transient)
            c.register((any GRoot).self) { r in
                GRootImpl(
                    a: r.resolve((any GServiceA).self)!,
                    b: r.resolve((any GServiceB).self)!,
                    c: r.resolve((any GServiceC).self)!
                )
            }.inObjectScope(.transient)
            resolver = c.synchronize()
            // S8: the singletons and the (transient) handler live in a parent container; each
            // request gets a child container.
            base = Container()
            base.register((any Logger).self) { _ in LoggerImpl() }.inObjectScope(.container)
            base.register((any Config).self) { _ in ConfigImpl() }.inObjectScope(.container)
            base.register((any S8Handler).self) { r in
                S8HandlerImpl(
                    work: r.resolve((any S8UnitOfWork).self)!,
                    users: r.resolve((any S8UserRepository).self)!,
                    orders: r.resolve((any S8OrderRepository).self)!,
                    service: r.resolve((any S8OrderService).self)!,
                    logger: r.resolve((any Logger).self)!,
                    config: r.resolve((any Config).self)!
                )
            }.inObjectScope(.transient)
            blackHole(s1())
            blackHole(s4())
        }

        @inline(never) public func s1() -> AnyObject { resolver.resolve((any SingletonService).self)! }
        @inline(never) public func s2() -> AnyObject { resolver.resolve((any LeafService).self)! }
        @inline(never) public func s3() -> AnyObject { resolver.resolve((any Chain0).self)! }
        @inline(never) public func s4() -> AnyObject { resolver.resolve((any GRoot).self)! }

        /// S8: a child container per request. Swinject keeps a `.container` instance in the
        /// registration's own storage, so a per-request service must be registered in the child
        /// itself (registered in the parent, it would be shared by every request); the request's
        /// values too. Swinject has no disposal: the unit of work is disposed by hand, as in the
        /// hand-written code.
        @inline(never) public func s8() -> AnyObject? {
            let (request, id) = s8IncomingRequest()
            let child = Container(parent: base)
            child.register(S8Request.self) { _ in request }.inObjectScope(.container)
            child.register(S8RequestID.self) { _ in id }.inObjectScope(.container)
            child.register((any S8UnitOfWork).self) { r in S8UnitOfWorkImpl(id: r.resolve(S8RequestID.self)!) }
                .inObjectScope(.container)
            child.register((any S8UserRepository).self) { r in
                S8UserRepositoryImpl(work: r.resolve((any S8UnitOfWork).self)!)
            }.inObjectScope(.container)
            child.register((any S8OrderRepository).self) { r in
                S8OrderRepositoryImpl(work: r.resolve((any S8UnitOfWork).self)!)
            }.inObjectScope(.container)
            child.register((any S8OrderService).self) { r in
                S8OrderServiceImpl(
                    users: r.resolve((any S8UserRepository).self)!,
                    orders: r.resolve((any S8OrderRepository).self)!,
                    request: r.resolve(S8Request.self)!
                )
            }.inObjectScope(.container)
            let handler = child.synchronize().resolve((any S8Handler).self)!
            (child.resolve((any S8UnitOfWork).self)! as! S8UnitOfWorkImpl).dispose()
            return handler
        }

        public static func s5(count: Int) -> Int? {
            struct Registrar: S5Visitor {
                let container = Container()
                var resolved = 0
                var resolving = false
                mutating func visit<T: S5Node>(_ type: T.Type) {
                    if resolving {
                        blackHole(container.resolve(type)!)
                        resolved += 1
                    } else {
                        container.register(type) { _ in T() }.inObjectScope(.transient)
                    }
                }
            }
            var registrar = Registrar()
            visitS5Types(count, &registrar)
            registrar.resolving = true
            visitS5Types(count, &registrar)
            return registrar.resolved
        }

        public static func makeRace() -> (@Sendable () -> AnyObject)? {
            let container = Container()
            container.register((any RaceService).self) { _ in RaceImpl() }.inObjectScope(.container)
            // The synchronized resolver is documented as thread-safe; Swinject does not mark it Sendable.
            nonisolated(unsafe) let resolver = container.synchronize()
            return { resolver.resolve((any RaceService).self)! }
        }

        /// Swinject has no throwing API: `resolve` returns `nil`.
        public func s7Throwing(describe: Bool) -> String? { nil }
        public func s7Optional() -> AnyObject? { resolver.resolve((any Unregistered).self) }
        public static var hasOptionalAPI: Bool { true }
    }
#endif
