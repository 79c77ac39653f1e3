import Foundation
import Testing
import Wiring

/// The package API the facades build on: one object graph across several engine resolves, and
/// per-thread state kept in the engine's thread-local.
@Suite("Facade support")
struct FacadeSupportTests {
    final class Node: Sendable {}

    @Test("engine resolves inside asOneResolve share one object graph, which ends with it")
    func oneGraph() throws {
        let container = Container()
        container.register(Node.self, lifetime: .graph) { _ in Node() }
        let (first, second) = try ResolutionInProgress.asOneResolve {
            (try container.resolve(Node.self), try container.resolve(Node.self))
        }
        #expect(first === second)
        #expect(try container.resolve(Node.self) !== first)
    }

    @Test("a weak singleton built inside asOneResolve is held until it returns")
    func weakSingletonHeld() throws {
        let container = Container()
        container.register(Node.self, lifetime: .weakSingleton) { _ in Node() }
        weak var built: Node?
        try ResolutionInProgress.asOneResolve {
            built = try container.resolve(Node.self)
            #expect(built != nil)
        }
        #expect(built == nil)
    }

    @Test("threadState gives each thread its own state, the same one on every call")
    func threadState() async {
        final class Slot {}
        let here = ResolutionInProgress.threadState(Slot.init)
        #expect(ResolutionInProgress.threadState(Slot.init) === here)
        let hereID = ObjectIdentifier(here)
        // A thread of its own, not a cooperative one: each call below must run on that thread.
        let differs = await withCheckedContinuation { continuation in
            Thread {
                let slot = ResolutionInProgress.threadState(Slot.init)
                let again = ResolutionInProgress.threadState(Slot.init)
                continuation.resume(returning: ObjectIdentifier(slot) != hereID && slot === again)
            }.start()
        }
        #expect(differs)
    }
}
