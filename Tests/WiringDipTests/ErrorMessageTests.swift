import Testing
import WiringDip

@Suite("DipError messages")
struct ErrorMessageTests {
    func error(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("definitionNotFound names the key, the search and the fix")
    func notFound() throws {
        let container = DependencyContainer()
        let text = "\(try #require(error { _ = try container.resolve(tag: "dev") as Service }))"
        #expect(text.hasPrefix("WiringDip: no definition of Service can be resolved.\n"))
        #expect(text.contains("  requested: type: Service, arguments: (), tag: \"dev\""))
        #expect(text.contains("To fix: register it, for example container.register { MyImplementation() as Service }"))
        #expect(text.contains("or untagged so that the tag \"dev\" falls back to it"))
    }

    @Test("autoInjectionFailed names the property and its cause")
    func autoInjection() throws {
        final class Holder {
            @Injected var service: Service?
        }
        let container = DependencyContainer()
        container.register { Holder() }
        let text = "\(try #require(error { _ = try container.resolve() as Holder }))"
        #expect(text.hasPrefix("WiringDip: the auto-injected property _service of type Service could not be resolved.\n"))
        #expect(text.contains("  because: WiringDip: no definition of Service can be resolved."))
        #expect(text.contains("To fix: register Service, or make the property optional with Injected(required: false)."))
    }

    @Test("autoWiringFailed and ambiguousDefinitions name the candidates")
    func autoWiring() throws {
        final class Made {}
        let container = DependencyContainer()
        container.register { (_: Int) in Made() }
        container.register { (_: String) in Made() }
        let text = "\(try #require(error { _ = try container.resolve() as Made }))"
        #expect(text.hasPrefix("WiringDip: Made could not be auto-wired.\n"))
        #expect(text.contains("because: WiringDip: Made has several definitions with the same number of runtime arguments"))
        #expect(
            text.contains(
                "candidates: type: Made, factory: (Int) throws -> Made, scope: shared; type: Made, factory: (String) throws -> Made, scope: shared"
            ))
        #expect(text.contains("To fix: resolve with explicit arguments"))
    }

    @Test("invalidType names what was built and what was asked for")
    func invalidType() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() }.implements(Named.self)
        let caught = try #require(error { _ = try container.resolve() as Named })
        let text = "\(caught)"
        #expect(text.hasPrefix("WiringDip: the value built for Named is not a Named.\n"))
        #expect(text.contains("  built: ServiceImp"))
        #expect(text.contains("To fix: make the factory return Named"))
        #expect((caught as? DipError)?.key?.type == Named.self)
    }
}
