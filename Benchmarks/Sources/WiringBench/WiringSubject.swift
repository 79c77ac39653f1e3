import BenchModel
import Wiring

/// Wiring's native API.
/// The factory of a value each request scope is given.
struct S8NotProvided: Error {}

/// The unit of work is disposed by the scope that built it.
extension S8UnitOfWorkImpl: Disposable {}

/// S9's scoped type, registered under ``s9Tags`` tags.
final class S9Connection: Sendable {
    let tag: Int
    init(tag: Int) { self.tag = tag }
}

/// S10's scoped type, registered under ``s10Tags`` tags: its teardown counts itself.
final class S10Connection: Disposable, Sendable {
    let disposals: S10Disposals
    init(disposals: S10Disposals) { self.disposals = disposals }
    func dispose() { disposals.count += 1 }
}

/// How many S10 instances were disposed.
final class S10Disposals: @unchecked Sendable {
    // @unchecked: S10 runs on one thread, and its scope's synchronous close runs the teardowns on it.
    var count = 0
}

public final class WiringSubject: BenchSubject {
    /// The container, public so that a variant can instrument it (``TracedWiringSubject``).
    public let container = Container()
    /// S9's registrations, apart from the other scenarios' and made on S9's first use, so that
    /// they change no other figure. (S9 runs on one thread.)
    private lazy var s9Container: Container = {
        let container = Container()
        for tag in 0..<s9Tags {
            container.register(S9Connection.self, tag: tag, lifetime: .scoped) { _ in S9Connection(tag: tag) }
        }
        return container
    }()

    /// S10's registrations, apart like S9's.
    private let s10Disposals = S10Disposals()
    private lazy var s10Container: Container = {
        let container = Container()
        let disposals = s10Disposals
        for tag in 0..<s10Tags {
            container.register(S10Connection.self, tag: tag, lifetime: .scoped) { _ in S10Connection(disposals: disposals) }
        }
        return container
    }()

    public init() {
        let c = container
        c.register((any SingletonService).self, lifetime: .singleton) { _ in SingletonImpl() }
        c.register((any LeafService).self) { _ in LeafImpl() }
        c.register((any Chain5).self) { _ in Chain5Impl() }
        c.register((any Chain4).self) { r in Chain4Impl(next: try r.resolve()) }
        c.register((any Chain3).self) { r in Chain3Impl(next: try r.resolve()) }
        c.register((any Chain2).self) { r in Chain2Impl(next: try r.resolve()) }
        c.register((any Chain1).self) { r in Chain1Impl(next: try r.resolve()) }
        c.register((any Chain0).self) { r in Chain0Impl(next: try r.resolve()) }
        c.register((any Logger).self, lifetime: .singleton) { _ in LoggerImpl() }
        c.register((any Config).self, lifetime: .singleton) { _ in ConfigImpl() }
        c.register((any Database).self, lifetime: .singleton) { _ in DatabaseImpl() }
        c.register((any GRepo).self) { r in GRepoImpl(db: try r.resolve()) }
        c.register((any GCache).self) { _ in GCacheImpl() }
        c.register((any GHTTP).self) { r in GHTTPImpl(config: try r.resolve(), logger: try r.resolve()) }
        c.register((any GServiceA).self) { r in GServiceAImpl(logger: try r.resolve(), config: try r.resolve()) }
        c.register((any GServiceB).self) { r in GServiceBImpl(repo: try r.resolve(), logger: try r.resolve()) }
        c.register((any GServiceC).self) { r in GServiceCImpl(cache: try r.resolve(), http: try r.resolve()) }
        c.register((any GRoot).self) { r in GRootImpl(a: try r.resolve(), b: try r.resolve(), c: try r.resolve()) }
        // S8: the request's values are given to each scope; four services live in it.
        c.register(S8Request.self, lifetime: .scoped) { _ in throw S8NotProvided() }.providedToScopes()
        c.register(S8RequestID.self, lifetime: .scoped) { _ in throw S8NotProvided() }.providedToScopes()
        c.register((any S8UnitOfWork).self, lifetime: .scoped) { r in S8UnitOfWorkImpl(id: try r.resolve()) }
        c.register((any S8UserRepository).self, lifetime: .scoped) { r in S8UserRepositoryImpl(work: try r.resolve()) }
        c.register((any S8OrderRepository).self, lifetime: .scoped) { r in S8OrderRepositoryImpl(work: try r.resolve()) }
        c.register((any S8OrderService).self, lifetime: .scoped) { r in
            S8OrderServiceImpl(users: try r.resolve(), orders: try r.resolve(), request: try r.resolve())
        }
        c.register((any S8Handler).self) { r in
            S8HandlerImpl(
                work: try r.resolve(),
                users: try r.resolve(),
                orders: try r.resolve(),
                service: try r.resolve(),
                logger: try r.resolve(),
                config: try r.resolve()
            )
        }
        blackHole(s1())
        blackHole(s4())
    }

