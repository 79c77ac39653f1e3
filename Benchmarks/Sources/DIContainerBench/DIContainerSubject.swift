import BenchModel
import WiringDIContainer

/// The WiringDIContainer facade, used as DIContainer.swift's README does.
public final class DIContainerSubject: BenchSubject {
    let container = DIContainer()

    public init() {
        let c = container
        c.register((any SingletonService).self, lazySingleton: { _ in SingletonImpl() })
        c.register((any LeafService).self, transient: { _ in LeafImpl() })
        c.register((any Chain5).self, transient: { _ in Chain5Impl() })
        c.register((any Chain4).self, transient: { r in Chain4Impl(next: r.forceResolve()) })
        c.register((any Chain3).self, transient: { r in Chain3Impl(next: r.forceResolve()) })
        c.register((any Chain2).self, transient: { r in Chain2Impl(next: r.forceResolve()) })
        c.register((any Chain1).self, transient: { r in Chain1Impl(next: r.forceResolve()) })
        c.register((any Chain0).self, transient: { r in Chain0Impl(next: r.forceResolve()) })
        c.register((any Logger).self, lazySingleton: { _ in LoggerImpl() })
        c.register((any Config).self, lazySingleton: { _ in ConfigImpl() })
        c.register((any Database).self, lazySingleton: { _ in DatabaseImpl() })
        c.register((any GRepo).self, transient: { r in GRepoImpl(db: r.forceResolve()) })
        c.register((any GCache).self, transient: { _ in GCacheImpl() })
        c.register((any GHTTP).self, transient: { r in GHTTPImpl(config: r.forceResolve(), logger: r.forceResolve()) })
        c.register(
            (any GServiceA).self,
            transient: { r in
                GServiceAImpl(logger: r.forceResolve(), config: r.forceResolve())
            })
        c.register(
            (any GServiceB).self,
            transient: { r in
                GServiceBImpl(repo: r.forceResolve(), logger: r.forceResolve())
            })
        c.register(
            (any GServiceC).self,
            transient: { r in
                GServiceCImpl(cache: r.forceResolve(), http: r.forceResolve())
            })
        c.register(
            (any GRoot).self,
            transient: { r in
                GRootImpl(a: r.forceResolve(), b: r.forceResolve(), c: r.forceResolve())
            })
        blackHole(s1())
        blackHole(s4())
    }

    @inline(never) public func s1() -> AnyObject { container.forceResolve((any SingletonService).self) }
    @inline(never) public func s2() -> AnyObject { container.forceResolve((any LeafService).self) }
    @inline(never) public func s3() -> AnyObject { container.forceResolve((any Chain0).self) }
    @inline(never) public func s4() -> AnyObject { container.forceResolve((any GRoot).self) }

    public static func s5(count: Int) -> Int? {
        struct Registrar: S5Visitor {
            let container = DIContainer()
            var resolved = 0
            var resolving = false
            mutating func visit<T: S5Node>(_ type: T.Type) {
                if resolving {
                    blackHole(container.forceResolve(type))
                    resolved += 1
                } else {
                    container.register(type, transient: { _ in T() })
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
        let container = DIContainer()
        container.register((any RaceService).self, lazySingleton: { _ in RaceImpl() })
        return { container.forceResolve((any RaceService).self) }
    }

    /// DIContainer has no throwing API: `resolve` returns an optional.
    public func s7Throwing(describe: Bool) -> String? { nil }
    public func s7Optional() -> AnyObject? { container.resolve((any Unregistered).self) }
    public static var hasOptionalAPI: Bool { true }
}
