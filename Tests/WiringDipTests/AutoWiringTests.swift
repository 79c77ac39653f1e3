import Testing
import WiringDip

@Suite("Auto-wiring")
struct AutoWiringTests {
    final class Client {
        let service: Service
        let name: String
        init(service: Service, name: String) {
            self.service = service
            self.name = name
        }
    }

    @Test("a resolve without arguments uses the factory with the most arguments, resolving them")
    func mostArguments() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register { "name" }
        container.register { (service: Service) in Client(service: service, name: "one") }
        container.register { (service: Service, name: String) in Client(service: service, name: name) }
        let client = try container.resolve() as Client
        #expect(client.name == "name")
        #expect(client.service is ServiceImp)
    }

    @Test("auto-wired arguments are resolved with the resolve's tag")
    func tagPropagates() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register(tag: "dev") { OtherService() as Service }
        container.register { "plain" }
        container.register(tag: "dev") { "dev" }
        container.register { (service: Service, name: String) in Client(service: service, name: name) }
        let client = try container.resolve(tag: "dev") as Client
        #expect(client.name == "dev")
        #expect(client.service is OtherService)
    }

    @Test("two candidates with the same number of different arguments are ambiguous")
    func ambiguity() {
        let container = DependencyContainer()
        container.register { (service: Service) in Client(service: service, name: "service") }
        container.register { (name: String) in Client(service: ServiceImp(), name: name) }
        #expect {
            _ = try container.resolve() as Client
        } throws: { error in
            guard case DipError.autoWiringFailed(let type, let underlying) = error,
                case DipError.ambiguousDefinitions(let ambiguousType, let definitions) = underlying
            else { return false }
            return type == Client.self && ambiguousType == Client.self && definitions.count == 2
        }
    }

    @Test("a missing argument fails with autoWiringFailed wrapping the cause")
    func missingArgument() {
        let container = DependencyContainer()
        container.register { (service: Service) in Client(service: service, name: "x") }
        #expect {
            _ = try container.resolve() as Client
        } throws: { error in
            guard case DipError.autoWiringFailed(_, let underlying) = error,
                case DipError.definitionNotFound(let key) = underlying
            else { return false }
            return key.type == Service.self
        }
    }

    @Test("auto-wiring reaches definitions through forwarding, and shares .shared arguments")
    func forwardedAutoWiring() throws {
        final class Pair {
            let a: Service
            let b: Service
            init(a: Service, b: Service) {
                self.a = a
                self.b = b
            }
        }
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register { (a: Service, b: Service) in Pair(a: a, b: b) }.implements(AnyObject.self)
        let pair = try container.resolve() as Pair
        #expect(pair.a === pair.b)
        #expect(try container.resolve() as AnyObject is Pair)
    }
}
