import Testing
import WiringDip

enum Environment: String, DependencyTagConvertible {
    case dev, prod
}

enum Slot: Int, DependencyTagConvertible {
    case first = 1, second
}

@Suite("Tags and fallback")
struct TagTests {
    @Test("string and integer literals, Tag cases and raw-value enums name tags")
    func tagSpellings() throws {
        let container = DependencyContainer()
        container.register(tag: "dev") { ServiceImp() as Service }
        container.register(tag: 1) { OtherService() as Service }
        #expect(try container.resolve(tag: "dev") as Service is ServiceImp)
        #expect(try container.resolve(tag: DependencyContainer.Tag.String("dev")) as Service is ServiceImp)
        #expect(try container.resolve(tag: Environment.dev) as Service is ServiceImp)
        #expect(try container.resolve(tag: 1) as Service is OtherService)
        #expect(try container.resolve(tag: Slot.first) as Service is OtherService)
        #expect(try container.resolve(tag: DependencyContainer.Tag.Int(1)) as Service is OtherService)
    }

    @Test("Tag is Equatable and works in switch patterns")
    func tagEquality() {
        let tag: DependencyContainer.Tag = "dev"
        #expect(tag == .String("dev"))
        #expect(tag != .Int(1))
        let integer: DependencyContainer.Tag = 3
        switch integer {
        case .Int(3): break
        default: Issue.record("pattern did not match")
        }
        #expect(Environment.prod.dependencyTag == "prod")
        #expect(Slot.second.dependencyTag == 2)
        #expect("x".dependencyTag == .String("x"))
        #expect(5.dependencyTag == .Int(5))
        #expect(tag.dependencyTag == tag)
        #expect(tag.description == "\"dev\"")
    }

    @Test("a tagged resolve falls back to the untagged definition")
    func fallback() throws {
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register(tag: "other") { OtherService() as Service }
        #expect(try container.resolve(tag: "missing") as Service is ServiceImp)
        #expect(try container.resolve(tag: "other") as Service is OtherService)
    }

    @Test("a tagged definition does not answer an untagged resolve")
    func noReverseFallback() {
        let container = DependencyContainer()
        container.register(tag: "dev") { ServiceImp() as Service }
        #expect(throws: DipError.self) { try container.resolve() as Service }
    }

    @Test("the same type under two tags gives two singletons")
    func taggedSingletons() throws {
        let container = DependencyContainer()
        container.register(.singleton, tag: "a") { ServiceImp() as Service }
        container.register(.singleton, tag: "b") { ServiceImp() as Service }
        #expect(try container.resolve(tag: "a") as Service !== container.resolve(tag: "b") as Service)
    }
}
