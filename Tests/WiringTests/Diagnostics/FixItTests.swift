import Testing
import Wiring

/// Every "To fix" line must work when followed as written.
@Suite("Fix-its that work as written")
struct FixItTests {
    @Test("a registration scoped to \"request\", resolved through a scope of another name, is told to use makeScope(\"request\")")
    func namedScopeFixIt() {
        let container = Container()
        container.register(Config.self, lifetime: .scoped("request")) { _ in Config() }
        let session = container.makeScope("session")
        let error = #expect(throws: WiringError.self) { try session.resolve(Config.self) }
        let message = error?.description ?? ""
        #expect(message.contains(#"container.makeScope("request")"#), "\(message)")
        #expect(!message.contains("container.makeScope();"), "\(message)")
        // Followed as written, it works.
        let request = container.makeScope("request")
        #expect(throws: Never.self) { try request.resolve(Config.self) }
    }
}

/// A request, and a service whose name contains it but which is not one.
struct FixItRequest: Sendable {}
struct FixItRequestInfo: Sendable {}
class FixItStore: @unchecked Sendable {}
final class DiskFixItStore: FixItStore, @unchecked Sendable {}
final class ArgumentConnection: Sendable {
    let url: String
    init(url: String) { self.url = url }
}

@Suite("Forwarding fix-its only where forwarding works")
struct ForwardingFixItTests {
    @Test("a missing Request does not suggest serving a RequestInfo as one: a struct cannot be another")
    func noForwardingBetweenUnrelatedTypes() {
        let container = Container()
        container.register(FixItRequestInfo.self) { _ in FixItRequestInfo() }
        let error = #expect(throws: WiringError.self) { try container.resolve(FixItRequest.self) }
        let message = error?.description ?? ""
        #expect(!message.contains(".forwarding(to:"), "\(message)")
        #expect(message.contains("register it: container.register(FixItRequest.self)"), "\(message)")
    }

    @Test("a missing superclass suggests forwarding from its registered subclass, which works as written")
    func forwardingFromSubclass() throws {
        let container = Container()
        container.register(DiskFixItStore.self, lifetime: .singleton) { _ in DiskFixItStore() }
        let error = #expect(throws: WiringError.self) { try container.resolve(FixItStore.self) }
        let message = error?.description ?? ""
        #expect(message.contains("add .forwarding(to: FixItStore.self) { $0 } to its registration"), "\(message)")
        container.register(DiskFixItStore.self, lifetime: .singleton) { _ in DiskFixItStore() }.forwarding(to: FixItStore.self) { $0 }
        #expect(try container.resolve(FixItStore.self) is DiskFixItStore)
    }

    @Test("T? with runtime arguments is served by T's registration with those arguments, as without")
    func optionalWithArguments() throws {
        let container = Container()
        container.register(ArgumentConnection.self) { (_, url: String) in ArgumentConnection(url: url) }
        let connection = try container.resolve(ArgumentConnection?.self, arguments: "db://one")
        #expect(connection?.url == "db://one")
        // Other argument types: nothing is registered for them, so nil, as for a missing T.
        #expect(try container.resolve(ArgumentConnection?.self, arguments: 42) == nil)
    }

    @Test("a registration that takes runtime arguments is never suggested for forwarding, which it cannot do")
    func noForwardingSuggestionWithArguments() {
        let container = Container()
        container.register(DiskFixItStore.self) { (_, path: String) in DiskFixItStore() }
        let error = #expect(throws: WiringError.self) { try container.resolve(FixItStore.self) }
        #expect(error?.description.contains(".forwarding(to:") == false, "\(error?.description ?? "")")
    }
}
