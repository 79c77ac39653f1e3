import Testing
import WiringDIContainer

@Suite("reset and isResettable")
struct ResetTests {
    @Test("reset drops a cached instance, and the next resolve builds a new one")
    func resetDropsTheCache() {
        let container = DIContainer()
        let calls = Counter()
        container.register((any Greeter).self, cached: { _ in EnglishGreeter("build \(calls.next())") })
        #expect(container[(any Greeter).self]?.greeting == "build 1")
        #expect(container[(any Greeter).self]?.greeting == "build 1")
        container.reset((any Greeter).self)
        #expect(container[(any Greeter).self]?.greeting == "build 2")
        #expect(calls.value == 2)
    }

    @Test("reset of a named cached registration leaves the others alone")
    func resetIsPerKey() {
        let container = DIContainer()
        container.register((any Greeter).self, named: "a", cached: { _ in EnglishGreeter() })
        container.register((any Greeter).self, named: "b", cached: { _ in EnglishGreeter() })
        let a = container[(any Greeter).self, named: "a"]
        let b = container[(any Greeter).self, named: "b"]
        container.reset((any Greeter).self, named: "a")
        #expect(container[(any Greeter).self, named: "a"] !== a)
        #expect(container[(any Greeter).self, named: "b"] === b)
    }

    @Test("reset does nothing to other lifecycles or missing registrations", arguments: ["lazy", "eager", "missing"])
    func resetIgnoresOtherLifecycles(name: String) {
        let container = DIContainer()
        container.register((any Greeter).self, named: "lazy", lazySingleton: { _ in EnglishGreeter() })
        container.register((any Greeter).self, named: "eager", eagerSingleton: EnglishGreeter())
        let before = container[(any Greeter).self, named: name]
        container.reset((any Greeter).self, named: name)
        #expect(container[(any Greeter).self, named: name] === before)
        #expect(!container.isResettable((any Greeter).self, named: name))
    }

    @Test("isResettable is true exactly while a cached registration holds a value")
    func isResettableFollowsTheCache() {
        let container = DIContainer()
        container.register((any Greeter).self, cached: { _ in EnglishGreeter() })
        #expect(!container.isResettable((any Greeter).self))
        _ = container[(any Greeter).self]
        #expect(container.isResettable((any Greeter).self))
        container.reset((any Greeter).self)
        #expect(!container.isResettable((any Greeter).self))
        _ = container[(any Greeter).self]
        #expect(container.isResettable((any Greeter).self))
        container.register((any Greeter).self, cached: { _ in EnglishGreeter() })
        #expect(!container.isResettable((any Greeter).self))
    }

    @Test("isResettable is false for transient registrations and for a cached factory that returned nil")
    func isResettableFalseCases() {
        let container = DIContainer()
        container.register((any Greeter).self, transient: { _ in EnglishGreeter() })
        container.register((any Greeter).self, named: "nil", cached: { _ in nil })
        _ = container[(any Greeter).self]
        _ = container[(any Greeter).self, named: "nil"]
        #expect(!container.isResettable((any Greeter).self))
        #expect(!container.isResettable((any Greeter).self, named: "nil"))
    }

    @Test("reset and isResettable work through the protocol")
    func throughTheProtocol() {
        let container: any DIContainerProtocol = DIContainer()
        container.register((any Greeter).self, cached: { _ in EnglishGreeter() })
        let first = container[(any Greeter).self]
        #expect(container.isResettable((any Greeter).self, named: nil))
        container.reset((any Greeter).self, named: nil)
        #expect(container[(any Greeter).self] !== first)
    }

    @Test("a container whose factories refer to it is released with its singletons when dropped")
    func containerIsReleased() {
        weak var released: DIContainer?
        weak var greeter: EnglishGreeter?
        do {
            let container = DIContainer()
            container.register((any Greeter).self, lazySingleton: { _ in EnglishGreeter() })
            container.register((any Greeter).self, named: "cached", cached: { c in c.forceResolve() })
            greeter = container.forceResolve((any Greeter).self) as? EnglishGreeter
            _ = container[(any Greeter).self, named: "cached"]
            container.reset((any Greeter).self, named: "cached")
            released = container
        }
        #expect(released == nil)
        #expect(greeter == nil)
    }
}
