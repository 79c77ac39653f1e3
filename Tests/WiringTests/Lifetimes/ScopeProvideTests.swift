import Testing
import Wiring

private struct CurrentUser: Sendable, Equatable {
    let name: String
}
private struct NoUser: Error {}
private final class ScopeGreeter: Sendable {
    let user: CurrentUser
    init(user: CurrentUser) { self.user = user }
}

@Suite("Providing values to a scope")
struct ScopeProvideTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in throw NoUser() }
        container.register(ScopeGreeter.self, lifetime: .scoped) { r in ScopeGreeter(user: try r.resolve()) }
        return container
    }

    @Test("a provided value is what the scope's resolves get, and what its scoped factories depend on")
    func providedValueIsResolved() throws {
        let container = makeContainer()
        let ada = container.makeScope()
        let bob = container.makeScope()
        try ada.provide(CurrentUser(name: "ada"))
        try bob.provide(CurrentUser(name: "bob"))
        #expect(try ada.resolve(ScopeGreeter.self).user.name == "ada")
        #expect(try bob.resolve(ScopeGreeter.self).user.name == "bob")
        let unprovided = container.makeScope()
        #expect(throws: WiringError.self) { try unprovided.resolve(CurrentUser.self) }
    }

    @Test(
        "providing twice, providing a registration that is not scoped, or providing to a closed scope throws, naming the type and the fix")
    func misuseThrows() async throws {
        let container = makeContainer()
        container.register(Int.self, lifetime: .singleton) { _ in 1 }
        let scope = container.makeScope()
        try scope.provide(CurrentUser(name: "ada"))
        let twice = #expect(throws: WiringError.self) { try scope.provide(CurrentUser(name: "eve")) }
        #expect(twice?.code == .duplicateRegistration)
        #expect("\(twice!)".contains("already holds an instance of CurrentUser"))
        #expect(try scope.resolve(CurrentUser.self).name == "ada")
        let singleton = #expect(throws: WiringError.self) { try scope.provide(2) }
        #expect(singleton?.code == .invalidLifetime)
        #expect("\(singleton!)".contains("lifetime: .scoped"))
        let missing = #expect(throws: WiringError.self) { try scope.provide("text") }
        #expect(missing?.code == .notRegistered)
        try await scope.close()
        let closed = #expect(throws: WiringError.self) { try scope.provide(CurrentUser(name: "late")) }
        #expect(closed?.code == .shutDown)
    }

    @Test("a value for a named scope goes to the nearest enclosing scope with that name")
    func namedScope() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped("session")) { _ in throw NoUser() }
        let session = container.makeScope("session")
        let request = session.makeScope("request")
        try request.provide(CurrentUser(name: "ada"))
        #expect(try session.resolve(CurrentUser.self).name == "ada")
        let orphan = container.makeScope("request")
        let error = #expect(throws: WiringError.self) { try orphan.provide(CurrentUser(name: "x")) }
        #expect(error?.code == .scopeNotActive)
    }

    @Test("a dry run neither builds a value given to scopes nor reports its factory's error, and still sees who needs it")
    func providedValueInDryRun() {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in throw NoUser() }.providedToScopes()
        container.register(Greeting.self, lifetime: .scoped) { r in Greeting(user: try r.resolve()) }
        let report = container.validate(ValidationOptions(roots: [Greeting.self], dryRun: true))
        #expect(report.isClean, "\(report)")
        #expect(report.graph.edges.contains { $0.from == "Greeting" && $0.to == "CurrentUser" })
    }
}

/// Built from a value each scope is given.
private struct Greeting: Sendable {
    let user: CurrentUser
}
