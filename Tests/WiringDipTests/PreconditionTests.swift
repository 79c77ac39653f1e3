import Testing
import WiringDip

@Suite("Preconditions for misuse")
struct PreconditionTests {
    @Test("registering after bootstrap stops with a three-part message")
    func modifyAfterBootstrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DependencyContainer()
            try? container.bootstrap()
            container.register { 1 }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("WiringDip: You can not modify container's definitions after it was bootstrapped."))
        #expect(stderr.contains("attempted: register type: Int, arguments: (), tag: nil"))
        #expect(stderr.contains("To fix: register and remove definitions before calling bootstrap(), or call reset() first."))
    }

    @Test("implements on an unregistered definition stops with a three-part message")
    func implementsUnregistered() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = unregisteredDefinition().implements(CustomStringConvertible.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("was called on a definition that is not registered in a container."))
        #expect(stderr.contains("To fix: register the definition first"))
    }

    @Test("setting nil on a required Injected stops with a three-part message")
    func nilOnRequired() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let injected = Injected<Int>()
            injected.wrappedValue = nil
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("WiringDip: a required Injected<Int> cannot be set to nil."))
        #expect(stderr.contains("To fix: declare it optional with Injected(required: false), or assign a value."))
    }

    @Test("a key path on the wrong root stops with a three-part message")
    func keyPathMismatch() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Other { var name = "" }
            let container = DependencyContainer()
            container.register { "text" }
            container.register { ServiceImp() as Service }.resolvingProperty(\Other.name)
            _ = try? container.resolve() as Service
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("is not a Other."))
        #expect(stderr.contains("To fix: use a key path rooted in the type the factory builds."))
    }
}

/// A definition whose container is gone.
func unregisteredDefinition() -> Definition<Int, ()> {
    DependencyContainer().register { 1 }
}
