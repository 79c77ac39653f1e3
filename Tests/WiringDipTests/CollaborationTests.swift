import Testing
import WiringDip

@Suite("Collaboration")
struct CollaborationTests {
    final class Consumer {
        let service: Service
        init(service: Service) { self.service = service }
    }

    @Test("a container resolves from its collaborators what it lacks, in both directions")
    func bothDirections() throws {
        let a = DependencyContainer()
        let b = DependencyContainer()
        a.register { ServiceImp() as Service }
        b.register { "from b" }
        a.collaborate(with: b, a)
        #expect(try b.resolve() as Service is ServiceImp)
        #expect(try a.resolve() as String == "from b")
    }

    @Test("collaborators share singletons")
    func sharedSingletons() throws {
        let root = DependencyContainer()
        root.register(.singleton) { ServiceImp() as Service }
        let first = DependencyContainer()
        first.register { Consumer(service: try first.resolve()) }
        let second = DependencyContainer()
        second.register { (service: Service) in Consumer(service: service) }
        first.collaborate(with: [root])
        second.collaborate(with: root)
        let one = try first.resolve() as Consumer
        let two = try second.resolve() as Consumer
        #expect(one.service === two.service)
        #expect(try root.resolve() as Service === one.service)
    }

    @Test("a type no collaborator has throws instead of bouncing between containers")
    func pingPong() {
        let a = DependencyContainer()
        let b = DependencyContainer()
        let c = DependencyContainer()
        a.collaborate(with: b, c)
        b.collaborate(with: c)
        #expect {
            _ = try a.resolve() as Service
        } throws: { error in
            guard case DipError.definitionNotFound(let key) = error else { return false }
            return key.type == Service.self
        }
    }

    @Test(".shared instances are shared with collaborators within one graph; injectedInType is not set there")
    func sharedGraph() throws {
        final class Pair {
            let a: Service
            let b: Service
            init(a: Service, b: Service) {
                self.a = a
                self.b = b
            }
        }
        let seen = Recorder()
        let provider = DependencyContainer()
        provider.register { () -> Service in
            seen.record(provider.context.injectedInType.map { "\($0)" } ?? "nil")
            return ServiceImp()
        }
        let app = DependencyContainer()
        app.register { Pair(a: try app.resolve(), b: try app.resolve()) }
        app.collaborate(with: provider)
        let pair = try app.resolve() as Pair
        #expect(pair.a === pair.b)
        #expect(seen.all == ["nil"])
    }

    @Test("collaborators are held weakly")
    func weak() throws {
        let a = DependencyContainer()
        do {
            let b = DependencyContainer()
            b.register { ServiceImp() as Service }
            a.collaborate(with: b)
            #expect(try a.resolve() as Service is ServiceImp)
        }
        #expect(throws: DipError.self) { try a.resolve() as Service }
    }
}
