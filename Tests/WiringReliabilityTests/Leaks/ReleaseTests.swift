import Dispatch
import Testing
import Wiring

/// Containers, scopes, child containers and their instances are released when the user drops
/// them, whatever happened to them before.
@Suite("Release of dropped containers", .timeLimit(.minutes(10)))
struct ReleaseTests {
    /// Weak references to what one scenario made.
    final class Watch: @unchecked Sendable {
        // @unchecked: used from one thread at a time (the test, then the check).
        weak var container: Container?
        weak var child: Container?
        weak var scope: Scope?
        var instances: [Weak] = []

        func keep(_ object: AnyObject) { instances.append(Weak(object)) }

        func expectReleased(_ scenario: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(container == nil, "\(scenario): container leaked", sourceLocation: sourceLocation)
            #expect(child == nil, "\(scenario): child leaked", sourceLocation: sourceLocation)
            #expect(scope == nil, "\(scenario): scope leaked", sourceLocation: sourceLocation)
            let alive = instances.filter { $0.object != nil }.count
            #expect(alive == 0, "\(scenario): \(alive) instances leaked", sourceLocation: sourceLocation)
        }
    }

    struct Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    enum Scenario: String, CaseIterable, Sendable {
        case plain, afterFactoryError, afterCycle, afterTracing, afterShutdown, afterScopeClose, afterOverride, afterAsync
    }

    /// Runs `scenario` on its own thread (so that no thread-local of the test's thread holds on to
    /// anything) and returns the weak references.
    static func run(_ scenario: Scenario) async -> Watch {
        let watch = Watch()
        let container = Container()
        container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 1) }
        container.register(Left.self, lifetime: .scoped) { r in Left(shared: try r.resolve()) }
        container.register(Right.self, lifetime: .weakSingleton) { r in Right(shared: try r.resolve()) }
        container.register(NodeA.self, lifetime: .singleton) { r in
            _ = try r.resolve(NodeB.self)
            return NodeA()
        }
        container.register(NodeB.self, lifetime: .singleton) { r in
            _ = try r.resolve(NodeA.self)
            return NodeB()
        }
        container.register(NodeX.self, lifetime: .singleton) { r in
            _ = try r.resolve(Probe.self)
            throw InjectedFault(at: "x")
        }
        container.register(NodeY.self, lifetime: .singleton) { (_: Resolver) async throws -> NodeY in NodeY() }
        let child = container.makeChild()
        child.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 2) }
        let scope = child.makeScope()
        watch.container = container
        watch.child = child
        watch.scope = scope
        if let probe = try? container.resolve(Probe.self) { watch.keep(probe) }
        if let probe = try? child.resolve(Probe.self) { watch.keep(probe) }
        if let left = try? scope.resolve(Left.self) { watch.keep(left) }
        if let right = try? scope.resolve(Right.self) { watch.keep(right) }
        switch scenario {
        case .plain: break
        case .afterFactoryError: _ = try? child.resolve(NodeX.self)
        case .afterCycle: _ = try? child.resolve(NodeA.self)
        case .afterTracing:
            let events = Counter()
            container.trace { _ in events.increment() }
            child.trace { _ in events.increment() }
            _ = try? scope.resolve(Left.self)
            _ = try? child.resolve(NodeA.self)
        case .afterShutdown: try? await container.shutdown()
        case .afterScopeClose: try? await scope.close()
        case .afterOverride:
            container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 3) }
            if let probe = try? container.resolve(Probe.self) { watch.keep(probe) }
        case .afterAsync:
            if let node = try? await container.resolveAsync(NodeY.self) { watch.keep(node) }
        }
        return watch
    }

    @Test("a dropped container releases its child, scope and instances", arguments: Scenario.allCases)
    func droppedContainerIsReleased(_ scenario: Scenario) async {
        let watch = await Self.run(scenario)
        watch.expectReleased(scenario.rawValue)
    }
}
