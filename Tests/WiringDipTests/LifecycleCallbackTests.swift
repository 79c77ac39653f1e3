import Testing
import WiringDip

@Suite("Resolvable and property blocks")
struct LifecycleCallbackTests {
    final class Node: Resolvable {
        static let events = Recorder()
        let name: String
        var child: Node?
        init(name: String) { self.name = name }
        func resolveDependencies(_ container: DependencyContainer) { Node.events.record("resolve \(name)") }
        func didResolveDependencies() { Node.events.record("did \(name)") }
    }

    struct Quiet: Resolvable {}

    @Test("resolveDependencies runs at creation; didResolveDependencies at the end, last created first")
    func ordering() throws {
        let container = DependencyContainer()
        container.register(tag: "leaf") { Node(name: "leaf") }
        container.register { () -> Node in
            let node = Node(name: "root")
            node.child = try container.resolve(tag: "leaf") as Node
            return node
        }
        _ = try container.resolve() as Node
        #expect(Node.events.all == ["resolve leaf", "resolve root", "did root", "did leaf"])
    }

    @Test("Resolvable's methods have public default implementations")
    func defaults() throws {
        let container = DependencyContainer()
        container.register { Quiet() }
        _ = try container.resolve() as Quiet
        Quiet().resolveDependencies(container)
        Quiet().didResolveDependencies()
    }

    final class Holder {
        var service: Service?
        var optional: Service?
        var name = ""
        var steps: [String] = []
    }

    @Test("resolvingProperties blocks chain in order and run once per instance")
    func chainedBlocks() throws {
        let container = DependencyContainer()
        container.register(.singleton) { Holder() }
            .resolvingProperties { _, holder in holder.steps.append("one") }
            .resolvingProperties { _, holder in holder.steps.append("two") }
        _ = try container.resolve() as Holder
        #expect((try container.resolve() as Holder).steps == ["one", "two"])
    }

    @Test("resolvingProperty by type, with as: and tag:, and with a factory")
    func resolvingProperty() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register(tag: "other") { OtherService() as Service }
        container.register { "from the container" }
        container.register(.unique, tag: "type") { Holder() }.resolvingProperty(\Holder.service, as: Service.self, tag: "other")
        container.register(.unique, tag: "plain") { Holder() }.resolvingProperty(\Holder.name)
        container.register(.unique, tag: "optional") { Holder() }.resolvingProperty(\Holder.optional)
        container.register(.unique, tag: "factory") { Holder() }.resolvingProperty(\Holder.name) { _ in "made" }
        #expect((try container.resolve(tag: "type") as Holder).service is OtherService)
        #expect((try container.resolve(tag: "plain") as Holder).name == "from the container")
        #expect((try container.resolve(tag: "optional") as Holder).optional is ServiceImp)
        #expect((try container.resolve(tag: "factory") as Holder).name == "made")
    }

    @Test("an error thrown by a property block reaches the caller unchanged")
    func blockErrors() {
        struct Failed: Error, Equatable {}
        let container = DependencyContainer()
        container.register { Holder() }.resolvingProperties { _, _ in throw Failed() }
        #expect(throws: Failed()) { try container.resolve() as Holder }
    }
}
