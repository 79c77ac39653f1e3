import Testing
import WiringDIContainer

/// One regression test per bug of DIContainer.swift 0.0.5 that the facade fixes.
@Suite("Bugs of the original that are fixed")
struct FixedBugTests {
    @Test("a lazySingleton whose factory returns nil is not cached: the next resolve retries")
    func lazySingletonDoesNotCacheNil() {
        let container = DIContainer()
        let calls = Counter()
        var ready = false
        container.register(
            (any Greeter).self,
            lazySingleton: { _ in
                calls.next()
                return ready ? EnglishGreeter() : nil
            })
        #expect(container[(any Greeter).self] == nil)
        #expect(container[(any Greeter).self] == nil)
        #expect(calls.value == 2)
        ready = true
        let built = container[(any Greeter).self]
        #expect(built != nil)
        #expect(container[(any Greeter).self] === built)
        #expect(calls.value == 3)
    }

    @Test("a cached registration whose factory returns nil retries on the next resolve")
    func cachedDoesNotCacheNil() {
        let container = DIContainer()
        var ready = false
        container.register((any Greeter).self, cached: { _ in ready ? EnglishGreeter() : nil })
        #expect(container[(any Greeter).self] == nil)
        ready = true
        #expect(container[(any Greeter).self] != nil)
    }

    @Test("Outer1.Svc and Outer2.Svc are distinct keys")
    func sameShortNamesDoNotCollide() {
        let container = DIContainer()
        container.register(Outer1.Svc.self, eagerSingleton: Outer1.Svc(id: 1))
        #expect(!container.has(type: Outer2.Svc.self))
        #expect(container[Outer2.Svc.self] == nil)
        container.register(Outer2.Svc.self, eagerSingleton: Outer2.Svc(id: 2))
        #expect(container[Outer1.Svc.self] == Outer1.Svc(id: 1))
        #expect(container[Outer2.Svc.self] == Outer2.Svc(id: 2))
    }

    @Test("names containing | do not collide with other keys")
    func pipeInNamesDoesNotCollide() {
        let container = DIContainer()
        container.register(String.self, named: "a|String", eagerSingleton: "named")
        container.register(String.self, named: "a", eagerSingleton: "other")
        #expect(container[String.self, named: "a|String"] == "named")
        #expect(container[String.self, named: "a"] == "other")
        #expect(!container.has(type: String.self))
    }

    @Test("isResettable is not inverted: false before caching, true after")
    func isResettableIsNotInverted() {
        let container = DIContainer()
        container.register(Int.self, cached: { _ in 1 })
        #expect(container.isResettable(Int.self) == false)
        _ = container[Int.self]
        #expect(container.isResettable(Int.self) == true)
    }

    @Test("a circular dependency resolves to nil instead of overflowing the stack")
    func cycleResolvesToNil() {
        let container = DIContainer()
        container.register(ChickenService.self, lazySingleton: { c in c[EggService.self].map { ChickenService(egg: $0) } })
        container.register(EggService.self, lazySingleton: { c in c[ChickenService.self].map { EggService(chicken: $0) } })
        #expect(container[ChickenService.self] == nil)
        #expect(container[EggService.self] == nil)
    }

    @Test("a circular dependency between transient registrations resolves to nil too")
    func transientCycleResolvesToNil() {
        let container = DIContainer()
        container.register(ChickenService.self, transient: { c in c[EggService.self].map { ChickenService(egg: $0) } })
        container.register(EggService.self, transient: { c in c[ChickenService.self].map { EggService(chicken: $0) } })
        #expect(container[ChickenService.self] == nil)
    }

    @Test("after a cycle, the container still resolves what is registered")
    func containerUsableAfterACycle() {
        let container = DIContainer()
        container.register(ChickenService.self, lazySingleton: { c in c[EggService.self].map { ChickenService(egg: $0) } })
        container.register(EggService.self, lazySingleton: { c in c[ChickenService.self].map { EggService(chicken: $0) } })
        container.register(Int.self, lazySingleton: { _ in 3 })
        #expect(container[ChickenService.self] == nil)
        #expect(container[Int.self] == 3)
    }
}
