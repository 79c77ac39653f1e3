/// Builds the registration graph of a container and finds what is wrong with it: the engine of
/// ``Container/validate(_:)-11zjp``.
final class GraphAnalysis {
    struct Node {
        let entry: AnyEntry?
        let key: ServiceKey
        let level: Int
        let id: String
    }

    struct Edge: Hashable {
        let from: Int
        let to: Int
        let kind: DependencyGraph.EdgeKind
    }

    /// A dependency that lookup could not satisfy.
    struct Missing: Hashable {
        let consumer: Int
        let key: ServiceKey
    }

    /// The validated container first, then its ancestors.
    let chain: [Container]
    /// The same for the container the user validated (not the dry run's copy): where
    /// replacements were recorded.
    let originalChain: [Container]
    private(set) var nodes: [Node] = []
    private var entryNodes: [ObjectIdentifier: Int] = [:]
    private(set) var missingNodes: [ServiceKey: Int] = [:]
    private var usedIDs: Set<String> = []
    private(set) var edges: Set<Edge> = []
    private(set) var missing: Set<Missing> = []
    /// Loops and captive pairs that only the dry run saw, and factories that failed in it.
    private(set) var dryRunCycles: [[Int]] = []
    private(set) var dryRunCaptives: Set<Edge> = []
    private(set) var dryRunFailures: [(node: Int, error: WiringError)] = []
    /// Registrations whose dry run stopped at a value given to scopes (`providedToScopes()`)
    /// that the dry run had no sample of: nothing after that resolve was checked.
    private(set) var uncheckedPastProvided: [(node: Int, provided: Int, path: [ServiceKey])] = []
    private(set) var roots: [Int] = []
    /// Root types given in the options that nothing is registered for.
    private(set) var missingRoots: [ServiceKey] = []
    /// Whether the dry run ran, so that closure factories' dependencies are known.
    let dryRan: Bool
    /// Whether the dry run awaited async factories: without that, a sync registration that
    /// needs an async one is a dependency, not a failure.
    private let awaitedAsync: Bool
    /// For each node reachable from a root, the node it was first reached from.
    private(set) var reachedFrom: [Int: Int] = [:]

    /// - Parameters:
    ///   - container: The container to analyse (in a dry run, the throwaway copy).
    ///   - original: The container the user validated.
    ///   - recorded: The edges the dry run recorded.
    ///   - dryRunErrors: The errors the dry run's resolves threw.
    ///   - roots: The root types, or none to use every registration nothing depends on.
    ///   - dryRan: Whether a dry run produced `recorded` and `dryRunErrors`.
    ///   - awaitedAsync: Whether that dry run awaited async factories.
    init(
        container: Container,
        original: Container,
        recorded: Set<EdgeRecorder.Edge>,
        dryRunErrors: [WiringError],
        roots: [Any.Type],
        dryRan: Bool = false,
        awaitedAsync: Bool = false
    ) {
        self.dryRan = dryRan
        self.awaitedAsync = awaitedAsync
        let chain = container.lineage
        self.chain = chain
        self.originalChain = original.lineage
        for (level, container) in chain.enumerated() {
            for entry in container.registry.allEntries() {
                _ = node(for: entry, level: level)
            }
        }
        var recordedFrom: [ServiceKey: [EdgeRecorder.Edge]] = [:]
        for edge in recorded { recordedFrom[edge.from, default: []].append(edge) }
        for index in nodes.indices {
            guard let entry = nodes[index].entry else { continue }
            let perspective = entry.lifetime.isContainerOwned ? entry.owner : chain[0]
            if let source = entry.forwardsTo {
                link(index, to: source, from: perspective, kind: .forward)
            } else {
                for dependency in entry.dependencies ?? [] {
                    link(index, to: dependency, from: perspective, kind: .constructor)
                }
            }
            for edge in recordedFrom[entry.key] ?? [] where edge.to != entry.forwardsTo {
                link(index, to: edge.to, from: perspective, kind: edge.phase)
            }
        }
        for error in dryRunErrors { absorb(error) }
        findRoots(roots)
    }

    // MARK: Building the graph

    private func node(for entry: AnyEntry, level: Int) -> Int {
        if let index = entryNodes[ObjectIdentifier(entry)] { return index }
        let suffix = level == 0 ? "" : level == 1 ? " [parent]" : " [parent \(level)]"
        let index = addNode(Node(entry: entry, key: entry.key, level: level, id: entry.key.description + suffix))
        entryNodes[ObjectIdentifier(entry)] = index
        return index
    }

    private func missingNode(for key: ServiceKey) -> Int {
        if let index = missingNodes[key] { return index }
        let id = usedIDs.contains(key.description) ? "\(key.description) [missing]" : key.description
        let index = addNode(Node(entry: nil, key: key, level: 0, id: id))
        missingNodes[key] = index
        return index
    }

