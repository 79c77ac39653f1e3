import Testing
import Wiring

@Suite("Graph export")
struct GraphExportTests {
    /// A small graph with each kind of node and edge.
    func smallGraph() -> DependencyGraph {
        let container = Container()
        container.autowire(VRepo.self, VRepo.init(store:))
        container.register(ConsoleLogger.self, tag: "audit", lifetime: .singleton) { _ in ConsoleLogger() }
            .forwarding(to: (any Logging).self) { $0 }
        container.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
        return container.dependencyGraph()
    }

    @Test("DOT: one node per registration and missing dependency, one edge per dependency, sorted")
    func dot() {
        #expect(
            smallGraph().dot() == """
                digraph Wiring {
                  rankdir=LR;
                  node [fontname="Helvetica", fontsize=11];
                  edge [color="#555555", fontname="Helvetica", fontsize=10];
                  "ConsoleLogger tagged \\"audit\\"" [label="ConsoleLogger tagged \\"audit\\"\\nsingleton", shape=box, style="rounded,filled", fillcolor="#dbe8fb"];
                  "VClock" [label="VClock\\nmissing", shape=box, style="dashed", color="#cc0000", fontcolor="#cc0000"];
                  "VRepo" [label="VRepo\\ntransient", shape=ellipse, style="filled", fillcolor="#eef3e2"];
                  "VStore" [label="VStore\\nsingleton", shape=box, style="rounded,filled", fillcolor="#dbe8fb"];
                  "any Logging tagged \\"audit\\"" [label="any Logging tagged \\"audit\\"\\nforwarded", shape=note, style="filled", fillcolor="#f4f4f4"];
                  "VRepo" -> "VStore";
                  "VStore" -> "VClock";
                  "any Logging tagged \\"audit\\"" -> "ConsoleLogger tagged \\"audit\\"" [style=dotted, label="forwards to"];
                }

                """)
    }

    @Test("Mermaid: numbered nodes in id order, hook and forward edges dotted, missing nodes marked")
    func mermaid() {
        #expect(
            smallGraph().mermaid() == """
                flowchart LR
                  n0["ConsoleLogger tagged #quot;audit#quot;<br/>singleton"]
                  n1["VClock<br/>missing"]
                  n2["VRepo<br/>transient"]
                  n3["VStore<br/>singleton"]
                  n4["any Logging tagged #quot;audit#quot;<br/>forwarded"]
                  n2 --> n3
                  n3 --> n1
                  n4 -. forwards to .-> n0
                  classDef missing stroke:#cc0000,stroke-dasharray:4,color:#cc0000
                  class n1 missing

                """)
    }

    @Test("JSON: every field, null where absent, one node or edge per line")
    func json() {
        let json = smallGraph().json()
        #expect(json.hasPrefix("{\n  \"nodes\": [\n"))
        #expect(
            json.contains(
                #"{"id": "VClock", "type": "VClock", "tag": null, "arguments": null, "lifetime": null, "site": null, "missing": true}"#
            ))
        #expect(
            json.contains(
                #"{"id": "ConsoleLogger tagged \"audit\"", "type": "ConsoleLogger", "tag": "\"audit\"", "arguments": null, "lifetime": "singleton", "site": "WiringTests/GraphExportTests.swift:10", "missing": false}"#
            ))
        #expect(json.contains(#"{"from": "VRepo", "to": "VStore", "kind": "constructor"}"#))
        #expect(json.hasSuffix("  ]\n}\n"))
    }

    @Test("the order is stable: registering in another order gives the same files")
    func stableOrder() {
        let forward = Container()
        forward.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
        forward.autowire(VClock.self, VClock.init)
        forward.autowire(VRepo.self, VRepo.init(store:))
        let backward = Container()
        backward.autowire(VRepo.self, VRepo.init(store:))
        backward.autowire(VClock.self, VClock.init)
        backward.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
        #expect(forward.dependencyGraph().nodes.map(\.id) == backward.dependencyGraph().nodes.map(\.id))
        #expect(forward.dependencyGraph().edges == backward.dependencyGraph().edges)
    }

    @Test("a dry run adds the edges of closure factories and hooks")
    func dryRunEdges() {
        let container = Container()
        container.register(Parent.self, lifetime: .graph) { r in Parent(child: try r.resolve()) }
        container.register(Child.self, lifetime: .graph) { _ in Child() }
            .onResolved { r, child in child.parent = try r.resolve() }
        #expect(container.dependencyGraph().edges.isEmpty)
        let edges = container.dependencyGraph(ValidationOptions(dryRun: true)).edges
        #expect(
            edges == [
                DependencyGraph.Edge(from: "Child", to: "Parent", kind: .hook),
                DependencyGraph.Edge(from: "Parent", to: "Child", kind: .constructor),
            ])
    }
}
