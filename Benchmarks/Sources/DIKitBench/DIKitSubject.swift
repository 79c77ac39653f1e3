import BenchModel
import WiringDIKit

/// The WiringDIKit facade, used as DIKit's README does: components registered in the bootstrap
/// block, dependencies obtained with the global `resolve()` from the container set with
/// `DependencyContainer.defined(by:)`.
public final class DIKitSubject: BenchSubject {
    let container = DependencyContainer { c in
        c.register { SingletonImpl() as any SingletonService }
        c.register(lifetime: .factory) { LeafImpl() as any LeafService }
        c.register(lifetime: .factory) { Chain5Impl() as any Chain5 }
        c.register(lifetime: .factory) { Chain4Impl(next: resolve()) as any Chain4 }
        c.register(lifetime: .factory) { Chain3Impl(next: resolve()) as any Chain3 }
        c.register(lifetime: .factory) { Chain2Impl(next: resolve()) as any Chain2 }
        c.register(lifetime: .factory) { Chain1Impl(next: resolve()) as any Chain1 }
        c.register(lifetime: .factory) { Chain0Impl(next: resolve()) as any Chain0 }
        c.register { LoggerImpl() as any Logger }
        c.register { ConfigImpl() as any Config }
        c.register { DatabaseImpl() as any Database }
        c.register(lifetime: .factory) { GRepoImpl(db: resolve()) as any GRepo }
        c.register(lifetime: .factory) { GCacheImpl() as any GCache }
        c.register(lifetime: .factory) { GHTTPImpl(config: resolve(), logger: resolve()) as any GHTTP }
        c.register(lifetime: .factory) { GServiceAImpl(logger: resolve(), config: resolve()) as any GServiceA }
        c.register(lifetime: .factory) { GServiceBImpl(repo: resolve(), logger: resolve()) as any GServiceB }
        c.register(lifetime: .factory) { GServiceCImpl(cache: resolve(), http: resolve()) as any GServiceC }
        c.register(lifetime: .factory) { GRootImpl(a: resolve(), b: resolve(), c: resolve()) as any GRoot }
    }

    public init() {
        DependencyContainer.defined(by: container)
        blackHole(s1())
        blackHole(s4())
    }

    @inline(never) public func s1() -> AnyObject { container.resolve() as any SingletonService }
    @inline(never) public func s2() -> AnyObject { container.resolve() as any LeafService }
    @inline(never) public func s3() -> AnyObject { container.resolve() as any Chain0 }
    @inline(never) public func s4() -> AnyObject { container.resolve() as any GRoot }

    public static func s5(count: Int) -> Int? {
        struct Registrar: S5Visitor {
            var container: DependencyContainer?
            var register: DependencyContainer?
            var resolved = 0
            mutating func visit<T: S5Node>(_ type: T.Type) {
                if let register {
                    register.register(lifetime: .factory) { T() }
                } else if let container {
                    blackHole(container.resolve() as T)
                    resolved += 1
                }
            }
        }
        var registrar = Registrar()
        let container = DependencyContainer { c in
            registrar.register = c
            visitS5Types(count, &registrar)
            registrar.register = nil
        }
        registrar.container = container
        visitS5Types(count, &registrar)
        return registrar.resolved
    }

    public static func makeRace() -> (@Sendable () -> AnyObject)? {
        let container = DependencyContainer { c in c.register { RaceImpl() as any RaceService } }
        return { container.resolve() as any RaceService }
    }

    /// DIKit has no throwing API: `resolve()` stops the program, `resolveOptional()` returns nil.
    public func s7Throwing(describe: Bool) -> String? { nil }
    public func s7Optional() -> AnyObject? { resolveOptional() as (any Unregistered)? }
    public static var hasOptionalAPI: Bool { true }
}
