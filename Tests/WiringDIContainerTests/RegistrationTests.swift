import Testing
import WiringDIContainer

@Suite("Registration: lifecycles, names and both spellings")
struct RegistrationTests {
    @Test("a transient registration builds a new instance on every resolve")
    func transientBuildsEachTime() {
        let container = DIContainer()
        let calls = Counter()
        container.register(
            type: (any Greeter).self,
            transient: { _ in
                calls.next()
                return EnglishGreeter()
            })
        let first = container.resolve((any Greeter).self)
        let second = container.resolve((any Greeter).self)
        #expect(calls.value == 2)
        #expect(first !== second)
    }

    @Test("a lazy singleton is built on the first resolve, once")
    func lazySingletonBuildsOnce() {
        let container = DIContainer()
        let calls = Counter()
        container.register(
            type: (any Greeter).self,
            lazySingleton: { _ in
                calls.next()
                return EnglishGreeter()
            })
        #expect(calls.value == 0)
        let first = container.resolve((any Greeter).self)
        let second = container.resolve((any Greeter).self)
        #expect(calls.value == 1)
        #expect(first === second)
    }

    @Test("a cached registration is built once until it is reset")
    func cachedBuildsOnce() {
        let container = DIContainer()
        let calls = Counter()
        container.register(
            type: (any Greeter).self,
            cached: { _ in
                calls.next()
                return EnglishGreeter()
            })
        let first = container.resolve((any Greeter).self)
        #expect(container.resolve((any Greeter).self) === first)
        #expect(calls.value == 1)
    }

    @Test("an eager singleton returns the value it was given")
    func eagerSingletonReturnsTheValue() {
        let container = DIContainer()
        let greeter = EnglishGreeter()
        container.register(type: (any Greeter).self, eagerSingleton: greeter)
        #expect(container.resolve((any Greeter).self) === greeter)
        #expect(container.resolve((any Greeter).self) === greeter)
    }

    @Test("the README's unlabelled spelling registers every lifecycle, with and without a name")
    func unlabelledSpelling() {
        let container = DIContainer()
        let eager = EnglishGreeter("eager")
        container.register((any Greeter).self, transient: { _ in EnglishGreeter("transient") })
        container.register((any Greeter).self, named: "lazy", lazySingleton: { _ in EnglishGreeter("lazy") })
        container.register((any Greeter).self, named: "cached", cached: { _ in EnglishGreeter("cached") })
        container.register((any Greeter).self, named: "eager", eagerSingleton: eager)
        #expect(container[(any Greeter).self]?.greeting == "transient")
        #expect(container[(any Greeter).self, named: "lazy"]?.greeting == "lazy")
        #expect(container[(any Greeter).self, named: "cached"]?.greeting == "cached")
        #expect(container[(any Greeter).self, named: "eager"] === eager)
    }

    @Test("the original's labelled spelling registers every lifecycle, with and without a name")
    func labelledSpelling() {
        let container = DIContainer()
        let eager = EnglishGreeter("eager")
        container.register(type: (any Greeter).self, transient: { _ in EnglishGreeter("transient") })
        container.register(type: (any Greeter).self, named: "lazy", lazySingleton: { _ in EnglishGreeter("lazy") })
        container.register(type: (any Greeter).self, named: "cached", cached: { _ in EnglishGreeter("cached") })
        container.register(type: (any Greeter).self, named: "eager", eagerSingleton: eager)
        #expect(container[(any Greeter).self]?.greeting == "transient")
        #expect(container[(any Greeter).self, named: "lazy"]?.greeting == "lazy")
        #expect(container[(any Greeter).self, named: "cached"]?.greeting == "cached")
        #expect(container[(any Greeter).self, named: "eager"] === eager)
    }

    @Test("omitting the type registers the factory's own type")
    func typeInferredFromTheFactory() {
        let container = DIContainer()
        container.register(transient: { _ in EnglishGreeter("inferred") })
        container.register(named: "value", eagerSingleton: FrenchGreeter())
        container.register(named: "lazy", lazySingleton: { EnglishGreeter("lazy") })
        #expect(container.resolve(EnglishGreeter.self)?.greeting == "inferred")
        #expect(container.has(type: FrenchGreeter.self, named: "value"))
        #expect(container.resolve(EnglishGreeter.self, named: "lazy")?.greeting == "lazy")
    }

    @Test("the container-less overloads work in both spellings for each lifecycle")
    func containerlessOverloads() {
        let container = DIContainer()
        let calls = Counter()
        container.register(
            type: (any Greeter).self, named: "t1",
            transient: { () -> any Greeter in
                calls.next()
                return EnglishGreeter("t1")
            })
        container.register((any Greeter).self, named: "t2", transient: { EnglishGreeter("t2") })
        container.register(type: (any Greeter).self, named: "l1", lazySingleton: { EnglishGreeter("l1") })
        container.register((any Greeter).self, named: "l2", lazySingleton: { EnglishGreeter("l2") })
        container.register(type: (any Greeter).self, named: "c1", cached: { EnglishGreeter("c1") })
        container.register((any Greeter).self, named: "c2", cached: { EnglishGreeter("c2") })
        container.register((any Greeter).self, lazySingleton: { FrenchGreeter() })

        _ = container[(any Greeter).self, named: "t1"]
        _ = container[(any Greeter).self, named: "t1"]
        #expect(calls.value == 2)
        for name in ["t2", "l1", "l2", "c1", "c2"] {
            #expect(container[(any Greeter).self, named: name]?.greeting == name)
        }
        #expect(container[(any Greeter).self, named: "l1"] === container[(any Greeter).self, named: "l1"])
        #expect(container[(any Greeter).self, named: "t2"] !== container[(any Greeter).self, named: "t2"])
        #expect(container[(any Greeter).self]?.greeting == "Bonjour")
    }

