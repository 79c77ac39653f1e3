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
