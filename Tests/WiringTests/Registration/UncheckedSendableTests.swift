import Testing
import Wiring

/// Not `Sendable`: shared only through the documented escape hatch.
private final class Tally {
    var count = 0
}

@Suite("Registering a type that is not Sendable")
struct UncheckedSendableTests {
    @Test("registerUncheckedSendable caches a singleton of a non-Sendable type")
    func containerSingleton() throws {
        let container = Container()
        container.registerUncheckedSendable(Tally.self, lifetime: .singleton) { _ in Tally() }
        let first = try container.resolve(Tally.self)
        first.count = 3
        #expect(try container.resolve(Tally.self) === first)
        #expect(try container.resolve(Tally.self).count == 3)
    }

    @Test("registerUncheckedSendable(instance:) serves the value it was given")
    func containerInstance() throws {
        let container = Container()
        let tally = Tally()
        container.registerUncheckedSendable(Tally.self, tag: "ready", instance: tally)
        #expect(try container.resolve(Tally.self, tag: "ready") === tally)
    }

    @Test("a transient of a non-Sendable type needs no escape hatch")
    func transient() throws {
        let container = Container()
        container.register(Tally.self) { _ in Tally() }
        #expect(try container.resolve(Tally.self) !== container.resolve(Tally.self))
    }

    @Test("a module's uncheckedSendable declarations register with their lifetime")
    func moduleDeclarations() throws {
        let tally = Tally()
        let container = Container()
        try container.install(
            Registrations {
                $0.uncheckedSendable(tag: "shared", lifetime: .singleton) { _ in Tally() }
                $0.uncheckedSendable(instance: tally, tag: "ready")
            })
        #expect(try container.resolve(Tally.self, tag: "shared") === container.resolve(Tally.self, tag: "shared"))
        #expect(try container.resolve(Tally.self, tag: "ready") === tally)
    }
}
