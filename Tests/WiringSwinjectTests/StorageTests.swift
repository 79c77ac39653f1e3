import Testing
import WiringSwinject

private final class Thing {}
private struct Value {}

/// The built-in storages, on their own: what each keeps, for how long, and for which graph.
@Suite("Object scopes' storages")
struct StorageTests {
    @Test("a permanent storage keeps its instance until it is set to nil")
    func permanentKeeps() {
        let storage = PermanentStorage()
        weak var held: Thing?
        do {
            let thing = Thing()
            held = thing
            storage.instance = thing
        }
        #expect(held != nil)
        #expect(storage.instance as? Thing === held)
        storage.instance = nil
        #expect(held == nil)
    }

    @Test("a transient storage keeps nothing")
    func transientKeepsNothing() {
        let storage = TransientStorage()
        storage.setInstance(Thing(), inGraph: GraphIdentifier())
        #expect(storage.instance == nil)
    }

    @Test("a weak storage keeps a class instance only while it lives elsewhere, and never a value")
    func weakKeepsWhileHeld() {
        let storage = WeakStorage()
        var thing: Thing? = Thing()
        storage.instance = thing
        #expect(storage.instance as? Thing === thing)
        thing = nil
        #expect(storage.instance == nil)
        storage.instance = Value()
        #expect(storage.instance == nil)
    }

    @Test("a graph storage holds an instance for its graph until the graph completes, then weakly")
    func graphHoldsUntilCompleted() {
        let storage = GraphStorage()
        let graph = GraphIdentifier()
        weak var held: Thing?
        do {
            let thing = Thing()
            held = thing
            storage.setInstance(thing, inGraph: graph)
        }
        #expect(storage.instance(inGraph: graph) as? Thing === held)
        #expect(storage.instance(inGraph: GraphIdentifier()) == nil)
        var kept = held
        storage.graphResolutionCompleted()
        #expect(storage.instance(inGraph: graph) as? Thing === kept, "rejoined while something holds it")
        kept = nil
        #expect(held == nil)
        #expect(storage.instance(inGraph: graph) == nil)
    }

    @Test("a graph storage never shares a value-type instance, even within its graph")
    func graphValuesAreNotShared() {
        let storage = GraphStorage()
        let graph = GraphIdentifier()
        storage.setInstance(Value(), inGraph: graph)
        #expect(storage.instance(inGraph: graph) == nil)
    }

    @Test("the weak scope's storage keeps an instance for its graph, and while it is held after")
    func weakScopeIsWeakOverGraph() {
        let storage = ObjectScope.weak.makeStorage()
        let graph = GraphIdentifier()
        weak var held: Thing?
        do {
            let thing = Thing()
            held = thing
            storage.setInstance(thing, inGraph: graph)
        }
        #expect(held != nil, "the graph holds it")
        #expect(storage.instance(inGraph: graph) as? Thing === held)
        storage.graphResolutionCompleted()
        #expect(held == nil)
    }

    @Test("graph identifiers are unique")
    func identifiersAreUnique() {
        let ids = (0..<1_000).map { _ in GraphIdentifier() }
        #expect(Set(ids).count == 1_000)
    }

    /// An instance there at the first read and gone at the second: what a weak storage looks
    /// like when another thread lets go of the instance between two reads.
    private final class VanishingStorage: InstanceStorage {
        private var reads = 0
        private let thing = Thing()
        var instance: Any? {
            get {
                reads += 1
                return reads == 1 ? thing : nil
            }
            set {}
        }
    }

    @Test("a composite storage reads each component once: an instance that goes between two reads is still returned")
    func compositeReadsEachComponentOnce() {
        #expect(CompositeStorage([VanishingStorage()]).instance is Thing)
        #expect(CompositeStorage([TransientStorage(), VanishingStorage()]).instance(inGraph: GraphIdentifier()) is Thing)
    }

    @Test("storages are safe to use from many threads at once")
    func storagesUnderConcurrency() async {
        let permanent = PermanentStorage()
        let graph = GraphStorage()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<2_000 {
                        let id = GraphIdentifier()
                        let thing = Thing()
                        permanent.instance = thing
                        _ = permanent.instance
                        graph.setInstance(thing, inGraph: id)
                        _ = graph.instance(inGraph: id)
                        graph.graphResolutionCompleted()
                    }
                }
            }
        }
        #expect(permanent.instance is Thing)
    }
}
