import Testing
import Wiring

/// Services for the dry-run tests: one injects a missing dependency at its call site.
final class NeedsMissing: Sendable {
    let database: any Database
    init(database: any Database = wired()) { self.database = database }
}

/// Registered nowhere, in no container of the test process.
final class NeverRegistered: Sendable {}
final class NeedsNeverRegistered: Sendable {
    let value: NeverRegistered
    init(value: NeverRegistered = wired()) { self.value = value }
}

final class UsesNeedsMissing: Sendable {
    let inner: NeedsMissing
    init(inner: NeedsMissing) { self.inner = inner }
}

final class AwaitedPool: Sendable {}
final class UsesAwaitedPool: Sendable {
    let pool: AwaitedPool
    init(pool: AwaitedPool) { self.pool = pool }
}

protocol Middleware: Sendable {}
struct LogMiddleware: Middleware {}
struct AuthMiddleware: Middleware {}
final class MiddlewareRouter: Sendable {
    let middleware: [any Middleware]
    init(middleware: [any Middleware]) { self.middleware = middleware }
}

@Suite("Validation never traps and understands async")
struct DryRunSafetyTests {
    @Test("a dry run reports a failing wired() as a finding instead of stopping the process, and goes on")
    func wiredFailureIsAFinding() throws {
        let container = Container()
        container.register(NeedsMissing.self) { _ in NeedsMissing() }
        container.register(UsesNeedsMissing.self) { r in UsesNeedsMissing(inner: try r.resolve()) }
        container.register(Config.self) { _ in Config() }
        let report = container.validate(ValidationOptions(dryRun: true))
        let missing = report.errors.filter { $0.kind == .missingRegistration }
        #expect(missing.contains { $0.registration == "NeedsMissing" && $0.headline.contains("any Database") }, "\(report)")
        // The dry run went on after the failure: the registrations after it were still built.
        #expect(report.graph.nodes.contains { $0.id == "Config" })
        #expect(!report.isValid)
        // And the container itself still works.
        #expect(throws: Never.self) { _ = try container.resolve(Config.self) }
    }

    @Test("a dry run whose every root fails in wired() still finishes: it reports the failures and where it stopped")
    func manyWiredFailures() {
        let container = Container()
        for tag in 0..<20 {
            container.register(NeedsMissing.self, tag: tag) { _ in NeedsMissing() }
        }
        let report = container.validate(ValidationOptions(dryRun: true))
        #expect(report.errors.contains { $0.kind == .missingRegistration })
        // Each failure parks a thread for good, so one dry run stops after a few of them.
        #expect(report.errors.allSatisfy { $0.kind == .missingRegistration || $0.kind == .dryRunIncomplete })
        #expect(report.errors.contains { $0.kind == .dryRunIncomplete }, "\(report)")
    }

    @Test("the sync dry run treats a dependency on an async registration as an edge, not a failure")
    func syncDryRunKnowsAsyncEdges() {
        let container = Container()
        container.register(AwaitedPool.self, lifetime: .singleton) { _ async throws in AwaitedPool() }
        container.register(UsesAwaitedPool.self, lifetime: .singleton) { r in UsesAwaitedPool(pool: try r.resolve()) }
        let report = container.validate(ValidationOptions(roots: [UsesAwaitedPool.self], dryRun: true))
        #expect(report.isValid, "\(report)")
        #expect(report.graph.edges.contains { $0.from == "UsesAwaitedPool" && $0.to == "AwaitedPool" })
        #expect(report.warnings.isEmpty, "\(report)")
    }

    @Test("the async validate awaits async factories in the dry run and reports their failures")
    func asyncDryRun() async {
        let container = Container()
        container.register(AwaitedPool.self, lifetime: .singleton) { _ async throws in AwaitedPool() }
        container.register(UsesAwaitedPool.self, lifetime: .singleton) { r in UsesAwaitedPool(pool: try r.resolve()) }
        container.register(Config.self) { _ async throws in throw SampleError(reason: "no config file") }
        let report = await container.validate(ValidationOptions(dryRun: true))
        #expect(report.errors.count == 1, "\(report)")
        #expect(report.errors.first?.kind == .buildFailed)
        #expect(report.errors.first?.headline.contains("no config file") == true)
        #expect(report.graph.edges.contains { $0.from == "UsesAwaitedPool" && $0.to == "AwaitedPool" })
    }

    @Test("the async dry run reports a failing wired() inside an async factory instead of stopping")
    func asyncWiredFailure() async {
        let container = Container()
        container.register(NeedsNeverRegistered.self) { _ async throws in NeedsNeverRegistered() }
        let report = await container.validate(ValidationOptions(dryRun: true))
        #expect(report.errors.contains { $0.kind == .missingRegistration }, "\(report)")
    }

    @Test("a root that is not registered is an error finding")
    func unregisteredRoot() {
        let container = Container()
        container.register(Config.self) { _ in Config() }
        let report = container.validate(ValidationOptions(roots: [App.self]))
        #expect(!report.isValid)
        let finding = report.errors.first
        #expect(finding?.kind == .missingRegistration)
        #expect(finding?.headline.contains("the root App is not registered") == true, "\(report)")
    }

    @Test("a singleton holding a collection of transient contributions is not told to make the array a singleton")
    func collectionIsNotCaptive() {
        let container = Container()
        container.contribute(to: [any Middleware].self) { _ in LogMiddleware() }
        container.contribute(to: [any Middleware].self, lifetime: .singleton) { _ in AuthMiddleware() }
        container.register(MiddlewareRouter.self, lifetime: .singleton) { r in MiddlewareRouter(middleware: try r.resolve()) }
        let report = container.validate(ValidationOptions(dryRun: true))
        let captives = report.findings.filter { $0.kind == .captiveDependency }
        #expect(!captives.contains { $0.fix.contains("make Array") }, "\(report)")
        // The transient element is the captive one, named with the collection it comes through.
        #expect(captives.count == 1, "\(report)")
        #expect(captives.first?.headline.contains("(transient) through Array<Middleware>") == true, "\(report)")
    }

    @Test("without a dry run, closure factories hide their edges, so unreachable is not guessed")
    func unreachableNeedsKnownEdges() {
        let container = Container()
        container.register(App.self) { r in App(users: try r.resolve()) }
        container.register(UserService.self) { r in UserService(database: try r.resolve(), logger: try r.resolve()) }
        container.register((any Database).self) { _ in SQLDatabase(name: "main") }
        container.register((any Logging).self) { _ in ConsoleLogger() }
        let report = container.validate(ValidationOptions(roots: [App.self]))
        #expect(report.warnings.isEmpty, "\(report)")
        #expect(report.findings.contains { $0.kind == .unreachable && $0.severity == .info })
        let dryRun = container.validate(ValidationOptions(roots: [App.self], dryRun: true))
        #expect(!dryRun.findings.contains { $0.kind == .unreachable }, "\(dryRun)")
    }
}
