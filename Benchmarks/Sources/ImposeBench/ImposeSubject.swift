import BenchModel
import WiringImpose

/// The WiringImpose facade, used as Impose's README does: providers added to an `Injector`,
/// instances obtained with `inject(_:providedBy:)`.
public final class ImposeSubject: BenchSubject {
    let injector = Injector()

    public init() {
        let i = injector
        i.addSingleton(for: (any SingletonService).self) { SingletonImpl() as any SingletonService }
            .addTransient(for: (any LeafService).self) { LeafImpl() as any LeafService }
            .addTransient(for: (any Chain5).self) { Chain5Impl() as any Chain5 }
            .addTransient(for: (any Chain4).self) { [unowned i] in
                Chain4Impl(next: inject((any Chain5).self, providedBy: i)) as any Chain4
            }
            .addTransient(for: (any Chain3).self) { [unowned i] in
                Chain3Impl(next: inject((any Chain4).self, providedBy: i)) as any Chain3
            }
            .addTransient(for: (any Chain2).self) { [unowned i] in
                Chain2Impl(next: inject((any Chain3).self, providedBy: i)) as any Chain2
            }
            .addTransient(for: (any Chain1).self) { [unowned i] in
                Chain1Impl(next: inject((any Chain2).self, providedBy: i)) as any Chain1
            }
            .addTransient(for: (any Chain0).self) { [unowned i] in
                Chain0Impl(next: inject((any Chain1).self, providedBy: i)) as any Chain0
            }
            .addSingleton(for: (any Logger).self) { LoggerImpl() as any Logger }
            .addSingleton(for: (any Config).self) { ConfigImpl() as any Config }
            .addSingleton(for: (any Database).self) { DatabaseImpl() as any Database }
            .addTransient(for: (any GRepo).self) { [unowned i] in
                GRepoImpl(db: inject((any Database).self, providedBy: i)) as any GRepo
            }
            .addTransient(for: (any GCache).self) { GCacheImpl() as any GCache }
            .addTransient(for: (any GHTTP).self) { [unowned i] in
                GHTTPImpl(
                    config: inject((any Config).self, providedBy: i),
                    logger: inject((any Logger).self, providedBy: i)
                ) as any GHTTP
            }
            .addTransient(for: (any GServiceA).self) { [unowned i] in
                GServiceAImpl(
                    logger: inject((any Logger).self, providedBy: i),
                    config: inject((any Config).self, providedBy: i)
                ) as any GServiceA
            }
            .addTransient(for: (any GServiceB).self) { [unowned i] in
                GServiceBImpl(
                    repo: inject((any GRepo).self, providedBy: i),
                    logger: inject((any Logger).self, providedBy: i)
                ) as any GServiceB
            }
            .addTransient(for: (any GServiceC).self) { [unowned i] in
                GServiceCImpl(
                    cache: inject((any GCache).self, providedBy: i),
                    http: inject((any GHTTP).self, providedBy: i)
                ) as any GServiceC
            }
            .addTransient(for: (any GRoot).self) { [unowned i] in
                GRootImpl(
                    a: inject((any GServiceA).self, providedBy: i),
                    b: inject((any GServiceB).self, providedBy: i),
                    c: inject((any GServiceC).self, providedBy: i)
                ) as any GRoot
            }
        blackHole(s1())
        blackHole(s4())
    }

    @inline(never) public func s1() -> AnyObject { inject((any SingletonService).self, providedBy: injector) }
    @inline(never) public func s2() -> AnyObject { inject((any LeafService).self, providedBy: injector) }
    @inline(never) public func s3() -> AnyObject { inject((any Chain0).self, providedBy: injector) }
    @inline(never) public func s4() -> AnyObject { inject((any GRoot).self, providedBy: injector) }

    public static func s5(count: Int) -> Int? {
        struct Registrar: S5Visitor {
            let injector = Injector()
            var resolved = 0
            var resolving = false
            mutating func visit<T: S5Node>(_ type: T.Type) {
                if resolving {
                    blackHole(inject(type, providedBy: injector))
                    resolved += 1
                } else {
                    injector.addTransient(for: type) { T() }
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
        let injector = Injector()
        // Registered on the main thread, Impose resolves on the main queue by default; the race
        // blocks the main thread, so the provider says it may be built on any thread.
        injector.addSingleton(for: (any RaceService).self, resolveOn: nil) { RaceImpl() as any RaceService }
        return { inject((any RaceService).self, providedBy: injector) }
    }

    public func s7Throwing(describe: Bool) -> String? {
        do {
            blackHole(try tryInject((any Unregistered).self, providedBy: injector))
            return "(no error)"
        } catch {
            return describe ? "\(error)" : "thrown"
        }
    }
    public func s7Optional() -> AnyObject? { injectIfProvided(for: (any Unregistered).self, providedBy: injector) }
    public static var hasOptionalAPI: Bool { true }
}
