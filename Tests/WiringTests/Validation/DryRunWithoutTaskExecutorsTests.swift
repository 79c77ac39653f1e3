import Testing
import Wiring

/// A singleton the dry run builds, and must dispose.
private final class DisposedPool: Disposable, Sendable {
    let disposals: Counter
    init(disposals: Counter) { self.disposals = disposals }
    func dispose() { disposals.increment() }
}

/// Built by an async factory; a call-site injection inside it would fail.
private final class AwaitedClient: Sendable {
    let inner: NeedsNeverRegistered
    init(inner: NeedsNeverRegistered) { self.inner = inner }
}

/// What a system without task executors (before macOS 15, iOS 18, tvOS 18, watchOS 11,
/// visionOS 2) does in `await validate(dryRun: true)`: the dry run builds the synchronous
/// registrations on its own thread and leaves the async ones unbuilt, saying so. Linux has task
/// executors, so these run that path through the `package` form that chooses it.
@Suite("The async dry run without task executors")
struct DryRunWithoutTaskExecutorsTests {
    @Test("async registrations are not built, and each is a warning that names it; the report is valid but not clean")
    func asyncRegistrationsAreReported() async {
        let builds = Counter()
        let container = Container()
        container.register(AwaitedPool.self, lifetime: .singleton) { _ async throws in
            builds.increment()
            return AwaitedPool()
        }
        container.register(Config.self) { _ async throws in throw SampleError(reason: "no config file") }
        container.register(UsesAwaitedPool.self, lifetime: .singleton) { r in UsesAwaitedPool(pool: try r.resolve()) }
        let report = await container.validate(ValidationOptions(dryRun: true), awaitingAsync: false)
        #expect(builds.count == 0)
        let notBuilt = report.findings.filter { $0.kind == .asyncNotBuilt }
        #expect(Set(notBuilt.map(\.registration)) == ["AwaitedPool", "Config"], "\(report)")
        #expect(notBuilt.allSatisfy { $0.severity == .warning && $0.headline.contains("no task executors") })
        // The failing async factory was not run, so it is not reported as failing, and the sync
        // registration that needs an async one is an edge, as in the sync dry run.
        #expect(report.isValid, "\(report)")
        #expect(!report.isClean)
        #expect(report.graph.edges.contains { $0.from == "UsesAwaitedPool" && $0.to == "AwaitedPool" })
    }

    @Test("the synchronous registrations are still built, their failures reported, and a failing wired() parks no pool thread")
    func syncRegistrationsAreChecked() async {
        let container = Container()
        container.register(Config.self) { _ in throw SampleError(reason: "bad config") }
        container.register(NeedsNeverRegistered.self) { _ in NeedsNeverRegistered() }
        container.register(AwaitedClient.self) { _ async throws in AwaitedClient(inner: NeedsNeverRegistered()) }
        let report = await container.validate(ValidationOptions(dryRun: true), awaitingAsync: false)
        #expect(report.errors.contains { $0.kind == .buildFailed && $0.headline.contains("bad config") }, "\(report)")
        #expect(report.errors.contains { $0.kind == .missingRegistration }, "\(report)")
        #expect(report.warnings.contains { $0.kind == .asyncNotBuilt && $0.registration == "AwaitedClient" })
    }

    @Test("what the dry run built is disposed before validate returns")
    func builtInstancesAreDisposed() async {
        let disposals = Counter()
        let container = Container()
        container.register(DisposedPool.self, lifetime: .singleton) { _ in DisposedPool(disposals: disposals) }
        container.register(AwaitedPool.self, lifetime: .singleton) { _ async throws in AwaitedPool() }
        let report = await container.validate(ValidationOptions(dryRun: true), awaitingAsync: false)
        #expect(report.isValid, "\(report)")
        #expect(disposals.count == 1)
    }
}
