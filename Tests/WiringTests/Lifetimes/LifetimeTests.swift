import Testing
import Wiring

@Suite("Lifetimes")
struct LifetimeTests {
    @Test("a transient registration builds a new instance on every resolve")
    func transientIsNewEachTime() throws {
        let container = Container()
        container.register(Tracked.self) { _ in Tracked() }
        let first = try container.resolve(Tracked.self)
        let second = try container.resolve(Tracked.self)
        #expect(first !== second)
    }

    @Test("a singleton is built once, lazily, and shared")
    func singletonIsSharedAndLazy() throws {
        let container = Container()
        let built = Counter()
        container.register(Tracked.self, lifetime: .singleton) { _ in
            built.increment()
            return Tracked()
        }
        #expect(built.count == 0)
        let first = try container.resolve(Tracked.self)
        let second = try container.resolve(Tracked.self)
        #expect(first === second)
        #expect(built.count == 1)
    }

    @Test("a value-type singleton is built once")
    func valueSingleton() throws {
        let container = Container()
        let built = Counter()
        container.register(Config.self, lifetime: .singleton) { _ in
            built.increment()
            return Config(environment: "prod")
        }
        #expect(try container.resolve(Config.self) == Config(environment: "prod"))
        #expect(try container.resolve(Config.self) == Config(environment: "prod"))
        #expect(built.count == 1)
    }

    @Test("a protocol-typed singleton is shared")
    func existentialSingleton() throws {
        let container = Container()
        container.register((any Database).self, lifetime: .singleton) { _ in SQLDatabase() }
        let first = try container.resolve((any Database).self)
        let second = try container.resolve((any Database).self)
        #expect(first === second)
    }

    @Test("eager singletons are built by start(), in registration order")
    func eagerSingletonsBuildAtStart() throws {
        let container = Container()
        let order = Lock<[String]>([])
        container.register(Config.self, lifetime: .eagerSingleton) { _ in
            order.withLock { $0.append("config") }
            return Config()
        }
        container.register(Tracked.self, lifetime: .eagerSingleton) { _ in
            order.withLock { $0.append("tracked") }
            return Tracked()
        }
        #expect(order.withLock { $0 }.isEmpty)
        try container.start()
        #expect(order.withLock { $0 } == ["config", "tracked"])
        _ = try container.resolve(Tracked.self)
        try container.start()
        #expect(order.withLock { $0 } == ["config", "tracked"], "start() does not rebuild")
    }

