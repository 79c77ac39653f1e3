import Testing
import Wiring

/// One deliberately broken graph and what validation must find in it.
struct BrokenGraph: Sendable, CustomTestStringConvertible {
    struct Expected: Sendable {
        let kind: ValidationFinding.Kind
        let severity: ValidationFinding.Severity
        let path: [String]
    }

    let name: String
    let options: ValidationOptions
    let expected: [Expected]
    let validate: @Sendable (ValidationOptions) -> ValidationReport

    var testDescription: String { name }

    /// A graph built in one container.
    init(
        _ name: String,
        options: ValidationOptions = ValidationOptions(),
        expect expected: [Expected],
        _ build: @escaping @Sendable (Container) -> Void
    ) {
        self.name = name
        self.options = options
        self.expected = expected
        self.validate = { options in
            let container = Container()
            build(container)
            return container.validate(options)
        }
    }

    /// A graph that validates some other way (modules, a child container).
    init(
        _ name: String,
        options: ValidationOptions = ValidationOptions(),
        expect expected: [Expected],
        validating: @escaping @Sendable (ValidationOptions) -> ValidationReport
    ) {
        self.name = name
        self.options = options
        self.expected = expected
        self.validate = validating
    }
}

func finding(
    _ kind: ValidationFinding.Kind,
    _ severity: ValidationFinding.Severity = .error,
    path: [String]
) -> BrokenGraph.Expected {
    BrokenGraph.Expected(kind: kind, severity: severity, path: path)
}

let dryRun = ValidationOptions(dryRun: true)

