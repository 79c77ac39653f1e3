import Testing
import Wiring

final class SessionState: Sendable {}
final class HoldsSession: Sendable {
    let session: SessionState
    init(session: SessionState) { self.session = session }
}

final class NeedsAsync: Sendable {
    let pool: AwaitedService
    init(pool: AwaitedService) { self.pool = pool }
}
final class AwaitedService: Sendable {}

@Suite("Messages that fit what the user did")
struct MessageContextTests {
    @Test("a singleton that depends on a scoped service, resolved through a scope, is told about the captive dependency first")
    func singletonHoldingScoped() {
        let container = Container()
        container.register(SessionState.self, lifetime: .scoped) { _ in SessionState() }
        container.register(HoldsSession.self, lifetime: .singleton) { r in HoldsSession(session: try r.resolve()) }
        let scope = container.makeScope()
        let error = #expect(throws: WiringError.self) { try scope.resolve(HoldsSession.self) }
        #expect(error?.code == .scopeNotActive)
        let text = error?.description ?? ""
        #expect(text.contains("HoldsSession (singleton) depends on it"), "\(text)")
        #expect(text.contains("captive dependency"))
        let firstFix = text.split(separator: "\n").first { $0.contains("- ") }
        #expect(firstFix?.contains("make HoldsSession scoped too") == true, "\(text)")
        #expect(!text.contains("resolve it through a scope: let scope"))
    }

    @Test("resolveAsync of a sync factory that needs an async service says to make that factory async, not to use resolveAsync")
    func syncFactoryNeedingAsync() async {
        let container = Container()
        container.register(AwaitedService.self, lifetime: .singleton) { _ async throws in AwaitedService() }
        container.register(NeedsAsync.self) { r in NeedsAsync(pool: try r.resolve()) }
        let error = await #expect(throws: WiringError.self) { try await container.resolveAsync(NeedsAsync.self) }
        #expect(error?.code == .asyncRequired)
        let text = error?.description ?? ""
        #expect(text.contains("NeedsAsync resolves it from a synchronous factory: make that factory async"), "\(text)")
    }
}

/// A user type that resolves through a scope, conforming with `resolver` alone.
struct RequestContextResolver: Resolving {
    let scope: Scope
    var resolver: Resolver { scope.resolver }
}

@Suite("Conforming to Resolving")
struct ResolvingConformanceTests {
    @Test("a type that provides only resolver resolves like the scope it wraps")
    func userConformance() throws {
        let container = Container()
        container.register(SessionState.self, lifetime: .scoped) { _ in SessionState() }
        let context = RequestContextResolver(scope: container.makeScope())
        let first: SessionState = try context.resolve()
        #expect(first === (try context.resolve(SessionState.self)))
        #expect(first === (try context.scope.resolve(SessionState.self)))
    }
}
