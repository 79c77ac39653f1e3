import Testing
import Wiring

/// A value that tells containers apart.
struct RequestValue: Sendable {
    let id: Int
}

/// Injects its dependency at the call site, with a default argument.
final class UsesWiredRequest: Sendable {
    let request: RequestValue
    init(request: RequestValue = wired()) { self.request = request }
}

/// Two containers with a `RequestValue` each; the first also registers `UsesWiredRequest` with
/// an async factory of `lifetime` that awaits before its call-site injection.
private func containers(_ lifetime: Lifetime) -> (owner: Container, other: Container) {
    let owner = Container()
    owner.register(RequestValue.self, instance: RequestValue(id: 1))
    owner.register(UsesWiredRequest.self, lifetime: lifetime) { _ async in
        await Task.yield()  // the injection must hold across a suspension
        return UsesWiredRequest()
    }
    let other = Container()
    other.register(RequestValue.self, instance: RequestValue(id: 2))
    return (owner, other)
}

@Suite("Call-site injection in async factories")
struct AsyncCallSiteInjectionTests {
    @Test(
        "wired() in an async factory resolves from that factory's container, not the caller's current one",
        arguments: [Lifetime.transient, .singleton, .eagerSingleton]
    )
    func asyncFactoryUsesItsOwnContainer(lifetime: Lifetime) async throws {
        let (owner, other) = containers(lifetime)
        let built = try await withContainer(other) { try await owner.resolveAsync(UsesWiredRequest.self) }
        #expect(built.request.id == 1)
    }

    @Test("a scoped async factory's wired() resolves in its scope")
    func scopedAsyncFactoryUsesItsScope() async throws {
        let container = Container()
        container.register(RequestValue.self, lifetime: .scoped) { _ in RequestValue(id: 0) }
        container.register(UsesWiredRequest.self, lifetime: .scoped) { _ async in
            await Task.yield()
            return UsesWiredRequest()
        }
        let scope = container.makeScope()
        try scope.provide(RequestValue(id: 7))
        let other = Container()
        other.register(RequestValue.self, instance: RequestValue(id: 2))
        let built = try await withContainer(other) { try await scope.resolveAsync(UsesWiredRequest.self) }
        #expect(built.request.id == 7)
        try await scope.close()
    }

    @Test("a single-flight singleton's wired() ignores the container its first caller made current")
    func singleFlightIgnoresFirstCallersContainer() async throws {
        let (owner, other) = containers(.singleton)
        async let first = withContainer(other) { try await owner.resolveAsync(UsesWiredRequest.self) }
        async let second = owner.resolveAsync(UsesWiredRequest.self)
        let (a, b) = try await (first, second)
        #expect(a === b)
        #expect(a.request.id == 1)
    }

    @Test("wired() in an async factory resolved with no current container works instead of stopping the program")
    func asyncFactoryWithoutCurrentContainer() async {
        await #expect(processExitsWith: .success) {
            let owner = Container()
            owner.register(RequestValue.self, instance: RequestValue(id: 1))
            owner.register(UsesWiredRequest.self, lifetime: .singleton) { _ async in UsesWiredRequest() }
            let built = try await owner.resolveAsync(UsesWiredRequest.self)
            guard built.request.id == 1 else { fatalError("resolved from the wrong container") }
        }
    }
}
