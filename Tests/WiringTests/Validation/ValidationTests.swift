import Testing
import Wiring

@Suite("Validation")
struct ValidationTests {
    @Test("a correct generated graph of 259 auto-wired registrations validates clean, statically and in a dry run")
    func largeCorrectGraphIsClean() {
        let container = Container()
        registerGenerated(into: container, markers: sixMarkers)
        let report = container.validate()
        #expect(report.graph.nodes.count == 1 + 6 + 36 + 216)
        // Duo<A, A> and Triple<A, A, A> name one dependency twice: one edge each.
        #expect(report.graph.edges.count == 6 + (36 * 2 - 6) + (216 * 2 - 6))
        #expect(report.isClean, "\(report)")
        #expect(report.findings.isEmpty)
        let dryRun = container.validate(ValidationOptions(roots: [Triple<M0, M1, M2>.self], dryRun: true))
        // With one root, the other triples are unreachable; nothing else is wrong.
        #expect(dryRun.errors.isEmpty)
        #expect(dryRun.warnings.allSatisfy { $0.kind == .unreachable })
    }

    @Test("the demo's shop validates without errors in a dry run")
    func demoShapedGraph() throws {
        let container = Container()
        try container.install(ServicesModule(), PersistenceModule(replicas: ["eu"], useReplica: true, seedName: "seed"))
        let report = container.validate(ValidationOptions(dryRun: true))
        #expect(report.isValid, "\(report)")
    }

    @Test("without a dry run, closure factories hide their dependencies; nothing is built")
    func staticValidationBuildsNothing() {
        let built = Counter()
        let container = Container()
        container.register(VRepo.self, lifetime: .singleton) { r in
            built.increment()
            return VRepo(store: try r.resolve())
        }
        let report = container.validate()
        #expect(report.findings.isEmpty)
        #expect(built.count == 0)
    }

    @Test("a dry run builds in a copy and leaves the container's caches empty")
    func dryRunLeavesCachesAlone() throws {
        let built = Counter()
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { _ in
            built.increment()
            return Tracked(id: built.count)
        }
        _ = container.validate(ValidationOptions(dryRun: true))
        #expect(built.count == 1)
        #expect(try container.resolve(Tracked.self).id == 2)
    }

    @Test("an optional dependency that is not registered is not a finding")
    func optionalDependencies() {
        let container = Container()
        container.autowire(VReport.self, VReport.init(clock:optional:))
        container.autowire(VClock.self, lifetime: .singleton, VClock.init)
        #expect(container.validate().findings.isEmpty)
    }

    @Test("a transient with runtime arguments held by a singleton is not captive")
    func argumentTransientsAreNotCaptive() {
        let container = Container()
        container.register(VFeed.self, lifetime: .singleton) { r in VFeed(client: try r.resolve(arguments: "https://feed")) }
        container.register(VClient.self) { (_: Resolver, url: String) in VClient(url: url) }
        #expect(container.validate(ValidationOptions(dryRun: true)).findings.isEmpty)
    }

    @Test("install(overriding:) replaces without an ambiguity warning; register does warn")
    func overridesAreNotAmbiguous() throws {
        let container = Container()
        container.register(Config.self) { _ in Config(environment: "app") }
        try container.install([Registrations { $0.transient { Config(environment: "test") } }], overriding: true)
        #expect(container.validate().findings.isEmpty)
        container.register(Config.self) { _ in Config(environment: "again") }
        #expect(container.validate().warnings.map(\.kind) == [.ambiguousRegistration])
    }

    @Test("the exact wording of the main findings")
    func wording() {
        let container = Container()
        container.autowire(VApi.self, VApi.init(repo:))
        let repoLine = #line + 1
        container.autowire(VRepo.self, VRepo.init(store:))
        let pingLine = #line + 1
        container.autowire(Ping.self, Ping.init(pong:))
        container.autowire(Pong.self, Pong.init(ping:))
        let report = container.validate()
        let missing = report.findings.first { $0.kind == .missingRegistration }
        #expect(
            missing?.description == """
                error: VRepo depends on VStore, and nothing is registered for it.
                  registration: VRepo
                  path: VApi → VRepo → VStore
                  registered at: WiringTests/ValidationTests.swift:\(repoLine)
                To fix: register it: container.register(VStore.self) { r in … }.
                """)
        let cycle = report.findings.first { $0.kind == .cycle }
        #expect(
            cycle?.description == """
                error: circular dependency: Ping → Pong → Ping.
                  registration: Ping
                  path: Ping → Pong → Ping
                  registered at: WiringTests/ValidationTests.swift:\(pingLine)
                To fix: break the loop: inject one side after construction with .onResolved { r, instance in … } and a .graph or singleton lifetime, or read one side lazily with @LazyWired.
                """)
        #expect(report.description.hasPrefix("Wiring validation: 4 registrations, 2 errors, 0 warnings."))
    }
}