/// The corpus: every kind of finding alone, then combined, in modules and in child containers.
let brokenGraphs: [BrokenGraph] = [
    BrokenGraph(
        "missing auto-wired dependency, with the path from the root",
        expect: [finding(.missingRegistration, path: ["VRoot", "VApi", "VRepo", "VStore"])]
    ) { c in
        c.autowire(VRoot.self, VRoot.init(api:))
        c.autowire(VApi.self, VApi.init(repo:))
        c.autowire(VRepo.self, VRepo.init(store:))
    },
    BrokenGraph(
        "missing dependency of a closure factory, found by the dry run",
        options: dryRun,
        expect: [finding(.missingRegistration, path: ["VApi", "VRepo", "VStore"])]
    ) { c in
        c.register(VApi.self) { r in VApi(repo: try r.resolve()) }
        c.register(VRepo.self) { r in VRepo(store: try r.resolve()) }
    },
    BrokenGraph(
        "missing dependency in modules",
        expect: [finding(.missingRegistration, path: ["VRepo", "VStore", "VClock"])],
        validating: { options in
            Container.validate(
                modules: [
                    Registrations { $0.autowire(VRepo.init(store:)) },
                    Registrations { $0.autowire(lifetime: .singleton, VStore.init(clock:)) },
                ], options: options)
        }
    ),
    BrokenGraph(
        "a parent's singleton needs what only the child registers",
        expect: [finding(.missingRegistration, path: ["VRepo", "VStore [parent]", "VClock [missing]"])],
        validating: { options in
            let parent = Container()
            parent.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
            let child = parent.makeChild()
            child.autowire(VClock.self, VClock.init)
            child.autowire(VRepo.self, VRepo.init(store:))
            return child.validate(options)
        }
    ),
    BrokenGraph("two-node constructor cycle", expect: [finding(.cycle, path: ["Ping", "Pong", "Ping"])]) { c in
        c.autowire(Ping.self, Ping.init(pong:))
        c.autowire(Pong.self, Pong.init(ping:))
    },
    BrokenGraph("three-node constructor cycle", expect: [finding(.cycle, path: ["Tri1", "Tri2", "Tri3", "Tri1"])]) { c in
        c.autowire(Tri1.self, lifetime: .scoped, Tri1.init(next:))
        c.autowire(Tri2.self, Tri2.init(next:))
        c.autowire(Tri3.self, lifetime: .graph, Tri3.init(next:))
    },
    BrokenGraph("a registration that depends on itself", expect: [finding(.cycle, path: ["Ouroboros", "Ouroboros"])]) { c in
        c.autowire(Ouroboros.self, Ouroboros.init(tail:))
    },
    BrokenGraph(
        "cycle between closure factories, found by the dry run",
        options: dryRun,
        expect: [finding(.cycle, path: ["Ping", "Pong", "Ping"])]
    ) { c in
        c.register(Ping.self, lifetime: .singleton) { r in Ping(pong: try r.resolve()) }
        c.register(Pong.self, lifetime: .singleton) { r in Pong(ping: try r.resolve()) }
    },
    BrokenGraph(
        "a hook closes a cycle between caching registrations: allowed",
        options: dryRun,
        expect: [finding(.hookCycle, .info, path: ["Child", "Parent", "Child"])]
    ) { c in
        c.register(Parent.self, lifetime: .graph) { r in Parent(child: try r.resolve()) }
        c.register(Child.self, lifetime: .graph) { _ in Child() }
            .onResolved { r, child in child.parent = try r.resolve() }
    },
    BrokenGraph(
        "a hook closes a cycle through a transient: endless",
        options: dryRun,
        expect: [finding(.hookCycle, .error, path: ["Child", "Parent", "Child"])]
    ) { c in
        c.register(Parent.self) { r in Parent(child: try r.resolve()) }
        c.register(Child.self) { _ in Child() }
            .onResolved { r, child in child.parent = try r.resolve() }
    },
    BrokenGraph(
        "a singleton depends on a scoped service",
        expect: [finding(.captiveDependency, path: ["VSession", "VRequest"])]
    ) { c in
        c.autowire(VSession.self, lifetime: .singleton, VSession.init(request:))
        c.autowire(VRequest.self, lifetime: .scoped, VRequest.init)
    },
    BrokenGraph(
        "a singleton's closure factory resolves a scoped service, found by the dry run",
        options: dryRun,
        expect: [finding(.captiveDependency, path: ["VSession", "VRequest"])]
    ) { c in
        c.register(VSession.self, lifetime: .singleton) { r in VSession(request: try r.resolve()) }
        c.register(VRequest.self, lifetime: .scoped("request")) { _ in VRequest() }
    },
    BrokenGraph(
        "a singleton reads a scoped service through a transient it builds",
        expect: [
            finding(.captiveDependency, path: ["VRepo", "VStore", "VClock"]),
            finding(.captiveDependency, .warning, path: ["VRepo", "VStore"]),
        ]
    ) { c in
        c.autowire(VRepo.self, lifetime: .singleton, VRepo.init(store:))
        c.autowire(VStore.self, VStore.init(clock:))
        c.autowire(VClock.self, lifetime: .scoped, VClock.init)
    },
    BrokenGraph(
        "a singleton holds a transient",
        expect: [finding(.captiveDependency, .warning, path: ["VStore", "VClock"])]
    ) { c in
        c.autowire(VStore.self, lifetime: .eagerSingleton, VStore.init(clock:))
        c.autowire(VClock.self, VClock.init)
    },
    BrokenGraph(
        "a weak singleton holds a graph instance",
        expect: [finding(.captiveDependency, .warning, path: ["VStore", "VClock"])]
    ) { c in
        c.autowire(VStore.self, lifetime: .weakSingleton, VStore.init(clock:))
        c.autowire(VClock.self, lifetime: .graph, VClock.init)
    },
    BrokenGraph(
        "a singleton depends on a forwarded type whose registration is scoped",
        expect: [finding(.captiveDependency, path: ["UserService", "any Logging", "ConsoleLogger"]).withPathPrefix(2)]
    ) { c in
        c.autowire(UserService.self, lifetime: .singleton, UserService.init(database:logger:))
        c.register((any Database).self, lifetime: .singleton) { _ in SQLDatabase() }
        c.register(ConsoleLogger.self, lifetime: .scoped) { _ in ConsoleLogger() }.forwarding(to: (any Logging).self) { $0 }
    },
    BrokenGraph(
        "one type registered twice in one container",
        expect: [finding(.ambiguousRegistration, .warning, path: ["VClock"])]
    ) { c in
        c.autowire(VClock.self, VClock.init)
        c.register(VClock.self) { _ in VClock() }
    },
    BrokenGraph(
        "two registrations forward to the same protocol",
        expect: [finding(.ambiguousRegistration, .warning, path: ["any Logging"])]
    ) { c in
        c.register(ConsoleLogger.self, lifetime: .singleton) { _ in ConsoleLogger() }.forwarding(to: (any Logging).self) { $0 }
        c.register(ConsoleLogger.self, tag: "audit", lifetime: .singleton) { _ in ConsoleLogger() }
        c.register(Tracked.self) { _ in Tracked() }
        c.register((any Logging).self) { _ in ConsoleLogger() }
    },
    BrokenGraph(
        "a dependency registered only with runtime arguments",
        expect: [finding(.argumentMismatch, path: ["VFeed", "VClient"])]
    ) { c in
        c.autowire(VFeed.self, VFeed.init(client:))
        c.register(VClient.self) { (_: Resolver, url: String) in VClient(url: url) }
    },
    BrokenGraph(
        "a registration no root reaches",
        options: ValidationOptions(roots: [VRepo.self]),
        expect: [finding(.unreachable, .warning, path: ["VRequest"])]
    ) { c in
        c.autowire(VRepo.self, VRepo.init(store:))
        c.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
        c.autowire(VClock.self, lifetime: .singleton, VClock.init)
        c.autowire(VRequest.self, VRequest.init)
    },
    BrokenGraph(
        "two modules declare one type differently",
        expect: [finding(.duplicateDeclaration, path: ["VClock"])],
        validating: { options in
            Container.validate(
                modules: [
                    Registrations { $0.singleton { VClock() } },
                    Registrations { $0.transient { VClock() } },
                ], options: options)
        }
    ),
    BrokenGraph(
        "a factory that throws during the dry run",
        options: dryRun,
        expect: [finding(.buildFailed, path: ["VStore", "VClock"])]
    ) { c in
        c.register(VStore.self) { r in VStore(clock: try r.resolve()) }
        c.register(VClock.self, lifetime: .eagerSingleton) { _ in throw SampleError(reason: "no hardware clock") }
    },
    BrokenGraph(
        "missing, cycle and captive together are all reported",
        expect: [
            finding(.missingRegistration, path: ["VRoot", "VApi", "VRepo", "VStore"]),
            finding(.cycle, path: ["Ping", "Pong", "Ping"]),
            finding(.captiveDependency, path: ["VSession", "VRequest"]),
        ]
    ) { c in
        c.autowire(VRoot.self, VRoot.init(api:))
        c.autowire(VApi.self, VApi.init(repo:))
        c.autowire(VRepo.self, VRepo.init(store:))
        c.autowire(Ping.self, Ping.init(pong:))
        c.autowire(Pong.self, Pong.init(ping:))
        c.autowire(VSession.self, lifetime: .singleton, VSession.init(request:))
        c.autowire(VRequest.self, lifetime: .scoped, VRequest.init)
    },
    BrokenGraph(
        "problems in modules installed into a child container",
        options: dryRun,
        expect: [
            // The parent's singleton resolves in the parent, which has no Pong.
            finding(.missingRegistration, path: ["Pong", "Ping [parent]", "Pong [missing]"]),
            finding(.missingRegistration, path: ["VApi", "VRepo"]),
        ],
        validating: { options in
            let parent = Container()
            parent.register(Ping.self, lifetime: .singleton) { r in Ping(pong: try r.resolve()) }
            let child = parent.makeChild()
            try? child.install(
                Registrations {
                    $0.singleton { r in Pong(ping: try r.resolve()) }
                    $0.transient { r in VApi(repo: try r.resolve()) }
                })
            return child.validate(options)
        }
    ),
]

