import Testing
import WiringDip

@Suite("Registration and scopes")
struct RegistrationAndScopeTests {
    final class Graph {
        let a: Service
        let b: Service
        init(a: Service, b: Service) {
            self.a = a
            self.b = b
        }
    }

    @Test("the default scope is .shared: one instance per outermost resolve")
    func sharedIsDefault() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register { Graph(a: try container.resolve(), b: try container.resolve()) }
        let graph = try container.resolve() as Graph
        #expect(graph.a === graph.b)
        let other = try container.resolve() as Graph
        #expect(other.a !== graph.a)
        #expect(try container.resolve() as Service !== container.resolve() as Service)
    }

    @Test(".unique builds a new instance on every resolve, even within one graph")
    func unique() throws {
        let container = DependencyContainer()
        container.register(.unique) { ServiceImp() as Service }
        container.register { Graph(a: try container.resolve(), b: try container.resolve()) }
        let graph = try container.resolve() as Graph
        #expect(graph.a !== graph.b)
    }

    @Test(".singleton builds once per container; re-registering releases it")
    func singleton() throws {
        let built = Counter()
        let container = DependencyContainer()
        container.register(.singleton) { () -> Service in
            built.increment()
            return ServiceImp()
        }
        let first = try container.resolve() as Service
        #expect(try container.resolve() as Service === first)
        #expect(built.count == 1)
        container.register(.singleton) { ServiceImp() as Service }
        #expect(try container.resolve() as Service !== first)
    }

    @Test(".weakSingleton is shared while held and rebuilt after release")
    func weakSingleton() throws {
        let built = Counter()
        let container = DependencyContainer()
        container.register(.weakSingleton) { () -> Service in
            built.increment()
            return ServiceImp()
        }
        var held: Service? = try container.resolve() as Service
        #expect(try container.resolve() as Service === held)
        #expect(built.count == 1)
        held = nil
        _ = try container.resolve() as Service
        #expect(built.count == 2)
        _ = held
    }

    @Test(".weakSingleton of a value type throws instead of silently keeping nothing")
    func weakSingletonValueType() {
        let container = DependencyContainer()
        container.register(.weakSingleton) { 5 }
        #expect {
            _ = try container.resolve() as Int
        } throws: { error in
            String(describing: error).contains("weak singleton")
        }
    }

    @Test("the container, definitions, keys, tags and scopes are Sendable")
    func sendable() {
        func requireSendable<S: Sendable>(_: S.Type) {}
        requireSendable(DependencyContainer.self)
        requireSendable(Definition<Service, ()>.self)
        requireSendable(DefinitionKey.self)
        requireSendable(DependencyContainer.Tag.self)
        requireSendable(DependencyContainer.Context.self)
        requireSendable(ComponentScope.self)
        requireSendable(LogLevel.self)
        requireSendable(DipError.self)
    }

    @Test("register(type:) registers under the given type")
    func explicitType() throws {
        let container = DependencyContainer()
        container.register(type: Service.self) { ServiceImp() }
        #expect(try container.resolve() as Service is ServiceImp)
    }

    @Test("resolve(Any.Type) returns the instance as Any")
    func anyType() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        #expect(try container.resolve(Service.self) is ServiceImp)
    }

    @Test("an unregistered type throws definitionNotFound with its key")
    func notFound() throws {
        let container = DependencyContainer()
        #expect {
            _ = try container.resolve() as Service
        } throws: { error in
            guard case DipError.definitionNotFound(let key) = error else { return false }
            return key.type == Service.self && key.typeOfArguments == Void.self && key.tag == nil
        }
    }

    @Test("a factory's own error reaches the caller unchanged, even from a nested resolve")
    func factoryErrorsPropagate() throws {
        struct Broken: Error, Equatable {}
        let container = DependencyContainer()
        container.register { () throws -> Service in throw Broken() }
        container.register { Graph(a: try container.resolve(), b: ServiceImp()) }
        #expect(throws: Broken()) { try container.resolve() as Graph }
    }

    @Test("the low-level register takes an auto-wiring factory and is used by resolve")
    func lowLevel() throws {
        let container = DependencyContainer()
        let definition: Definition<Graph, (Service, Service)> = container.register(
            scope: .unique,
            type: Graph.self,
            tag: nil,
            factory: { (a: Service, b: Service) in Graph(a: a, b: b) },
            numberOfArguments: 2,
            autoWiringFactory: { container, tag in Graph(a: try container.resolve(tag: tag), b: try container.resolve(tag: tag)) }
        )
        container.register { ServiceImp() as Service }
        #expect(definition.description.contains("Graph"))
        let graph = try container.resolve() as Graph
        #expect(graph.a === graph.b)
    }

    @Test("registering an existing definition under another tag answers that tag, with an instance per tag")
    func registerDefinitionAgain() throws {
        let container = DependencyContainer()
        let definition = container.register(.singleton, tag: "first") { ServiceImp() as Service }
        container.register(definition, tag: "again")
        let again = try container.resolve(tag: "again") as Service
        #expect(try container.resolve(tag: "again") as Service === again)
        #expect(try container.resolve(tag: "first") as Service !== again)
    }

    @Test("instances are kept per requested tag: an untagged singleton resolved under two tags gives two")
    func instancesPerRequestedTag() throws {
        let container = DependencyContainer()
        container.register(.singleton) { ServiceImp() as Service }
        let dev = try container.resolve(tag: "dev") as Service
        #expect(try container.resolve(tag: "dev") as Service === dev)
        #expect(try container.resolve(tag: "prod") as Service !== dev)
        #expect(try container.resolve() as Service !== dev)
    }

    @Test("the container describes its definitions")
    func description() {
        let container = DependencyContainer()
        container.register(.singleton, tag: "main") { ServiceImp() as Service }
        #expect(container.description.contains("type: Service, arguments: (), tag: \"main\""))
        #expect(container.description.contains("scope: singleton"))
    }

    @Test("threadSafe: false is accepted and changes nothing")
    func threadSafeFalse() throws {
        let container = DependencyContainer(threadSafe: false) { $0.register(.singleton) { ServiceImp() as Service } }
        #expect(try container.resolve() as Service === container.resolve() as Service)
    }
}
