import Testing
import Wiring

protocol Plugin: Sendable {
    var name: String { get }
}

struct NamedPlugin: Plugin {
    let name: String
}

@Suite("Multi-bindings")
struct MultiBindingTests {
    @Test("contributions from several modules make one collection, each with its own lifetime, in order")
    func collection() throws {
        let built = Counter()
        let parent = Container()
        try parent.install(
            Registrations { $0.contribution(to: [any Plugin].self) { _ in NamedPlugin(name: "auth") } },
            Registrations {
                $0.contribution(to: [any Plugin].self, lifetime: .singleton) { _ in
                    built.increment()
                    return NamedPlugin(name: "metrics")
                }
            })
        let child = parent.makeChild()
        child.contribute(to: [any Plugin].self) { _ in NamedPlugin(name: "debug") }
        #expect(try parent.resolve([any Plugin].self).map(\.name) == ["auth", "metrics"])
        let fromChild = try child.resolve([any Plugin].self).map(\.name)
        #expect(fromChild == ["auth", "metrics", "debug"])
        #expect(built.count == 1)
    }

    @Test("a map gathers contributions by key; a duplicate key is reported with both sites")
    func map() throws {
        let container = Container()
        container.contribute(to: [String: any Plugin].self, key: "a") { _ in NamedPlugin(name: "A") }
        container.contribute(to: [String: any Plugin].self, key: "b") { _ in NamedPlugin(name: "B") }
        #expect(try container.resolve([String: any Plugin].self).mapValues(\.name) == ["a": "A", "b": "B"])
        container.contribute(to: [String: any Plugin].self, key: "a") { _ in NamedPlugin(name: "A2") }
        let error = #expect(throws: WiringError.self) { try container.resolve([String: any Plugin].self) }
        #expect(error?.code == .duplicateRegistration)
        #expect(error?.description.contains("two contributions to Dictionary<String, Plugin> use the key \"a\".") == true)
        #expect(error?.description.contains("contributed at: WiringTests/MultiBindingTests.swift:") == true)
        let report = container.validate(ValidationOptions(dryRun: true))
        #expect(report.errors.contains { $0.kind == .buildFailed })
    }

    @Test("validation sees contributions as dependencies of their collection")
    func validation() {
        let container = Container()
        container.contribute(to: [any Plugin].self) { r in NamedPlugin(name: try r.resolve(Config.self).environment) }
        let report = container.validate(ValidationOptions(dryRun: true))
        let missing = report.findings.first { $0.kind == .missingRegistration }
        #expect(missing?.path.first == "Array<Plugin>")
        #expect(missing?.path.last == "Config")
    }
}

@Suite("Decorators")
struct DecoratorTests {
    struct Loud: Plugin {
        let inner: any Plugin
        var name: String { inner.name.uppercased() + "!" }
    }

    struct Bracketed: Plugin {
        let inner: any Plugin
        var name: String { "[\(inner.name)]" }
    }

    @Test("a decorated singleton is decorated once; decorators apply in the order they were added")
    func registrationDecorators() throws {
        let decorated = Counter()
        let container = Container()
        container.register((any Plugin).self, lifetime: .singleton) { _ in NamedPlugin(name: "core") }
            .decorated { _, inner in
                decorated.increment()
                return Loud(inner: inner)
            }
            .decorated { _, inner in Bracketed(inner: inner) }
        #expect(try container.resolve((any Plugin).self).name == "[CORE!]")
        _ = try container.resolve((any Plugin).self)
        #expect(decorated.count == 1)
    }

    @Test("container-wide decorators wrap existing and later registrations of the type")
    func containerDecorators() throws {
        let container = Container()
        container.register((any Plugin).self) { _ in NamedPlugin(name: "early") }
        container.decorate((any Plugin).self) { _, inner in Loud(inner: inner) }
        #expect(try container.resolve((any Plugin).self).name == "EARLY!")
        container.register((any Plugin).self) { _ in NamedPlugin(name: "late") }
        #expect(try container.resolve((any Plugin).self).name == "LATE!")
    }
}