extension BrokenGraph.Expected {
    /// The same expectation, matching only the first `count` path elements.
    func withPathPrefix(_ count: Int) -> BrokenGraph.Expected {
        BrokenGraph.Expected(kind: kind, severity: severity, path: Array(path.prefix(count)))
    }
}

@Suite("Validation: broken graphs")
struct BrokenGraphTests {
    @Test("each broken graph is reported with the right finding, severity and path", arguments: brokenGraphs)
    func corpus(_ graph: BrokenGraph) {
        let report = graph.validate(graph.options)
        for expected in graph.expected {
            let match = report.findings.first {
                $0.kind == expected.kind && $0.severity == expected.severity
                    && Array($0.path.prefix(expected.path.count)) == expected.path
            }
            #expect(match != nil, "expected \(expected.kind) (\(expected.severity)) with path \(expected.path)\n\(report)")
            #expect(match?.description.contains("To fix:") ?? false)
        }
        let unexpected = report.findings.filter { found in
            found.severity > .info
                && !graph.expected.contains {
                    $0.kind == found.kind && Array(found.path.prefix($0.path.count)) == $0.path
                }
        }
        #expect(unexpected.isEmpty, "unexpected findings:\n\(unexpected.map(\.description).joined(separator: "\n\n"))")
    }

    @Test("the corpus has at least 20 broken graphs")
    func corpusSize() {
        #expect(brokenGraphs.count >= 20)
    }
}
