import BenchModel
import WiringDip

/// The WiringDip facade, used as Dip's README does: `register(scope) { … as Protocol }` and
/// `try container.resolve()` inside factories.
public final class DipSubject: BenchSubject {
    let container = DependencyContainer()

    public init() {
        let c = container
        c.register(.singleton) { SingletonImpl() as any SingletonService }
        c.register(.unique) { LeafImpl() as any LeafService }
        c.register(.unique) { Chain5Impl() as any Chain5 }
        c.register(.unique) { [unowned c] in Chain4Impl(next: try c.resolve()) as any Chain4 }
        c.register(.unique) { [unowned c] in Chain3Impl(next: try c.resolve()) as any Chain3 }
        c.register(.unique) { [unowned c] in Chain2Impl(next: try c.resolve()) as any Chain2 }
        c.register(.unique) { [unowned c] in Chain1Impl(next: try c.resolve()) as any Chain1 }
        c.register(.unique) { [unowned c] in Chain0Impl(next: try c.resolve()) as any Chain0 }
        c.register(.singleton) { LoggerImpl() as any Logger }
        c.register(.singleton) { ConfigImpl() as any Config }
        c.register(.singleton) { DatabaseImpl() as any Database }
        c.register(.unique) { [unowned c] in GRepoImpl(db: try c.resolve()) as any GRepo }
        c.register(.unique) { GCacheImpl() as any GCache }
        c.register(.unique) { [unowned c] in GHTTPImpl(config: try c.resolve(), logger: try c.resolve()) as any GHTTP }
        c.register(.unique) { [unowned c] in
            GServiceAImpl(logger: try c.resolve(), config: try c.resolve()) as any GServiceA
        }
        c.register(.unique) { [unowned c] in
            GServiceBImpl(repo: try c.resolve(), logger: try c.resolve()) as any GServiceB
        }
        c.register(.unique) { [unowned c] in
            GServiceCImpl(cache: try c.resolve(), http: try c.resolve()) as any GServiceC
        }
        c.register(.unique) { [unowned c] in
            GRootImpl(a: try c.resolve(), b: try c.resolve(), c: try c.resolve()) as any GRoot
        }
        blackHole(s1())
        blackHole(s4())
    }

    @inline(never) public func s1() -> AnyObject { try! container.resolve() as any SingletonService }
    @inline(never) public func s2() -> AnyObject { try! container.resolve() as any LeafService }
    @inline(never) public func s3() -> AnyObject { try! container.resolve() as any Chain0 }
    @inline(never) public func s4() -> AnyObject { try! container.resolve() as any GRoot }

    public static func s5(count: Int) -> Int? {
        struct Registrar: S5Visitor {
            let container = DependencyContainer()
            var resolved = 0
            var resolving = false
            mutating func visit<T: S5Node>(_ type: T.Type) {
                if resolving {
                    blackHole(try! container.resolve() as T)
                    resolved += 1
                } else {
                    container.register(.unique, type: type) { T() }
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
        let container = DependencyContainer()
        container.register(.singleton) { RaceImpl() as any RaceService }
        return { try! container.resolve() as any RaceService }
    }

    public func s7Throwing(describe: Bool) -> String? {
        do {
            blackHole(try container.resolve() as any Unregistered)
            return "(no error)"
        } catch {
            return describe ? "\(error)" : "thrown"
        }
    }
    /// Dip has no optional API apart from `try?` on the throwing one.
    public func s7Optional() -> AnyObject? { nil }
    public static var hasOptionalAPI: Bool { false }
}
