import Testing
import Wiring

@Suite("Container copies")
struct CopyTests {
    @Test("a copy has the same registrations, its own singletons, and changes to it stay in it")
    func copyIsIndependent() throws {
        let original = Container()
        original.register(Tracked.self, lifetime: .singleton) { _ in Tracked(id: 1) }
        original.register(Config.self) { _ in Config(environment: "original") }
        let originalSingleton = try original.resolve(Tracked.self)

        let copy = original.copy()
        let copiedSingleton = try copy.resolve(Tracked.self)
        #expect(copiedSingleton.id == 1)
        #expect(copiedSingleton !== originalSingleton)

        copy.register(Config.self) { _ in Config(environment: "copy") }
        #expect(try copy.resolve(Config.self).environment == "copy")
        #expect(try original.resolve(Config.self).environment == "original")
        original.remove(Tracked.self)
        #expect(copy.isRegistered(Tracked.self))
    }

    @Test("a copy keeps hooks, forwarding, tags and argument registrations")
    func copyKeepsRefinements() throws {
        let original = Container()
        original.register(ConsoleLogger.self, tag: "console", lifetime: .singleton) { _ in ConsoleLogger() }
            .forwarding(to: (any Logging).self) { $0 }
            .onResolved { _, logger in logger.log("ready") }
        original.register(Config.self) { (_: Resolver, environment: String) in Config(environment: environment) }
        let copy = original.copy()
        let logger = try copy.resolve(ConsoleLogger.self, tag: "console")
        #expect(logger.messages.withLock { $0 } == ["ready"])
        #expect(try copy.resolve((any Logging).self, tag: "console") === logger)
        #expect(try copy.resolve(Config.self, arguments: "staging").environment == "staging")
    }

    @Test("copying a child copies its parent, keeping where singletons live")
    func copyKeepsParentStructure() throws {
        let parent = Container()
        parent.register(Config.self, lifetime: .singleton) { _ in Config(environment: "parent") }
        let child = parent.makeChild()
        child.register(Tracked.self) { _ in Tracked(id: 2) }
        let copy = child.copy()
        #expect(copy.parent != nil)
        #expect(copy.parent !== parent)
        #expect(try copy.resolve(Config.self).environment == "parent")
        #expect(try copy.resolve(Tracked.self).id == 2)
        #expect(copy.parent?.isRegistered(Tracked.self) == false)
    }
}
