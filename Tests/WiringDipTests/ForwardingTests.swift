import Testing
import WiringDip

protocol Named { var name: String { get } }
protocol Aged { var age: Int { get } }
protocol Titled { var title: String { get } }
protocol Counted { var count: Int { get } }

final class Person: Named, Aged, Titled, Counted {
    let name = "ada"
    let age = 36
    let title = "countess"
    var count = 0
    var notes: [String] = []
}

@Suite("Type forwarding")
struct ForwardingTests {
    @Test("implements makes the definition answer to another type, sharing the instance in a graph")
    func implements() throws {
        let container = DependencyContainer()
        container.register(.singleton) { Person() }.implements(Named.self)
        let person = try container.resolve() as Person
        #expect(try container.resolve() as Named as? Person === person)
    }

    @Test("implements with two, three and four types")
    func implementsSeveral() throws {
        let container = DependencyContainer()
        container.register(.singleton) { Person() }.implements(Named.self, Aged.self)
        container.register(.singleton, tag: "three") { Person() }.implements(Named.self, Aged.self, Titled.self)
        let four = DependencyContainer()
        four.register(.singleton) { Person() }.implements(Named.self, Aged.self, Titled.self, Counted.self)
        #expect(try container.resolve() as Aged as? Person === container.resolve() as Named as? Person)
        #expect(try four.resolve() as Counted as? Person === four.resolve() as Titled as? Person)
        #expect(try four.resolve() as Aged as? Person === four.resolve() as Person)
    }

    @Test("every registration answers to its Optional type")
    func optionalForwarding() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register(tag: "t") { OtherService() as Service }
        let optional = try container.resolve() as Service?
        #expect(optional is ServiceImp)
        #expect(try container.resolve(tag: "t") as Service? is OtherService)
        #expect(try container.resolve((Service?).self) is ServiceImp)
    }

    @Test("a tagged forwarding is found by its tag")
    func taggedForwarding() throws {
        let container = DependencyContainer()
        container.register { Person() }.implements(Named.self, tag: "person")
        #expect(try container.resolve(tag: "person") as Named is Person)
    }

    @Test("resolving through a forwarded type runs the definition's property blocks, then the forwarding's")
    func forwardedBlocks() throws {
        let container = DependencyContainer()
        container.register(.unique) { Person() }
            .resolvingProperties { _, person in person.notes.append("own") }
            .implements(Named.self, tag: nil) { _, named in (named as? Person)?.notes.append("forwarded") }
        let direct = try container.resolve() as Person
        #expect(direct.notes == ["own"])
        let forwarded = try container.resolve() as Named
        #expect((forwarded as? Person)?.notes == ["own", "forwarded"])
    }

    @Test("register(_:type:tag:) returns the forwarding definition")
    func registerForwarding() throws {
        let container = DependencyContainer()
        let definition = container.register(.singleton) { Person() }
        let forwarding: Definition<Named, ()> = container.register(definition, type: Named.self, tag: "n")
        #expect(forwarding.description.contains("Named"))
        #expect(try container.resolve(tag: "n") as Named as? Person === container.resolve(tag: "n") as Person)
    }

    @Test("forwarding the same type from a second definition overrides the first")
    func secondForwardingWins() throws {
        final class Robot: Named { let name = "robot" }
        let container = DependencyContainer()
        container.register { Person() }.implements(Named.self)
        container.register { Robot() }.implements(Named.self)
        #expect(try container.resolve() as Named is Robot)
    }

    @Test("forwarding to a type the instance is not throws invalidType")
    func invalidForwarding() {
        let container = DependencyContainer()
        container.register { ServiceImp() }.implements(Named.self)
        #expect {
            _ = try container.resolve() as Named
        } throws: { error in
            guard case DipError.invalidType(let resolved, let key) = error else { return false }
            return resolved is ServiceImp && key.type == Named.self
        }
    }

    @Test("a forwarded type still resolves after the definition it forwards to is removed from its own key")
    func forwardingOutlivesItsSourceKey() throws {
        let container = DependencyContainer()
        let person = container.register(.singleton) { Person() }.implements(Named.self)
        let before: Named = try container.resolve()
        container.remove(person)
        let removed: Person? = try? container.resolve()
        #expect(removed == nil)
        let after: Named = try container.resolve()
        let again: Named = try container.resolve()
        #expect(after.name == "ada")
        // The key's singleton went with the key; the forwarded type builds its own, once.
        #expect(ObjectIdentifier(after as AnyObject) != ObjectIdentifier(before as AnyObject))
        #expect(ObjectIdentifier(again as AnyObject) == ObjectIdentifier(after as AnyObject))
    }
}