    private func addNode(_ node: Node) -> Int {
        nodes.append(node)
        usedIDs.insert(node.id)
        return nodes.count - 1
    }

    /// The node that resolving `key` from `container` reaches, if something is registered.
    private func target(of key: ServiceKey, from container: Container) -> Int? {
        guard let entry = Resolver(container: container, scope: nil).lookup(key) else { return nil }
        let level = chain.firstIndex { $0 === entry.owner } ?? 0
        return node(for: entry, level: level)
    }

    /// Adds the edge from `consumer` to what `key` resolves to, or records it as missing.
    private func link(_ consumer: Int, to key: ServiceKey, from container: Container, kind: DependencyGraph.EdgeKind) {
        if let target = target(of: key, from: container) {
            edges.insert(Edge(from: consumer, to: target, kind: kind))
            return
        }
        // A request for `X?` is served by `X`, and is satisfied by nothing at all.
        if !key.hasArguments, let optional = key.type as? any OptionalResolvable.Type {
            let wrapped = ServiceKey(type: optional.wrappedType, tag: key.tag, arguments: key.arguments)
            if let target = target(of: wrapped, from: container) {
                edges.insert(Edge(from: consumer, to: target, kind: kind))
            }
            return
        }
        edges.insert(Edge(from: consumer, to: missingNode(for: key), kind: kind))
        missing.insert(Missing(consumer: consumer, key: key))
    }

    /// Turns an error from the dry run into the fact it reveals.
    private func absorb(_ error: WiringError) {
        let keys = error.pathKeys
        let consumer = keys.count >= 2 ? target(of: keys[keys.count - 2], from: chain[0]) : nil
        switch error.code {
        case .notRegistered, .argumentMismatch:
            guard let consumer, let entry = nodes[consumer].entry else { return }
            link(consumer, to: error.key, from: entry.lifetime.isContainerOwned ? entry.owner : chain[0], kind: .constructor)
        case .cycle:
            guard let cycle = error.cycle else { return }
            dryRunCycles.append(cycle.compactMap { target(of: $0, from: chain[0]) })
        case .scopeNotActive:
            guard let consumer, let scoped = target(of: error.key, from: chain[0]) else { return }
            dryRunCaptives.insert(Edge(from: consumer, to: scoped, kind: .constructor))
        case .isolationMismatch:
            return  // a main-actor factory, resolved off the main actor: not a wiring problem
        case .asyncRequired where !awaitedAsync:
            // A dependency on an async registration, which the sync dry run does not await.
            guard let consumer, let entry = nodes[consumer].entry else { return }
            link(consumer, to: error.key, from: entry.lifetime.isContainerOwned ? entry.owner : chain[0], kind: .constructor)
        default:
            guard let failing = target(of: error.key, from: chain[0]) else { return }
            // A value given to scopes (`providedToScopes()`) without a sample in the dry run:
            // its factory's error is no finding, but every registration whose build was
            // stopped by it went unchecked past that resolve, which is one.
            if nodes[failing].entry?.isProvidedToScopes == true {
                for key in keys.dropLast() {
                    guard let node = target(of: key, from: chain[0]) else { continue }
                    uncheckedPastProvided.append((node, failing, keys))
                }
                return
            }
            dryRunFailures.append((failing, error))
        }
    }

