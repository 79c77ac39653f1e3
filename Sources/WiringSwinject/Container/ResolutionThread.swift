internal import Wiring

/// What the calling thread is resolving: for each container it resolves in, how deep the resolve
/// is, its object graph and the storages that graph stored into; and the types being built, for
/// messages.
///
/// Swinject keeps this state in the container, which is why a plain Swinject container is not
/// safe to use from two threads. Kept per thread, two threads resolving at once each have their
/// own graph, and nothing here needs a lock: only its thread touches it.
final class ResolutionThread {
    struct Slot {
        let container: UInt64
        var depth = 0
        var graph: GraphIdentifier?
        var inFlight: [(storage: any InstanceStorage, kind: ResolutionParts.Kind, graph: GraphIdentifier)] = []
    }

    // No access spans a call out of this file: each is a read or a short change.
    @exclusivity(unchecked) var slots: [Slot] = []
    @exclusivity(unchecked) var path: [Any.Type] = []

    /// The calling thread's state.
    static var current: ResolutionThread {
        ResolutionInProgress.threadState { ResolutionThread() }
    }

    /// The index of `container`'s slot, made if it has none.
    func slotIndex(of container: UInt64) -> Int {
        if let index = slots.firstIndex(where: { $0.container == container }) { return index }
        slots.append(Slot(container: container))
        return slots.count - 1
    }

    /// The graph `container` resolves in on this thread, if any.
    func graph(of container: UInt64) -> GraphIdentifier? {
        slots.first { $0.container == container }?.graph
    }

    /// Sets the graph of `container` on this thread (`nil` drops the slot if idle).
    func setGraph(_ graph: GraphIdentifier?, of container: UInt64) {
        let index = slotIndex(of: container)
        slots[index].graph = graph
        if graph == nil, slots[index].depth == 0 { slots.remove(at: index) }
    }
}