    @Test("named registrations of one type are separate from each other and from the unnamed one")
    func namedRegistrationsAreSeparate() {
        let container = DIContainer()
        container.register((any Greeter).self, eagerSingleton: EnglishGreeter("plain"))
        container.register((any Greeter).self, named: "fr", eagerSingleton: FrenchGreeter())
        #expect(container[(any Greeter).self]?.greeting == "plain")
        #expect(container[(any Greeter).self, named: "fr"]?.greeting == "Bonjour")
        #expect(container[(any Greeter).self, named: "de"] == nil)
        #expect(!container.has(type: (any Greeter).self, named: "de"))
    }

    @Test("registering the same type and name again replaces the registration and its instance")
    func reRegisteringOverwrites() {
        let container = DIContainer()
        container.register((any Greeter).self, lazySingleton: { _ in EnglishGreeter("old") })
        #expect(container[(any Greeter).self]?.greeting == "old")
        container.register((any Greeter).self, lazySingleton: { _ in EnglishGreeter("new") })
        #expect(container[(any Greeter).self]?.greeting == "new")
        container.register((any Greeter).self, eagerSingleton: FrenchGreeter())
        #expect(container[(any Greeter).self]?.greeting == "Bonjour")
    }

    @Test("a factory receives the resolving container and resolves its dependencies through it")
    func factoryReceivesTheContainer() {
        let container = DIContainer()
        var received: (any DIContainerProtocol)?
        container.register((any Greeter).self, lazySingleton: { _ in EnglishGreeter("dependency") })
        container.register(
            Welcome.self,
            transient: { c in
                received = c
                return Welcome(greeter: c.forceResolve())
            })
        #expect(container[Welcome.self]?.greeter.greeting == "dependency")
        #expect((received as? DIContainer) === container)
    }

    @Test("factories can resolve with the subscript or with resolve(_:named:) on the protocol")
    func protocolTypedLookupInFactories() {
        let container = DIContainer()
        container.register((any Greeter).self, eagerSingleton: EnglishGreeter())
        container.register(Welcome.self, named: "subscript", transient: { c in c[(any Greeter).self].map { Welcome(greeter: $0) } })
        container.register(
            Welcome.self, named: "resolve",
            transient: { c in
                c.resolve((any Greeter).self, named: nil).map { Welcome(greeter: $0) }
            })
        #expect(container[Welcome.self, named: "subscript"] != nil)
        #expect(container[Welcome.self, named: "resolve"] != nil)
    }

    @Test("DILifecycle values register directly, including the static factory overloads")
    func lifecycleDirectUse() {
        let container = DIContainer()
        let eager = EnglishGreeter("eager")
        let calls = Counter()
        container.register(type: (any Greeter).self, named: "eager", value: .eagerSingleton(eager))
        container.register(type: (any Greeter).self, named: "transient", value: .transient { _ in EnglishGreeter("transient") })
        container.register(
            type: (any Greeter).self,
            named: "lazy",
            value: .lazySingleton { _ in
                calls.next()
                return EnglishGreeter("lazy")
            }
        )
        container.register(type: (any Greeter).self, named: "cached", value: .cached { _ in EnglishGreeter("cached") })
        let protocolTyped: any DIContainerProtocol = container
        protocolTyped.register(type: (any Greeter).self, named: nil, value: .eagerSingleton(FrenchGreeter()))

        #expect(container[(any Greeter).self, named: "eager"] === eager)
        #expect(container[(any Greeter).self, named: "transient"]?.greeting == "transient")
        #expect(container[(any Greeter).self, named: "lazy"] === container[(any Greeter).self, named: "lazy"])
        #expect(calls.value == 1)
        #expect(container[(any Greeter).self, named: "cached"]?.greeting == "cached")
        #expect(container[(any Greeter).self]?.greeting == "Bonjour")
    }

    @Test("DILifecycle cases can be matched")
    func lifecycleCasesMatch() {
        let lifecycles: [DILifecycle<Int>] = [.eagerSingleton(1), .lazySingleton { _ in 2 }, .transient { _ in 3 }, .cached { _ in 4 }]
        var kinds: [String] = []
        for lifecycle in lifecycles {
            switch lifecycle {
            case .eagerSingleton(let value): kinds.append("eager \(value)")
            case .lazySingleton(let lazy): kinds.append("lazy \(type(of: lazy))")
            case .transient(let factory): kinds.append("transient \(factory(DIContainer()) ?? 0)")
            case .cached(let cached): kinds.append("cached \(type(of: cached))")
            }
        }
        #expect(kinds == ["eager 1", "lazy DILazyContainer<Int>", "transient 3", "cached DICached<Int>"])
    }

    @Test("a DIInitializable type can build itself in a factory")
    func initializableInFactories() {
        struct Settings: DIInitializable {
            let greeting: String
            init?(container: any DIContainerProtocol) {
                guard let greeter = container[(any Greeter).self] else { return nil }
                greeting = greeter.greeting
            }
        }
        let container = DIContainer()
        container.register(Settings.self, lazySingleton: { c in Settings(container: c) })
        #expect(container[Settings.self] == nil)
        container.register((any Greeter).self, eagerSingleton: FrenchGreeter())
        #expect(container[Settings.self]?.greeting == "Bonjour")
    }
}
