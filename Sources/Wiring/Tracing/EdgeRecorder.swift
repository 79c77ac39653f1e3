/// Records which registration resolved which during a dry run (``Container/validate(_:)-11zjp`` with
/// ``ValidationOptions/dryRun``): the edges that closure factories do not declare.
final class EdgeRecorder: Sendable {
    /// What resolved a dependency, which is the kind of the graph's edge to it: a factory
    /// (`.constructor`), a post-construction hook (`.hook`), or a ``LazyWired`` property the
    /// instance declared (`.lazy`). The recorder never records `.forward`.
    typealias Phase = DependencyGraph.EdgeKind

    struct Edge: Hashable, Sendable {
        let from: ServiceKey
        let to: ServiceKey
        let phase: Phase
    }

    private struct State {
        var stack: [(key: ServiceKey, phase: Phase)] = []
        var edges: Set<Edge> = []
    }

    private let state = Lock(State())

    /// A factory (`.constructor`) or hook (`.hook`) of `key` starts.
    func enter(_ key: ServiceKey, phase: Phase) {
        state.withLock { state in
            if phase == .constructor, let top = state.stack.last {
                state.edges.insert(Edge(from: top.key, to: key, phase: top.phase))
            }
            state.stack.append((key, phase))
        }
    }

    /// The factory or hook that started last ends.
    func exit() {
        state.withLock { _ = $0.stack.popLast() }
    }

    /// Whatever is being built declared a ``LazyWired`` property of `key`.
    func declareLazy(_ key: ServiceKey) {
        state.withLock { state in
            if let top = state.stack.last, top.phase == .constructor {
                state.edges.insert(Edge(from: top.key, to: key, phase: .lazy))
            }
        }
    }

    /// `key` was served from a cache by whatever is running.
    func touch(_ key: ServiceKey) {
        state.withLock { state in
            if let top = state.stack.last { state.edges.insert(Edge(from: top.key, to: key, phase: top.phase)) }
        }
    }

    var edges: Set<Edge> { state.withLock { $0.edges } }
}