    @Test("an eager singleton that fails makes start() throw")
    func eagerFailureSurfacesAtStart() {
        let container = Container()
        container.register(Tracked.self, lifetime: .eagerSingleton) { _ in throw SampleError(reason: "no disk") }
        #expect {
            try container.start()
        } throws: { error in
            (error as? WiringError)?.code == .factoryFailed
        }
    }

    @Test("a weak singleton is shared while held and rebuilt after release")
    func weakSingleton() throws {
        let container = Container()
        let built = Counter()
        container.register(Tracked.self, lifetime: .weakSingleton) { _ in
            built.increment()
            return Tracked(id: built.count)
        }
        var first: Tracked? = try container.resolve(Tracked.self)
        let again = try container.resolve(Tracked.self)
        #expect(first === again)
        weak let weakFirst = first
        first = nil
        _ = consume again
        #expect(weakFirst == nil)
        let rebuilt = try container.resolve(Tracked.self)
        #expect(rebuilt.id == 2)
        #expect(built.count == 2)
    }

    @Test("a weak singleton of a value type is rejected")
    func weakSingletonOfValueType() {
        let container = Container()
        container.register(Config.self, lifetime: .weakSingleton) { _ in Config() }
        #expect(throws: WiringError.self) { try container.resolve(Config.self) }
        do {
            _ = try container.resolve(Config.self)
        } catch {
            #expect(error.code == .invalidLifetime)
        }
    }

    @Test("a graph instance is shared within one resolve and new in the next")
    func graphLifetime() throws {
        let container = Container()
        container.register((any Database).self, lifetime: .graph) { _ in SQLDatabase() }
        container.register((any Logging).self) { _ in ConsoleLogger() }
        container.register(Pair.self) { r in Pair(first: try r.resolve(), second: try r.resolve()) }
        let pair = try container.resolve(Pair.self)
        #expect(pair.first === pair.second)
        let next = try container.resolve(Pair.self)
        #expect(next.first !== pair.first)
    }

    @Test("a scoped instance is shared within a scope and differs between scopes")
    func scopedLifetime() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        let request1 = container.makeScope()
        let request2 = container.makeScope()
        let a = try request1.resolve(Tracked.self)
        #expect(try request1.resolve(Tracked.self) === a)
        #expect(try request2.resolve(Tracked.self) !== a)
    }

    @Test("a scoped service's dependencies resolve in the same scope")
    func scopedDependencies() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        container.register(Holder.self) { r in Holder(value: try r.resolve()) }
        let scope = container.makeScope()
        #expect(try scope.resolve(Holder.self).value === scope.resolve(Tracked.self))
    }

    @Test("a named scope outlives the nested scopes made from it")
    func namedScopes() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped("session")) { _ in Tracked() }
        container.register(Config.self, lifetime: .scoped) { _ in Config() }
        let session = container.makeScope("session")
        let request1 = session.makeScope("request")
        let request2 = session.makeScope("request")
        #expect(try request1.resolve(Tracked.self) === request2.resolve(Tracked.self))
        let other = container.makeScope("session")
        #expect(try other.resolve(Tracked.self) !== request1.resolve(Tracked.self))
    }

    @Test("resetting a scope releases its instances")
    func scopeReset() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        let scope = container.makeScope()
        weak var weakFirst: Tracked?
        do {
            let first = try scope.resolve(Tracked.self)
            weakFirst = first
        }
        #expect(weakFirst != nil)
        scope.reset()
        #expect(weakFirst == nil)
    }

    @Test("a released scope releases its instances")
    func scopeRelease() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        weak var weakInstance: Tracked?
        do {
            let scope = container.makeScope()
            weakInstance = try scope.resolve(Tracked.self)
            #expect(weakInstance != nil)
        }
        #expect(weakInstance == nil)
    }

    @Test("reset() releases singletons and the next resolve builds anew")
    func containerReset() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
        weak var weakFirst: Tracked?
        do { weakFirst = try container.resolve(Tracked.self) }
        #expect(weakFirst != nil)
        container.reset()
        #expect(weakFirst == nil)
        #expect(weakFirst == nil)
    }

    @Test("re-registering replaces the registration and releases what it cached")
    func reRegistration() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked(id: 1) }
        weak var weakOld: Tracked?
        do { weakOld = try container.resolve(Tracked.self) }
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked(id: 2) }
        #expect(weakOld == nil)
        #expect(try container.resolve(Tracked.self).id == 2)
    }

    @Test("removing a registration releases its instance and makes resolve fail")
    func removal() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
        weak var weakOld: Tracked?
        do { weakOld = try container.resolve(Tracked.self) }
        #expect(container.remove(Tracked.self))
        #expect(weakOld == nil)
        #expect(!container.remove(Tracked.self))
        #expect(throws: WiringError.self) { try container.resolve(Tracked.self) }
        container.register(Config.self) { _ in Config() }
        container.removeAll()
        #expect(!container.isRegistered(Config.self))
    }

    @Test("a singleton registered as a ready instance returns that instance")
    func instanceRegistration() throws {
        let container = Container()
        let logger = ConsoleLogger()
        container.register((any Logging).self, instance: logger)
        #expect(try container.resolve((any Logging).self) === logger)
    }
}

final class Pair: Sendable {
    let first: any Database
    let second: any Database
    let logger: any Logging
    init(first: any Database, second: any Database, logger: any Logging = ConsoleLogger()) {
        self.first = first
        self.second = second
        self.logger = logger
    }
}

final class Holder: Sendable {
    let value: Tracked
    init(value: Tracked) { self.value = value }
}