    private func findRoots(_ rootTypes: [Any.Type]) {
        if rootTypes.isEmpty {
            var hasIncoming = Set<Int>()
            for edge in edges { hasIncoming.insert(edge.to) }
            roots = nodes.indices.filter { nodes[$0].entry != nil && !hasIncoming.contains($0) }
        } else {
            for type in rootTypes {
                let key = ServiceKey(type: type, tag: nil, arguments: Void.self)
                if let root = target(of: key, from: chain[0]) {
                    roots.append(root)
                } else {
                    missingRoots.append(key)
                }
            }
            // Registrations declared roots of their own (`validatedAsRoot()`).
            roots += nodes.indices.filter { nodes[$0].entry?.isValidationRoot == true && !roots.contains($0) }
        }
        var outgoing = [[Int]](repeating: [], count: nodes.count)
        for edge in edges { outgoing[edge.from].append(edge.to) }
        for index in outgoing.indices { outgoing[index].sort() }  // a stable path, whatever the hashing
        var queue = roots
        for root in roots { reachedFrom[root] = root }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for next in outgoing[current] where reachedFrom[next] == nil {
                reachedFrom[next] = current
                queue.append(next)
            }
        }
    }

    // MARK: Reading the graph

    /// The path from a root to `node`, as node ids; just `node` if no root reaches it.
    func path(to node: Int) -> [String] {
        var path = [nodes[node].id]
        var current = node
        while let previous = reachedFrom[current], previous != current {
            path.append(nodes[previous].id)
            current = previous
            if path.count > nodes.count { break }
        }
        return path.reversed()
    }

    /// The lifetime that decides how long `node`'s instance lives: for a forwarded type, the
    /// lifetime of the registration it forwards to.
    func effectiveLifetime(of node: Int) -> Lifetime? {
        var current = node
        for _ in 0...nodes.count {
            guard let entry = nodes[current].entry else { return nil }
            guard entry.forwardsTo != nil,
                let next = edges.first(where: { $0.from == current && $0.kind == .forward })?.to
            else { return entry.lifetime }
            current = next
        }
        return nil
    }

    /// The graph in its exported form, sorted once here by node id, so that edges sort by
    /// integers rather than by strings.
    var graph: DependencyGraph {
        let order = nodes.indices.sorted { nodes[$0].id < nodes[$1].id }
        var rank = [Int](repeating: 0, count: nodes.count)
        for (position, index) in order.enumerated() { rank[index] = position }
        let sortedEdges = edges.sorted {
            (rank[$0.from], rank[$0.to], $0.kind.order) < (rank[$1.from], rank[$1.to], $1.kind.order)
        }
        return DependencyGraph(
            sortedNodes: order.map { index in
                let node = nodes[index]
                return DependencyGraph.Node(
                    id: node.id,
                    type: typeDisplayName(node.key.type),
                    tag: node.key.tag?.description,
                    arguments: node.key.hasArguments ? argumentsDisplayName(node.key.arguments) : nil,
                    lifetime: node.entry.map { $0.forwardsTo == nil ? $0.lifetime.description : "forwarded" },
                    site: node.entry?.site,
                    isMissing: node.entry == nil
                )
            },
            sortedEdges: sortedEdges.map {
                DependencyGraph.Edge(from: nodes[$0.from].id, to: nodes[$0.to].id, kind: $0.kind)
            }
        )
    }

    /// The strongly connected components of the graph restricted to `kinds`, each with more than
    /// one node or a self-loop: the places where there is a loop.
    func loops(through kinds: Set<DependencyGraph.EdgeKind>) -> [[Int]] {
        var outgoing = [[Int]](repeating: [], count: nodes.count)
        var selfLoops = Set<Int>()
        for edge in edges where kinds.contains(edge.kind) {
            outgoing[edge.from].append(edge.to)
            if edge.from == edge.to { selfLoops.insert(edge.from) }
        }
        // Tarjan's algorithm, iterative so that a long chain cannot overflow the stack.
        let unvisited = -1
        var index = 0
        var indices = [Int](repeating: unvisited, count: nodes.count)
        var lowLinks = [Int](repeating: 0, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        var stack: [Int] = []
        var components: [[Int]] = []
        for start in nodes.indices where indices[start] == unvisited {
            var work: [(node: Int, next: Int)] = [(start, 0)]
            indices[start] = index
            lowLinks[start] = index
            index += 1
            stack.append(start)
            onStack[start] = true
            while let (node, next) = work.last {
                if next < outgoing[node].count {
                    work[work.count - 1].next += 1
                    let successor = outgoing[node][next]
                    if indices[successor] == unvisited {
                        indices[successor] = index
                        lowLinks[successor] = index
                        index += 1
                        stack.append(successor)
                        onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLinks[node] = min(lowLinks[node], indices[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node {
                    lowLinks[parent] = min(lowLinks[parent], lowLinks[node])
                }
                if lowLinks[node] == indices[node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    if component.count > 1 || selfLoops.contains(node) { components.append(component) }
                }
            }
        }
        return components
    }

    /// A loop inside `component` (`A → B → A`), as node indices ending where they start.
    func cycle(in component: [Int], through kinds: Set<DependencyGraph.EdgeKind>) -> [Int] {
        let members = Set(component)
        guard let start = component.min(by: { nodes[$0].id < nodes[$1].id }) else { return [] }
        var outgoing: [Int: [Int]] = [:]
        for edge in edges.sorted(by: { nodes[$0.to].id < nodes[$1.to].id })
        where kinds.contains(edge.kind) && members.contains(edge.from) && members.contains(edge.to) {
            outgoing[edge.from, default: []].append(edge.to)
        }
        // Breadth-first from `start` back to `start`: the shortest loop through it.
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for next in outgoing[current] ?? [] {
                if next == start {
                    var loop = [start]
                    var node = current
                    while node != start {
                        loop.append(node)
                        node = previous[node] ?? start
                    }
                    return [start] + loop.dropFirst().reversed() + [start]
                }
                if previous[next] == nil {
                    previous[next] = current
                    queue.append(next)
                }
            }
        }
        return [start, start]
    }
}
