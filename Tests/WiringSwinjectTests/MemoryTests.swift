import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// Counts the instances alive, across threads.
private final class Tracked: Sendable {
    static let alive = AtomicCell<Int>(0)

    init() { Tracked.alive.add(1, ordering: .relaxed) }
    deinit { Tracked.alive.subtract(1, ordering: .relaxed) }
}

/// What a container keeps, it lets go with the container: counted in objects rather than in the
/// process's resident memory, which the suites running beside this one move too.
@Suite("Memory")
struct MemoryTests {
    @Test(
        "graphs restored on containers released before any resolve are forgotten: 200,000 of them, in linear time", .timeLimit(.minutes(1)))
    func restoredGraphsOfReleasedContainers() {
        let before = Container.pendingRestoredGraphCount
        for _ in 0..<200_000 {
            let container = Container()
            container.restoreObjectGraph(GraphIdentifier())
        }
        // Each was counted as pending, which took every thread off the resolve's shortcut, for
        // good; other suites running meanwhile may hold a few of their own.
        #expect(Container.pendingRestoredGraphCount - before < 100)
    }

    @Test("a child container per request, 50,000 times, keeps nothing of any request")
    func childPerRequest() {
        let base = Container()
        base.register(Plain.self) { _ in Plain() }.inObjectScope(.container)
        weak var lastChild: Container?
        for _ in 0..<50_000 {
            let child = Container(parent: base)
            child.register(Tracked.self) { _ in Tracked() }.inObjectScope(.container)
            child.register(Watched.self) { r in
                _ = r.resolve(Tracked.self)
                return Watched {}
            }.initCompleted { r, _ in _ = r.resolve(Lazy<Plain>.self)?.instance }
            _ = child.synchronize().resolve(Watched.self)
            _ = child.resolve(Provider<Tracked>.self)?.instance
            lastChild = child
        }
        #expect(lastChild == nil)
        #expect(Tracked.alive.load(ordering: .relaxed) == 0)
    }
}
