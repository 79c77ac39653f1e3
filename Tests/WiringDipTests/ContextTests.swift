import Testing
import WiringDip

@Suite("Context inside factories")
struct ContextTests {
    final class Owner {
        @Injected var service: Service?
    }

    struct Seen: Sendable {
        let key: DefinitionKey
        let resolvingType: Any.Type
        let tag: DependencyContainer.Tag?
        let injectedInType: Any.Type?
        let injectedInProperty: String?
    }

    final class Log: @unchecked Sendable {
        // @unchecked: written and read on the test's thread only.
        var seen: [Seen] = []
    }

    @Test("key, resolving type, tag, injectedInType and injectedInProperty")
    func values() throws {
        let log = Log()
        let container = DependencyContainer()
        container.register { () -> Service in
            let context = container.context!
            log.seen.append(
                Seen(
                    key: context.key,
                    resolvingType: context.resolvingType,
                    tag: context.tag,
                    injectedInType: context.injectedInType,
                    injectedInProperty: context.injectedInProperty
                ))
            return ServiceImp()
        }
        container.register { Owner() }
        _ = try container.resolve(tag: "dev") as Owner
        _ = try container.resolve(tag: 7) as Service
        #expect(log.seen.count == 2)
        let injected = log.seen[0]
        #expect(same(injected.key.type, Service.self))
        #expect(same(injected.resolvingType, Service.self))
        #expect(injected.tag == "dev")
        #expect(same(injected.injectedInType, Owner.self))
        #expect(injected.injectedInProperty == "_service")
        let direct = log.seen[1]
        #expect(direct.tag == 7)
        #expect(direct.key.tag == 7)
        #expect(direct.injectedInType == nil)
        #expect(direct.injectedInProperty == nil)
    }

    @Test("there is no context outside a resolve; contexts describe themselves")
    func outside() throws {
        let container = DependencyContainer()
        #expect(container.context == nil)
        let text = Recorder()
        container.register { () -> Service in
            text.record(container.context.description)
            text.record(container.context.debugDescription)
            return ServiceImp()
        }
        container.register { Owner() }
        _ = try container.resolve() as Owner
        #expect(text.all[0] == "Resolving type Service with arguments () while resolving Owner._service")
        #expect(text.all[1].contains("injectedInProperty: _service"))
        #expect(container.context == nil)
    }

    @Test("a definition key describes and compares its types and tag")
    func keys() throws {
        let container = DependencyContainer()
        container.register(tag: "x") { (a: Int, b: String) in "\(a)\(b)" }
        #expect {
            _ = try container.resolve(tag: "x", arguments: 1) as String
        } throws: { error in
            guard case DipError.definitionNotFound(let key) = error else { return false }
            return key.description == "type: String, arguments: (Int), tag: \"x\"" && key == key && key.hashValue == key.hashValue
        }
    }
}