    /// S9: the even tags provided, the odd ones built, then each resolved again from the cache.
    @inline(never) public func s9() -> Int? {
        let scope = s9Container.makeScope()
        var resolved = 0
        for tag in 0..<s9Tags {
            if tag.isMultiple(of: 2) {
                try! scope.provide(S9Connection(tag: tag), tag: tag)
            } else {
                blackHole(try! scope.resolve(S9Connection.self, tag: tag))
                resolved += 1
            }
        }
        for tag in 0..<s9Tags {
            precondition(try! scope.resolve(S9Connection.self, tag: tag).tag == tag)
            resolved += 1
        }
        try! scope.syncClose()
        return resolved
    }

    /// S10: every tag built in one scope, then the scope closed, which disposes them newest first.
    @inline(never) public func s10() -> Int? {
        let scope = s10Container.makeScope()
        for tag in 0..<s10Tags { blackHole(try! scope.resolve(S10Connection.self, tag: tag)) }
        let before = s10Disposals.count
        try! scope.syncClose()
        return s10Disposals.count - before
    }

    /// S8: a scope per request, closed synchronously (nothing in it has an async teardown).
    @inline(never) public func s8() -> AnyObject? {
        let (request, id) = s8IncomingRequest()
        let scope = container.makeScope()
        try! scope.provide(request)
        try! scope.provide(id)
        let handler = try! scope.resolve((any S8Handler).self)
        try! scope.syncClose()
        return handler
    }

    // `try!` is fine here: every type is registered, and a failure must stop the benchmark.
    @inline(never) public func s1() -> AnyObject { try! container.resolve((any SingletonService).self) }
    @inline(never) public func s2() -> AnyObject { try! container.resolve((any LeafService).self) }
    @inline(never) public func s3() -> AnyObject { try! container.resolve((any Chain0).self) }
    @inline(never) public func s4() -> AnyObject { try! container.resolve((any GRoot).self) }

    public static func s5(count: Int) -> Int? {
        struct Registrar: S5Visitor {
            let container = Container()
            var resolved = 0
            var resolving = false
            mutating func visit<T: S5Node>(_ type: T.Type) {
                if resolving {
                    blackHole(try! container.resolve(type))
                    resolved += 1
                } else {
                    container.register(type) { _ in T() }
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
        container.register((any RaceService).self, lifetime: .singleton) { _ in RaceImpl() }
        return { try! container.resolve((any RaceService).self) }
    }

    public func s7Throwing(describe: Bool) -> String? {
        do {
            blackHole(try container.resolve((any Unregistered).self))
            return "(no error)"
        } catch {
            return describe ? "\(error)" : "thrown"
        }
    }
    public func s7Optional() -> AnyObject? { (try? container.resolveIfRegistered((any Unregistered).self)) ?? nil }
    public static var hasOptionalAPI: Bool { true }
}
