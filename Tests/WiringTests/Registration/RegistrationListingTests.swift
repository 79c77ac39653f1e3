import Testing
import Wiring

private protocol Listed: Sendable {}
private final class ListedDatabase: Listed {}
private final class ListedCache: Sendable {
    init(_: ListedDatabase) {}
}
private final class ListedServer: Sendable {
    init(_: ListedCache, _: ListedDatabase) {}
}

@Suite("Listing registrations")
struct RegistrationListingTests {
    @Test("registrations lists the container's own registrations in registration order, with tag, lifetime and site")
    func listsInOrder() throws {
        let parent = Container()
        parent.register(Int.self, lifetime: .singleton) { _ in 1 }
        let container = parent.makeChild()
        container.register(ListedServer.self, lifetime: .singleton) { r in ListedServer(try r.resolve(), try r.resolve()) }
        container.register(ListedDatabase.self, tag: "primary", lifetime: .singleton) { _ in ListedDatabase() }
            .forwarding(to: (any Listed).self) { $0 }
        container.register(String.self) { _ in "transient" }
        let listed = container.registrations
        #expect(
            listed.map(\.description) == ["ListedServer", "ListedDatabase tagged \"primary\"", "any Listed tagged \"primary\"", "String"])
        #expect(listed.map(\.lifetime) == [.singleton, .singleton, .singleton, .transient])
        #expect(listed.map(\.isForwarded) == [false, false, true, false])
        #expect(listed[1].tag as? String == "primary")
        #expect(ObjectIdentifier(listed[0].type) == ObjectIdentifier(ListedServer.self))
        #expect(listed[0].site.fileID.hasSuffix("RegistrationListingTests.swift"))
    }

    @Test("a listed tag resolves the registration it came from")
    func tagRoundTrips() throws {
        let container = Container()
        container.register(ListedDatabase.self, tag: "primary", lifetime: .singleton) { _ in ListedDatabase() }
        let info = try #require(container.registrations.first)
        let database = try container.resolve(ListedDatabase.self, tag: info.tag)
        #expect(database === (try container.resolve(ListedDatabase.self, tag: "primary")))
    }

    @Test("creation order puts every cached instance after the instances its factory resolved, whatever the registration order")
    func creationOrderFollowsDependencies() throws {
        let container = Container()
        container.register(ListedServer.self, lifetime: .singleton) { r in ListedServer(try r.resolve(), try r.resolve()) }
        container.register(ListedCache.self, lifetime: .singleton) { r in ListedCache(try r.resolve()) }
        container.register(ListedDatabase.self, lifetime: .singleton) { _ in ListedDatabase() }
            .forwarding(to: (any Listed).self) { $0 }
        container.register(String.self) { _ in "transient" }
        #expect(container.registrations.allSatisfy { $0.creationOrder == nil })
        _ = try container.resolve(ListedServer.self)
        let listed = container.registrations
        let order = listed.compactMap { info in info.creationOrder.map { (info.description, $0) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
        // The forwarded type shares its source's instance, so it shares its number.
        #expect(order.prefix(2).sorted() == ["ListedDatabase", "any Listed"])
        #expect(order.suffix(2) == ["ListedCache", "ListedServer"])
        #expect(listed.first { $0.type == String.self }?.creationOrder == nil)
        container.reset()
        #expect(container.registrations.allSatisfy { $0.creationOrder == nil })
    }
}
