/// The registration graph of a container: one node per registration (and per missing
/// dependency), one edge per dependency, with a stable order so that an exported file diffs
/// cleanly in code review.
///
/// ```swift
/// let graph = try container.dependencyGraph(ValidationOptions(dryRun: true))
/// try graph.dot().write(toFile: "wiring.dot", atomically: true, encoding: .utf8)   // Foundation
/// ```
///
/// Edges come from what Wiring knows without building anything — auto-wired initializers
/// (``Container/autowire(_:tag:lifetime:file:line:_:)``) and forwarded types — plus, with
/// ``ValidationOptions/dryRun``, what closure factories and hooks resolved during the dry run.
public struct DependencyGraph: Sendable, Equatable {
    /// A registration, or a dependency that nothing is registered for.
    public struct Node: Sendable, Hashable {
        /// Unique and stable: the registration as messages name it (`any Database tagged
        /// .replica`), with ` [parent]` or ` [parent N]` for one inherited from an ancestor
        /// container.
        public let id: String
        /// The registered type's name.
        public let type: String
        /// The tag as written in code, if any.
        public let tag: String?
        /// The runtime-argument types, such as `(String, Int)`, if any.
        public let arguments: String?
        /// The lifetime's name, `forwarded` for a forwarded type (which shares the lifetime of
        /// the registration it forwards to), or `nil` for a missing dependency.
        public let lifetime: String?
        /// Where it was registered; `nil` for a missing dependency.
        public let site: SourceLocation?
        /// Whether nothing is registered for this dependency.
        public let isMissing: Bool
    }

    /// How one registration depends on another.
    public enum EdgeKind: String, Sendable, Hashable, CaseIterable {
        /// The factory (or auto-wired initializer) resolves the dependency.
        case constructor
        /// A post-construction hook (``Registration/onResolved(_:)``) resolves it.
        case hook
        /// A forwarded type is served by the registration it forwards to.
        case forward
        /// A ``LazyWired`` property of the instance resolves it on first read, after
        /// construction; seen only by a dry run. Reaches, but closes no construction cycle.
        case lazy
    }

    /// A dependency of `from` on `to`.
    public struct Edge: Sendable, Hashable {
        /// The ``Node/id`` of the dependent registration.
        public let from: String
        /// The ``Node/id`` of the dependency.
        public let to: String
        /// How `from` depends on `to`.
        public let kind: EdgeKind

        /// An edge, for comparing a graph with an expected one.
        public init(from: String, to: String, kind: EdgeKind) {
            self.from = from
            self.to = to
            self.kind = kind
        }
    }

    /// The nodes, sorted by id.
    public let nodes: [Node]
    /// The edges, sorted by source and target (in node order), then kind.
    public let edges: [Edge]

    /// A graph whose nodes are sorted by id, and whose edges are unique and sorted by source,
    /// target and kind (constructor, forward, hook, lazy).
    init(sortedNodes: [Node], sortedEdges: [Edge]) {
        self.nodes = sortedNodes
        self.edges = sortedEdges
    }
}

// MARK: - Export

