import Testing
import Wiring

@Suite("Preconditions")
struct PreconditionTests {
    @Test("forwarding a registration that takes runtime arguments stops the program")
    func forwardingArgumentRegistration() async {
        await #expect(processExitsWith: .failure) {
            let container = Container()
            // The registration takes a runtime argument, so its handle cannot forward.
            container.register(ConsoleLogger.self) { (_: Resolver, _: String) in ConsoleLogger() }
                .forwarding(to: (any Logging).self) { $0 }
        }
    }
}
