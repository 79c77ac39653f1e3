internal import Wiring

/// What the calling thread is resolving: for each container it resolves in, how deep the resolve
/// is, its object graph and the storages that graph stored into; and the types being built, for
/// messages.
///
/// Swinject keeps this state in the container, which is why a plain Swinject container is not
/// safe to use from two threads. Kept per thread, two threads resolving at once each have their
/// own graph, and nothing here needs a lock: only its thread touches it.
final class ResolutionThread {
    typealias InFlight = (storage: any InstanceStorage, kind: ResolutionParts.Kind, graph: GraphIdentifier)

    struct Slot {
        let container: UInt64
        var depth = 0
        var graph: GraphIdentifier?
        var inFlight: [InFlight] = []
        /// The container, while a graph is set for its next resolve (pending): if the container
        /// goes first, its `deinit` takes the pending graph out of the count, and this is `nil`.
        weak var owner: Container?
        /// The graph of the async resolve whose task this resolve runs in, if any: its graph is
        /// that one's, and what it stored is told when that one ends.
        var asyncGraph: AsyncGraph?

        var isIdle: Bool { depth == 0 && graph == nil }
        var isPending: Bool { depth == 0 && graph != nil }
        /// A pending graph of a container that has gone: no resolve will ever enter it.
        var isAbandoned: Bool { isPending && owner == nil }
    }

    // No access spans a call out of this file: each is a read or a short change.
    @exclusivity(unchecked) private var slots: [Slot] = []
    @exclusivity(unchecked) var path: [Any.Type] = []
    /// Set when a synchronous resolve on this thread found an async registration with no
    /// instance built (``Container/resolveNeedingAwait(key:)``): what a `Lazy` or `Provider`
    /// that got nothing asks, to say why.
    @exclusivity(unchecked) var neededAwait = false

    /// Idle slots are kept for the next resolve in their container, as long as the thread has no
    /// more slots than this; past it, idle ones are dropped, so that the slots of containers that
    /// are gone do not pile up.
    private static let slotsKept = 8

    /// How many slots, on every thread, hold an object graph set for the next resolve
    /// (`restoreObjectGraph(_:)`, a `Lazy`'s or a `Provider`'s) that no resolve has entered yet.
    /// While there is one, a resolve takes no kept instance (`Container/KeptInstances.swift`), so
    /// that the resolve that enters the graph, and uses it up, is the one that comes next. One
    /// count for the process, so that the check is one load: only that thread needs it, and the
    /// others merely lose the shortcut meanwhile.
    static let pendingRestoredGraphs = AtomicCell<Int>(0)

    /// Whether some thread has an object graph set for its next resolve (one relaxed load: the
    /// calling thread sees its own changes in order, and only its own matter to it).
    @inline(__always)
    static var hasPendingRestoredGraph: Bool {
        pendingRestoredGraphs.load(ordering: .relaxed) != 0
    }

    deinit {
        for slot in slots where slot.isPending { Self.settlePending(of: slot) }
    }

    /// Takes `slot`'s pending graph out of the counts, unless its container has gone, whose
    /// `deinit` took it out (``Container/pendingGraphs``). Holding the container while counting
    /// keeps that `deinit` from running meanwhile.
    private static func settlePending(of slot: Slot) {
        guard let owner = slot.owner else { return }
        owner.pendingGraphs.subtract(1, ordering: .relaxed)
        pendingRestoredGraphs.subtract(1, ordering: .relaxed)
    }

    /// Whether a factory or an `initCompleted` closure is running on this thread: a build that a
    /// container's end may be waiting for.
    var isInsideBuild: Bool { !path.isEmpty }

    /// The calling thread's state.
    static var current: ResolutionThread {
        ResolutionInProgress.threadState { ResolutionThread() }
    }

    private func index(of container: UInt64) -> Int {
        var index = 0
        while index < slots.count {
            if slots[index].container == container { return index }
            index += 1
        }
        slots.append(Slot(container: container))
        return index
    }

    /// Past ``slotsKept`` slots, drops the idle ones, and the pending graphs of containers that
    /// have gone (`restoreObjectGraph` on a container released before any resolve).
    @inline(__always)
    private func dropIdleSlotsIfMany() {
        if slots.count > Self.slotsKept { slots.removeAll { $0.isIdle || $0.isAbandoned } }
    }

    /// One level deeper in `container`, starting a graph if none runs; its graph, or `nil` if the
    /// resolve is already `maximumDepth` deep.
    func enter(_ container: UInt64, maximumDepth: Int) -> GraphIdentifier? {
        let index = index(of: container)
        if slots[index].depth == 0 {
            if slots[index].graph == nil {
                // Inside an async resolve, the graph is that resolve's.
                if let asyncGraph = AsyncGraph.current {
                    slots[index].graph = asyncGraph.identifier
                    slots[index].asyncGraph = asyncGraph
                } else {
                    slots[index].graph = GraphIdentifier()
                }
            } else {
                // A graph set for this resolve: entered, so no longer pending.
                Self.settlePending(of: slots[index])
                slots[index].owner = nil
            }
        }
        guard slots[index].depth < maximumDepth else { return nil }
        slots[index].depth += 1
        return slots[index].graph
    }

    /// One level up in `container`; at the top, the graph ends and this returns the storages it
    /// stored into, to be told; `nil` below the top. An async resolve's graph ends with that
    /// resolve, which tells them (`AsyncGraph`).
    func leave(_ container: UInt64) -> [InFlight]? {
        let index = index(of: container)
        slots[index].depth -= 1
        guard slots[index].depth == 0 else { return nil }
        var completed: [InFlight] = []
        swap(&completed, &slots[index].inFlight)
        slots[index].graph = nil
        if let asyncGraph = slots[index].asyncGraph {
            slots[index].asyncGraph = nil
            completed = asyncGraph.completeLater(completed)
        }
        dropIdleSlotsIfMany()
        return completed
    }

    /// `storage` stored an instance for `graph`, resolved in `container`: told when the graph ends.
    func track(_ storage: any InstanceStorage, kind: ResolutionParts.Kind, graph: GraphIdentifier, of container: UInt64) {
        slots[index(of: container)].inFlight.append((storage, kind, graph))
    }

    /// The graph `container` resolves in on this thread, if any.
    func graph(of container: UInt64) -> GraphIdentifier? {
        slots.first { $0.container == container }?.graph
    }

    /// Sets the graph of `container` on this thread.
    func setGraph(_ graph: GraphIdentifier?, of container: Container) {
        let index = index(of: container.serial)
        let wasPending = slots[index].isPending
        slots[index].graph = graph
        let isPending = slots[index].isPending
        if isPending, !wasPending {
            slots[index].owner = container
            container.pendingGraphs.add(1, ordering: .relaxed)
            Self.pendingRestoredGraphs.add(1, ordering: .relaxed)
        } else if wasPending, !isPending {
            Self.settlePending(of: slots[index])
            slots[index].owner = nil
        }
        dropIdleSlotsIfMany()
    }
}