extension DependencyGraph {
    /// The graph in Graphviz's DOT language: boxes for container-owned lifetimes, ellipses for
    /// the others, notes for forwarded types, red dashed nodes for missing dependencies, dashed
    /// edges for hooks and dotted edges for forwarded types. Render it with `dot -Tsvg graph.dot -o graph.svg`.
    public func dot() -> String {
        var lines = [
            "digraph Wiring {",
            "  rankdir=LR;",
            "  node [fontname=\"Helvetica\", fontsize=11];",
            "  edge [color=\"#555555\", fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in nodes {
            let label = ([node.id] + [node.isMissing ? "missing" : node.lifetime ?? ""]).joined(separator: "\\n")
            var attributes = ["label=\(dotQuoted(label))"]
            if node.isMissing {
                attributes += ["shape=box", "style=\"dashed\"", "color=\"#cc0000\"", "fontcolor=\"#cc0000\""]
            } else if node.lifetime == "forwarded" {
                attributes += ["shape=note", "style=\"filled\"", "fillcolor=\"#f4f4f4\""]
            } else if let lifetime = node.lifetime, Self.containerOwned.contains(lifetime) {
                attributes += ["shape=box", "style=\"rounded,filled\"", "fillcolor=\"#dbe8fb\""]
            } else {
                attributes += ["shape=ellipse", "style=\"filled\"", "fillcolor=\"#eef3e2\""]
            }
            lines.append("  \(dotQuoted(node.id)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            let style =
                switch edge.kind {
                case .constructor: ""
                case .hook: " [style=dashed, label=\"hook\"]"
                case .forward: " [style=dotted, label=\"forwards to\"]"
                case .lazy: " [style=dashed, label=\"lazy\"]"
                }
            lines.append("  \(dotQuoted(edge.from)) -> \(dotQuoted(edge.to))\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, for Markdown that renders Mermaid (GitHub does).
    public func mermaid() -> String {
        var ids: [String: String] = [:]
        for (index, node) in nodes.enumerated() { ids[node.id] = "n\(index)" }
        var lines = ["flowchart LR"]
        for node in nodes {
            let detail = node.isMissing ? "missing" : node.lifetime ?? ""
            let label = "\(node.id)<br/>\(detail)".replacingAll("\"", with: "#quot;")
            lines.append("  \(ids[node.id] ?? "")[\"\(label)\"]")
        }
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let arrow =
                switch edge.kind {
                case .constructor: "-->"
                case .hook: "-. hook .->"
                case .forward: "-. forwards to .->"
                case .lazy: "-. lazy .->"
                }
            lines.append("  \(from) \(arrow) \(to)")
        }
        let missing = nodes.enumerated().filter { $0.element.isMissing }.map { "n\($0.offset)" }
        if !missing.isEmpty {
            lines.append("  classDef missing stroke:#cc0000,stroke-dasharray:4,color:#cc0000")
            lines.append("  class \(missing.joined(separator: ",")) missing")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as JSON, one node or edge per line:
    /// `{"nodes": [{"id": …, "type": …, "tag": …, "arguments": …, "lifetime": …, "site": …,
    /// "missing": …}], "edges": [{"from": …, "to": …, "kind": …}]}`, with `null` for absent values.
    public func json() -> String {
        let nodeLines = nodes.map { node in
            let fields = [
                "\"id\": \(jsonString(node.id))",
                "\"type\": \(jsonString(node.type))",
                "\"tag\": \(node.tag.map(jsonString) ?? "null")",
                "\"arguments\": \(node.arguments.map(jsonString) ?? "null")",
                "\"lifetime\": \(node.lifetime.map(jsonString) ?? "null")",
                "\"site\": \(node.site.map { jsonString($0.description) } ?? "null")",
                "\"missing\": \(node.isMissing)",
            ]
            return "    {\(fields.joined(separator: ", "))}"
        }
        let edgeLines = edges.map { edge in
            "    {\"from\": \(jsonString(edge.from)), \"to\": \(jsonString(edge.to)), \"kind\": \(jsonString(edge.kind.rawValue))}"
        }
        return """
            {
              "nodes": [
            \(nodeLines.joined(separator: ",\n"))
              ],
              "edges": [
            \(edgeLines.joined(separator: ",\n"))
              ]
            }

            """
    }

    private static let containerOwned: Set<String> = [
        Lifetime.singleton.description, Lifetime.eagerSingleton.description, Lifetime.weakSingleton.description,
    ]
}

/// `text` as a DOT quoted string.
private func dotQuoted(_ text: String) -> String {
    "\"" + text.replacingAll("\"", with: "\\\"") + "\""
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case let control where control.value < 0x20:
            let hex = String(control.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

extension String {
    /// The string with every occurrence of `target` replaced (no Foundation in the core).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
