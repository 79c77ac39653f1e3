import Testing
import WiringDip

// The four behaviours where WiringDip differed from Dip 7.1.1 (issue 15), each written from
// Dip's documentation: its README and wiki pages on collaboration, scopes, auto-injection and
// type forwarding.

protocol Engine: AnyObject {
    var car: Car? { get }
}

protocol Car: AnyObject {
    var engine: Engine { get }
}

final class V8: Engine {
    @InjectedWeak var injectedCar: Car?
    var car: Car? { injectedCar }
}

final class Sedan: Car {
    @Injected var injectedEngine: Engine?
    var engine: Engine { injectedEngine! }
}

@Suite("Dip behaviours the facade used to miss")
struct MigrationGapTests {
    @Test("collaborating containers that auto-inject each other's types build one graph")
    func collaborationBothWays() throws {
        let parts = DependencyContainer()
        parts.register(.shared) { V8() as Engine }
        let cars = DependencyContainer()
        cars.register(.shared) { Sedan() as Car }
        cars.collaborate(with: parts)

        let car = try cars.resolve() as Car
        let engine = car.engine
        #expect(engine is V8)
        #expect(engine.car === car)
    }

    @Test("property blocks that resolve the collaborator's type twice get the graph's one instance")
    func collaborationThroughPropertyBlocks() throws {
        final class Wheel {}
        final class Axle {
            var left: Wheel?
            var right: Wheel?
        }
        let parts = DependencyContainer()
        parts.register(.shared) { Wheel() }
        let assembly = DependencyContainer()
        assembly.register(.shared) { Axle() }
            .resolvingProperties { container, axle in
                axle.left = try container.resolve() as Wheel
                axle.right = try container.resolve() as Wheel
            }
        assembly.collaborate(with: parts)

        let axle = try assembly.resolve() as Axle
        #expect(axle.left != nil)
        #expect(axle.left === axle.right)
    }

    @Test(".shared reuse within a graph is per requested tag, for auto-wiring and for forwarding")
    func sharedReuseIsPerTag() throws {
        final class Pair {
            let first: Service
            let second: Service
            init(first: Service, second: Service) {
                self.first = first
                self.second = second
            }
        }
        let container = DependencyContainer()
        container.register(.shared) { ServiceImp() }.implements(Service.self, tag: "t")
        container.register(.shared) { ServiceImp() as Service }
        container.register {
            Pair(first: try container.resolve(tag: "t") as Service, second: try container.resolve() as Service)
        }
        let pair = try container.resolve() as Pair
        #expect(pair.first !== pair.second)

        // The same definition under two tags in one graph: two instances.
        let tagged = DependencyContainer()
        tagged.register(.shared) { ServiceImp() as Service }
        tagged.register {
            Pair(first: try tagged.resolve(tag: "a") as Service, second: try tagged.resolve(tag: "b") as Service)
        }
        let twoTags = try tagged.resolve() as Pair
        #expect(twoTags.first !== twoTags.second)
    }

    @Test("one definition registered in two containers has a singleton per container")
    func singletonsBelongToTheContainer() throws {
        let first = DependencyContainer()
        let definition = first.register(.singleton) { ServiceImp() as Service }
        let second = DependencyContainer()
        second.register(definition)
        let a = try first.resolve() as Service
        let b = try second.resolve() as Service
        #expect(a !== b)
        #expect(try first.resolve() as Service === a)
        #expect(try second.resolve() as Service === b)
    }

    @Test("registering the same definition again releases its singleton")
    func reRegisteringReleases() throws {
        let container = DependencyContainer()
        let definition = container.register(.singleton) { ServiceImp() as Service }
        weak var first: ServiceImp?
        do {
            first = try container.resolve() as Service as? ServiceImp
            #expect(first != nil)
        }
        container.register(definition)
        #expect(first == nil)
        #expect(try container.resolve() as Service is ServiceImp)
    }

    @Test("a dropped container is released with its definitions' instances")
    func droppedContainerIsReleased() throws {
        weak var released: DependencyContainer?
        weak var instance: ServiceImp?
        do {
            let container = DependencyContainer()
            container.register(.singleton) { ServiceImp() as Service }
            instance = try container.resolve() as Service as? ServiceImp
            released = container
        }
        #expect(released == nil)
        #expect(instance == nil)
    }
}
