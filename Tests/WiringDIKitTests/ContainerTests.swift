import Testing
import WiringDIKit

@Suite("DependencyContainer")
struct ContainerTests {
    @Test("a singleton is built lazily, once, and the same instance is returned")
    func singletonLifetime() {
        let built = Counter()
        let container = DependencyContainer { c in
            c.register(lifetime: .singleton) {
                built.increment()
                return Service()
            }
        }
        #expect(built.value == 0)
        let first: Service = container.resolve()
        let second: Service = container.resolve()
        #expect(first === second)
        #expect(built.value == 1)
    }

    @Test("singleton is the default lifetime of register")
    func defaultLifetime() {
        let container = DependencyContainer { c in c.register { Service() } }
        let first: Service = container.resolve()
        let second: Service = container.resolve()
        #expect(first === second)
    }

    @Test("a factory component builds a new instance every time")
    func factoryLifetime() {
        let built = Counter()
        let container = DependencyContainer { c in
            c.register(lifetime: .factory) { Service(id: built.increment()) }
        }
        let first: Service = container.resolve()
        let second: Service = container.resolve()
        #expect(first !== second)
        #expect(built.value == 2)
    }

    @Test("the bootstrap block receives the container being made, as a trailing closure")
    func bootstrapBlock() {
        var seen: DependencyContainer?
        let container = DependencyContainer { c in
            seen = c
            c.register { Marker(name: "boot") }
        }
        #expect(seen === container)
        #expect(container.resolve() == Marker(name: "boot"))
        let block: DependencyContainer.BootstrapBlock = { $0.register { 1 } }
        let labelled = DependencyContainer(boostrapBlock: block)
        #expect(labelled.resolve() == 1)
    }

    @Test("tagged and untagged components are separate, with no fallback")
    func tags() {
        let container = DependencyContainer { c in
            c.register { Marker(name: "plain") }
            c.register(tag: Storage.userdata) { Marker(name: "user") }
            c.register(lifetime: .factory, tag: "system") { Marker(name: "system") }
            c.register(tag: Storage.systemdata) { 42 }
        }
        #expect(container.resolve() == Marker(name: "plain"))
        #expect(container.resolve(tag: Storage.userdata) == Marker(name: "user"))
        #expect(container.resolve(tag: "system") == Marker(name: "system"))
        #expect(container.resolve(tag: Storage.systemdata) == 42)
    }

    @Test("a tag with no component does not fall back to the untagged one")
    func noFallback() {
        DependencyContainer.withShared(module { single { Marker(name: "plain") } }) {
            let tagged: Marker? = resolveOptional(tag: Storage.userdata)
            #expect(tagged == nil)
            let untaggedOfTaggedOnly: Int? = resolveOptional()
            #expect(untaggedOfTaggedOnly == nil)
        }
    }

    @Test("register(_:) takes a component made by resolvable, with and without tag")
    func registerComponent() {
        let container = DependencyContainer { c in
            c.register(resolvable { Marker(name: "single") })
            c.register(resolvable(lifetime: .factory, tag: Storage.userdata) { Service() })
            c.register(resolvable(lifetime: .singleton, tag: "s") { Service() })
        }
        #expect(container.resolve() == Marker(name: "single"))
        let a: Service = container.resolve(tag: Storage.userdata)
        let b: Service = container.resolve(tag: Storage.userdata)
        #expect(a !== b)
        let c: Service = container.resolve(tag: "s")
        let d: Service = container.resolve(tag: "s")
        #expect(c === d)
    }

    @Test("a component exposes its lifetime, type and an identifier of type and tag")
    func componentProperties() {
        let component = resolvable(lifetime: .factory, tag: "t") { Marker(name: "m") }
        #expect(component.lifetime == .factory)
        #expect(ObjectIdentifier(component.type) == ObjectIdentifier(Marker.self))
        #expect(component.componentFactory() as? Marker == Marker(name: "m"))
        #expect(component.identifier == resolvable(tag: "t") { Marker(name: "other") }.identifier)
        #expect(component.identifier != resolvable(tag: "u") { Marker(name: "m") }.identifier)
        #expect(component.identifier != resolvable { Marker(name: "m") }.identifier)
        #expect(Lifetime.singleton != Lifetime.factory)
    }

    @Test("a component of the user's own type is registered but, as in DIKit, not resolvable")
    func foreignComponent() {
        let container = DependencyContainer { c in c.register(ForeignComponent()) }
        DependencyContainer.withShared(container) {
            let marker: Marker? = resolveOptional()
            #expect(marker == nil)
        }
    }

    @Test("derive merges the components of its sources, variadic and array forms")
    func deriveMerges() {
        let a = module { single { Marker(name: "a") } }
        let b = module { factory(tag: "b") { Marker(name: "b") } }
        for derived in [DependencyContainer.derive(from: a, b), DependencyContainer.derive(from: [a, b])] {
            #expect(derived.resolve() == Marker(name: "a"))
            #expect(derived.resolve(tag: "b") == Marker(name: "b"))
        }
    }

    @Test("a derived container has fresh singletons, not shared with its sources")
    func deriveFreshSingletons() {
        let source = module { single { Service() } }
        let fromSource: Service = source.resolve()
        let derived = DependencyContainer.derive(from: source)
        let fromDerived: Service = derived.resolve()
        #expect(fromSource !== fromDerived)
        #expect(fromDerived === derived.resolve() as Service)
        let other = DependencyContainer.derive(from: source)
        #expect(fromDerived !== other.resolve() as Service)
    }

    @Test("a container and the values it gives can cross concurrency domains")
    func sendable() async {
        let container = module { single { Marker(name: "sent") } }
        let value = await Task.detached { container.resolve() as Marker }.value
        #expect(value == Marker(name: "sent"))
    }
}

@Suite("Sendable")
struct SendableTests {
    static func requireSendable<T: Sendable>(_: T.Type) {}

    @Test("the container, the lifetime and Inject of a Sendable value are Sendable (compile-time check)")
    func sendableTypes() {
        Self.requireSendable(DependencyContainer.self)
        Self.requireSendable(Lifetime.self)
        Self.requireSendable(Inject<Marker>.self)
    }
}

/// The context protocols DIKit declares are still there to conform to.
struct ContextOwner: ContainerContext, DefinesContainer {
    let container: DependencyContainer
}

@Suite("Context protocols")
struct ContextProtocolTests {
    @Test("ContainerContext and DefinesContainer can be adopted")
    func adopt() {
        let owner = ContextOwner(container: module { single { 7 } })
        let context: any ContainerContext = owner
        let defines: any DefinesContainer = owner
        #expect(context.container.resolve() == 7)
        #expect(defines.container === owner.container)
    }
}
