import Testing
import WiringDIContainer

@Suite("Lookup: resolve, has, the subscript, forceResolve and the property wrappers")
struct LookupTests {
    @Test("resolving an unregistered type gives nil")
    func missingResolvesToNil() {
        let container = DIContainer()
        #expect(container.resolve((any Greeter).self) == nil)
        #expect(container[(any Greeter).self] == nil)
        #expect(container[(any Greeter).self, named: "x"] == nil)
    }

    @Test("resolve infers its type from context")
    func resolveInfersTheType() {
        let container = DIContainer()
        container.register(Int.self, eagerSingleton: 42)
        let value: Int? = container.resolve()
        #expect(value == 42)
    }

    @Test("has reports registrations by type and name without building them")
    func hasBuildsNothing() {
        let container = DIContainer()
        let calls = Counter()
        container.register(
            (any Greeter).self, named: "lazy",
            lazySingleton: { _ in
                calls.next()
                return EnglishGreeter()
            })
        #expect(container.has(type: (any Greeter).self, named: "lazy"))
        #expect(!container.has(type: (any Greeter).self))
        #expect(!container.has(type: EnglishGreeter.self, named: "lazy"))
        let inferred: Bool = container.has(type: Int.self)
        #expect(!inferred)
        #expect(calls.value == 0)
    }

    @Test("has is true for a registration whose factory returns nil")
    func hasWithNilFactory() {
        let container = DIContainer()
        container.register(Int.self, transient: { _ in nil })
        #expect(container.has(type: Int.self))
        #expect(container[Int.self] == nil)
    }

    @Test("forceResolve returns the registered instance, with the type inferred or given")
    func forceResolveReturnsTheInstance() {
        let container = DIContainer()
        let greeter = EnglishGreeter()
        container.register((any Greeter).self, named: "en", eagerSingleton: greeter)
        container.register(Int.self, eagerSingleton: 7)
        let inferred: any Greeter = container.forceResolve(named: "en")
        #expect(inferred === greeter)
        #expect(container.forceResolve(Int.self) == 7)
        let protocolTyped: any DIContainerProtocol = container
        #expect(protocolTyped.forceResolve(Int.self) == 7)
    }

    @Test("forceResolve works on another conforming container type")
    func forceResolveOnACustomConformance() {
        struct Fixed: DIContainerProtocol {
            func register<Protocol>(type: Protocol.Type, named: String?, value: DILifecycle<Protocol>) {}
            func has<Protocol>(type: Protocol.Type, named: String?) -> Bool { Protocol.self == Int.self }
            func resolve<Protocol>(_ type: Protocol.Type, named: String?) -> Protocol? { 5 as? Protocol }
            func isResettable<Protocol>(_ type: Protocol.Type, named: String?) -> Bool { false }
            func reset<Protocol>(_ type: Protocol.Type, named: String?) {}
        }
        let fixed = Fixed()
        #expect(fixed.forceResolve(Int.self) == 5)
        #expect(fixed[Int.self] == 5)
        #expect(fixed[String.self] == nil)
    }

    @Test("@Resolved resolves again on every read")
    func resolvedReResolves() {
        struct Screen {
            @Resolved var greeter: (any Greeter)?
            @Resolved var french: (any Greeter)?
            init(container: DIContainer) {
                _greeter = Resolved(container: container)
                _french = Resolved(container: container, named: "fr")
            }
        }
        let container = DIContainer()
        let calls = Counter()
        let screen = Screen(container: container)
        #expect(screen.greeter == nil)
        container.register(
            (any Greeter).self,
            transient: { _ in
                calls.next()
                return EnglishGreeter()
            })
        let first = screen.greeter
        let second = screen.greeter
        #expect(first != nil)
        #expect(first !== second)
        #expect(calls.value == 2)
        container.register((any Greeter).self, named: "fr", eagerSingleton: FrenchGreeter())
        #expect(screen.french?.greeting == "Bonjour")
    }

    @Test("@ForceResolved resolves again on every read")
    func forceResolvedReResolves() {
        struct Screen {
            @ForceResolved var greeter: any Greeter
            init(container: DIContainer) {
                _greeter = ForceResolved(container: container, named: "screen")
            }
        }
        let container = DIContainer()
        container.register((any Greeter).self, named: "screen", eagerSingleton: EnglishGreeter("first"))
        let screen = Screen(container: container)
        #expect(screen.greeter.greeting == "first")
        container.register((any Greeter).self, named: "screen", eagerSingleton: EnglishGreeter("second"))
        #expect(screen.greeter.greeting == "second")
    }

    @Test("DISingletonContainer.shared is one container, and the wrappers' default")
    func sharedContainer() {
        // A type only this test registers, since the shared container is shared by all tests.
        final class SharedOnly {}
        struct Screen {
            @Resolved var optional: SharedOnly?
            @ForceResolved var forced: SharedOnly
        }
        let instance = SharedOnly()
        DISingletonContainer.shared.register(SharedOnly.self, eagerSingleton: instance)
        let container: DIContainer = DISingletonContainer.shared
        #expect(DISingletonContainer.shared === container)
        #expect(container[SharedOnly.self] === instance)
        let screen = Screen()
        #expect(screen.optional === instance)
        #expect(screen.forced === instance)
    }
}
