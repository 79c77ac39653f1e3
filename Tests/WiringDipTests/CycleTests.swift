import Testing
import WiringDip

protocol Server: AnyObject { var client: Client? { get } }
protocol Client: AnyObject { var server: Server? { get } }

@Suite("Circular dependencies")
struct CycleTests {
    final class ServerImp: Server {
        weak var client: Client?
    }

    final class ClientImp: Client {
        var server: Server?
        init(server: Server?) { self.server = server }
    }

    @Test("a .shared cycle closed by resolvingProperties resolves to one pair of objects")
    func sharedPropertyCycle() throws {
        let container = DependencyContainer()
        container.register { ServerImp() as Server }
            .resolvingProperties { container, server in (server as? ServerImp)?.client = try container.resolve() as Client }
        container.register { ClientImp(server: try container.resolve()) as Client }
        let client = try container.resolve() as Client
        #expect(client.server?.client === client)
    }

    @Test(
        "a cycle closed by properties through a forwarded type reuses the instance being built",
        arguments: [ComponentScope.shared, .singleton, .weakSingleton])
    func propertyCycleThroughForwarding(scope: ComponentScope) throws {
        final class OwningServer: Server {
            var client: Client?
        }
        final class WeakClient: Client {
            weak var server: Server?
            init(server: Server) { self.server = server }
        }
        let container = DependencyContainer()
        container.register(scope) { OwningServer() }
            .resolvingProperties { container, server in server.client = try container.resolve() as Client }
            .implements(Server.self)
        // Resolves the forwarded type while the server it forwards to is still being built.
        container.register { WeakClient(server: try container.resolve() as Server) as Client }
        let server = try container.resolve() as Server
        #expect(server.client?.server === server)
    }

    @Test("a singleton cycle closed by a key path resolves to the same objects")
    func singletonKeyPathCycle() throws {
        final class A { var b: B? }
        final class B { var a: A? }
        let container = DependencyContainer()
        container.register(.singleton) { A() }.resolvingProperty(\A.b)
        container.register(.singleton) { B() }.resolvingProperty(\B.a)
        let a = try container.resolve() as A
        #expect(a.b?.a === a)
        #expect(try container.resolve() as B === a.b)
    }

    @Test(
        "a cycle made only of initializers throws instead of overflowing the stack",
        arguments: [ComponentScope.unique, .shared, .singleton])
    func constructorCycle(scope: ComponentScope) {
        final class A { init(b: AnyObject) {} }
        final class B { init(a: A) {} }
        let container = DependencyContainer()
        container.register(scope) { A(b: try container.resolve() as B) }
        container.register(scope) { B(a: try container.resolve() as A) }
        #expect {
            _ = try container.resolve() as A
        } throws: { error in
            let text = String(describing: error)
            return text.contains("circular dependency: ") && text.contains("cycle: ") && !(error is DipError)
        }
    }
}
