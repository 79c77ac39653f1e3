/// Resolves every registration once in a throwaway copy of a container, recording which
/// registration resolves which: what closure factories and hooks depend on.
///
/// It runs on a ``DryRunWorker``, so that a factory whose call-site injection (`wired()`,
/// `@Wired`) fails reports a finding instead of stopping the program. After such a failure the
/// copy is abandoned (the parked thread still holds its cells); the dry run goes on in a fresh
/// copy in which the failing registration throws that error instead of running its factory,
/// and resumes after the registration it was at.
///
/// Parked threads are never freed, so a dry run parks at most ``maximumParks`` of them, and a
/// container validated again unchanged parks none: ``DryRunMemory`` remembers what its earlier
/// dry run learned. There is no process-wide bound, which other containers' failures could use
/// up. A dry run that reaches its bound stops and reports where (``incomplete``).
struct DryRun: Sendable {
    /// How many threads one dry run may park before it stops.
    static let maximumParks = 8

    /// The copy the dry run finished in; its caches hold what was built.
    let copy: Container
    /// The scopes of its last attempt, kept open until ``dispose()`` closes them with the copy:
    /// a scope released unclosed would release its instances undisposed.
    let scopes: [Scope]
    /// What factories and hooks resolved.
    let edges: Set<EdgeRecorder.Edge>
    /// What the resolves threw.
    let errors: [WiringError]
    /// Why the dry run stopped before it had resolved every registration, if it did, and the
    /// registration it stopped at.
    let incomplete: (reason: String, next: ServiceKey?)?
    /// The sample values no scope of the dry run could take, with why.
    let rejectedSamples: [(ServiceKey, WiringError)]
    /// The registrations that need the main actor (a main-actor factory or hook, theirs or a
    /// dependency's), which this dry run could not run there, and where they were registered.
    let notRunOnMainActor: [(key: ServiceKey, site: SourceLocation?)]
    /// Why they were not: the dry run stopped early (else: it ran off the main actor).
    let mainActorStoppedEarly: Bool
    /// Whether it awaited async factories: an async dry run on a system with task executors
    /// (``hasTaskExecutors``).
    let awaitedAsync: Bool
    /// The async registrations an async dry run did not build: every one, on a system without
    /// task executors; none elsewhere.
    let asyncNotBuilt: [ServiceKey]

    /// A registration to dry-run: its container's place in the chain, and its key.
    private struct Planned {
        let level: Int
        let key: ServiceKey
        let isAsync: Bool
    }

    /// The state that survives from one attempt to the next.
    private final class Progress: @unchecked Sendable {
        // @unchecked: used by one worker thread at a time; the validating thread reads it only
        // after that worker finished or parked (a semaphore orders the two).
        let plan: [Planned]
        var next = 0
        var errors: [WiringError] = []
        var edges: Set<EdgeRecorder.Edge> = []
        /// Registrations whose call-site injection failed: they throw this error from now on.
        var failing: [Int: [ServiceKey: WiringError]] = [:]
        /// How many attempts parked their thread.
        var parks = 0
        /// The errors and edges that parked attempts reported, for ``DryRunMemory``.
        var parkedErrors: [WiringError] = []
        var parkedEdges: Set<EdgeRecorder.Edge> = []
        /// Set when the dry run stops before the plan is done.
        var incomplete: (reason: String, next: ServiceKey?)?
        /// The latest attempt (finished, or not started): its copy's caches are what the analysis
        /// reads, and its scopes are closed with the copy.
        var lastAttempt: Attempt?
        /// The registrations whose resolve on the worker needed the main actor: they run again
        /// on the main actor (``runOnMainActor(_:of:)``) when the dry run can get there.
        var needMainActor: [Planned] = []
        /// The sample values for the scopes, and those the latest attempt's scopes refused.
        let samples: [ScopeSample]
        var rejectedSamples: [(ServiceKey, WiringError)] = []

        init(plan: [Planned], samples: [ScopeSample]) {
            self.plan = plan
            self.samples = samples
        }

        /// Records what resolving `item` threw. `isolationMismatch` from a synchronous
        /// registration is no finding: it says that the registration, or one it resolves, needs
        /// the main actor. (An async one is awaited where its factory's isolation says.)
        func record(_ error: WiringError, resolving item: Planned) {
            if error.code == .isolationMismatch, !item.isAsync {
                needMainActor.append(item)
            } else {
                errors.append(error)
            }
        }

        /// The next registration to dry-run, and its entry and resolver in `attempt`; `nil` when
        /// the plan is done. Advances first, so that an attempt that parks resumes after it.
        func advance(in attempt: Attempt) -> (item: Planned, entry: AnyEntry, resolver: Resolver)? {
            while next < plan.count {
                let item = plan[next]
                next += 1
                if let entry = attempt.entry(item) { return (item, entry, attempt.scopes[item.level].resolver) }
            }
            return nil
        }
    }

    /// The sync dry run: async registrations are not built; a dependency on one is a known edge.
    init(of container: Container, samples: [ScopeSample]) {
        let progress = Self.progress(for: container, plan: Self.plan(container).filter { !$0.isAsync }, samples: samples)
        while true {
            let attempt = Self.prepare(container, for: progress)
            guard let worker = Self.startWorker(for: progress, attempt: attempt) else { break }
            let outcome = worker.runAndWait { Self.buildSynchronously(progress, in: attempt) }
            guard Self.absorb(outcome, of: attempt, into: progress) else { break }
        }
        // Called on the main actor, it runs what needs it in place; anywhere else it cannot.
        if isOnMainActorExecutor { Self.runOnMainActor(progress, of: container) }
        self.init(finished: progress, of: container, awaitedAsync: false, asyncNotBuilt: [])
    }

    /// The async dry run: async registrations are awaited, before the sync ones, so that a sync
    /// registration that needs an async singleton finds it built.
    ///
    /// Their async work runs on the worker's thread, as a task that prefers the worker as its
    /// executor, so that a failing call-site injection parks that thread and no other. A system
    /// without task executors (before macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) cannot
    /// keep it there: a parked thread would be one of the few of Swift's cooperative pool. There,
    /// or with `awaitingAsync` false, the async registrations are not built, as in the sync dry
    /// run, and the report names each (``asyncNotBuilt``).
    init(of container: Container, samples: [ScopeSample], awaitingAsync: Bool) async {
        let plan = Self.plan(container)
        let asyncItems = plan.filter(\.isAsync)
        let progress = Self.progress(
            for: container, plan: (awaitingAsync ? asyncItems : []) + plan.filter { !$0.isAsync }, samples: samples)
        while true {
            let attempt = Self.prepare(container, for: progress)
            guard let worker = Self.startWorker(for: progress, attempt: attempt) else { break }
            if awaitingAsync, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {  // floor: gated
                // Runs on the worker's thread; if it parks there, it never finishes, and is left.
                Task(executorPreference: worker) {  // floor: gated
                    await DryRunWorker.$currentExecutor.withValue(worker) {
                        await Self.build(progress, in: attempt)
                    }
                    worker.settle(.finished)
                }
            } else {
                worker.run { Self.buildSynchronously(progress, in: attempt) }
            }
            guard Self.absorb(await Self.outcome(of: worker), of: attempt, into: progress) else { break }
        }
        if !progress.needMainActor.isEmpty, progress.incomplete == nil {
            await MainActor.run { Self.runOnMainActor(progress, of: container) }
        }
        self.init(
            finished: progress, of: container, awaitedAsync: awaitingAsync,
            asyncNotBuilt: awaitingAsync ? [] : asyncItems.map(\.key))
    }

    /// Whether this system runs a task on an executor of the dry run's choosing
    /// (`Task(executorPreference:)`, with `TaskExecutor`): macOS 15, iOS 18, tvOS 18, watchOS 11,
    /// visionOS 2 and later; always elsewhere (Linux).
    static var hasTaskExecutors: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return true }  // floor: gated
        return false
    }

    /// Builds the planned registrations from where `progress` is, synchronously: on the
    /// worker's thread.
    private static func buildSynchronously(_ progress: Progress, in attempt: Attempt) {
        while let (item, entry, resolver) = progress.advance(in: attempt) {
            do throws(WiringError) {
                try entry.resolveDiscarding(resolver)
            } catch {
                // `asyncRequired` included: the analysis reads it as a dependency on an
                // async registration, which a dry run that does not await cannot build.
                progress.record(error, resolving: item)
            }
        }
    }

    /// Builds the planned registrations from where `progress` is, awaiting the async ones: in a
    /// task on the worker's executor.
    private static func build(_ progress: Progress, in attempt: Attempt) async {
        while let (item, entry, resolver) = progress.advance(in: attempt) {
            do throws(WiringError) {
                if item.isAsync, let build = entry.asyncBuildObject as? any AsyncStarting {
                    try await build.resolveDiscarding(entry, through: resolver)
                } else {
                    try entry.resolveDiscarding(resolver)
                }
            } catch {
                progress.record(error, resolving: item)
            }
        }
    }

    /// Resolves, on the calling thread, which is the main actor's, the registrations whose
    /// resolve on the worker needed the main actor, in the latest attempt's copy; what they
    /// throw is recorded as the worker's errors are. Not after a dry run that stopped early: its
    /// latest copy never ran, and may hold more failing call-site injections.
    ///
    /// A call-site injection (`wired()`, `@Wired`) that fails here stops the program, as it does
    /// outside a dry run (the main thread cannot be parked), with a message that says so.
    private static func runOnMainActor(_ progress: Progress, of container: Container) {
        guard let attempt = progress.lastAttempt, progress.incomplete == nil, !progress.needMainActor.isEmpty else {
            return
        }
        restoreMainActorInjections(progress, in: attempt, from: container)
        let items = progress.needMainActor
        progress.needMainActor = []
        let context = ResolutionContext.current
        context.dryRunOnMainActor = true
        defer { context.dryRunOnMainActor = false }
        for item in items {
            let level = attempt.chain[item.level]
            guard let entry = level.registry.entry(for: item.key) else { continue }
            do throws(WiringError) {
                try entry.resolveDiscarding(attempt.scopes[item.level].resolver)
            } catch {
                progress.errors.append(error)
            }
        }
        progress.edges.formUnion(attempt.recorder.edges)
    }

    /// Puts back, in `attempt`'s copy, the registrations the worker parked on because a call-site
    /// injection in them needed the main actor: the worker's copies make them throw (so that
    /// what depends on them does not park again), and on the main actor they can run.
    private static func restoreMainActorInjections(_ progress: Progress, in attempt: Attempt, from container: Container) {
        let sources = container.lineage
        for (level, failures) in progress.failing {
            let copy = attempt.chain[level]
            for (key, error) in failures where error.code == .isolationMismatch {
                guard let source = sources[level].registry.entry(for: key) else { continue }
                let tracer = copy.tracing.withLock { $0 }
                copy.registry.insert(source.copy(owner: copy, sequence: copy.registry.nextSequence(), tracer: tracer))
                    .retired.release()
            }
        }
    }

    /// A new dry run's progress: what an earlier dry run of the unchanged container learned
    /// about failing call-site injection, if anything, so that it is not learned (and a thread
    /// parked) again.
    private static func progress(for container: Container, plan: [Planned], samples: [ScopeSample]) -> Progress {
        let progress = Progress(plan: plan, samples: samples)
        if let known = DryRunMemory.shared.recall(container) {
            progress.failing = known.failing
            progress.errors = known.errors
            progress.edges = known.edges
            // Kept for the next memory too, should this dry run learn more.
            progress.parkedErrors = known.errors
            progress.parkedEdges = known.edges
        }
        return progress
    }

    /// A worker for `attempt`, whose copy becomes the latest; `nil`, with the reason recorded,
    /// when the dry run must stop instead: it parked ``maximumParks`` threads already, or no
    /// worker can start.
    private static func startWorker(for progress: Progress, attempt: Attempt) -> DryRunWorker? {
        let next = progress.next < progress.plan.count ? progress.plan[progress.next].key : nil
        progress.lastAttempt = attempt
        guard progress.parks < maximumParks else {
            progress.incomplete = (
                "the dry run stopped after \(maximumParks) call-site injections (wired(), @Wired) failed", next
            )
            return nil
        }
        switch DryRunWorker.start() {
        case .success(let worker):
            return worker
        case .failure(.threadRefused(let status)):
            progress.incomplete = ("the dry run could not start its thread (pthread_create: \(status))", next)
        }
        return nil
    }

    /// The result of a dry run: its last attempt finished, or it stopped (``incomplete``).
    private init(finished progress: Progress, of container: Container, awaitedAsync: Bool, asyncNotBuilt: [ServiceKey]) {
        if progress.parks > 0 {
            DryRunMemory.shared.remember(
                container,
                failing: progress.failing,
                errors: progress.parkedErrors,
                edges: progress.parkedEdges
            )
        }
        // The latest attempt's copy, set before each attempt: its caches hold what the dry run built.
        let copy = progress.lastAttempt?.copy ?? container.copy()
        // Stops tracing the copy the analysis reads.
        for level in copy.lineage { level.setTracer(nil) }
        self.copy = copy
        self.scopes = progress.lastAttempt?.scopes ?? []
        self.edges = progress.edges
        self.errors = progress.errors
        self.incomplete = progress.incomplete
        self.rejectedSamples = progress.rejectedSamples
        let attempt = progress.lastAttempt
        self.notRunOnMainActor = progress.needMainActor.map { item in
            (item.key, attempt?.entry(item)?.site)
        }
        self.mainActorStoppedEarly = progress.incomplete != nil
        self.awaitedAsync = awaitedAsync
        self.asyncNotBuilt = asyncNotBuilt
    }

    /// Disposes what the dry run built, as a shutdown of its copy does: its scopes' instances,
    /// then the copy's and its parents' copies', each in reverse order of creation. Returns the
    /// teardowns that failed, and the registrations whose asynchronous teardowns it could not
    /// await.
    ///
    /// Without `await`, an asynchronous teardown cannot be run before this returns: it is started
    /// in a task, which this does not wait for (no thread blocks on async work), and `notAwaited`
    /// names it, for the report to say so; every synchronous teardown runs here, and its failure
    /// is reported. What an attempt that parked its thread built stays with that thread,
    /// undisposed: its build never ends, and a shutdown would wait for it for ever.
    func disposeSynchronously() -> (failures: [DisposalError.Failure], notAwaited: [String]) {
        var failures: [DisposalError.Failure] = []
        for level in copy.lineage {
            do throws(DisposalError) {
                try level.syncShutdown(refusingAsynchronousTeardowns: false)
            } catch {
                failures += error.failures
            }
        }
        withExtendedLifetime(scopes) {}
        var named = Set<String>()
        let started = failures.filter { $0.error is AsynchronousTeardownNotAwaited }.map(\.registration)
        return (failures.filter { !($0.error is AsynchronousTeardownNotAwaited) }, started.filter { named.insert($0).inserted })
    }

    /// ``disposeSynchronously()``, awaiting asynchronous teardowns.
    func dispose() async -> [DisposalError.Failure] {
        var failures: [DisposalError.Failure] = []
        for level in copy.lineage {
            do throws(DisposalError) {
                try await level.shutdown()
            } catch {
                failures += error.failures
            }
        }
        withExtendedLifetime(scopes) {}
        return failures
    }

    /// Waits, without blocking a thread, for the worker to finish or park.
    private static func outcome(of worker: DryRunWorker) async -> DryRunWorker.Outcome {
        await withCheckedContinuation { continuation in
            worker.whenSettled { continuation.resume(returning: $0) }
        }
    }

    /// Records how an attempt ended, and what its recorder saw (a parked attempt's recorder is
    /// consistent up to the park: its thread records no more); `true` when the dry run must go
    /// on in a fresh copy.
    private static func absorb(_ outcome: DryRunWorker.Outcome, of attempt: Attempt, into progress: Progress) -> Bool {
        let recorded = attempt.recorder.edges
        progress.edges.formUnion(recorded)
        let chain = attempt.chain
        guard case .parked(let error, let raised, let building, let owner) = outcome else { return false }
        progress.parks += 1
        progress.parkedErrors.append(error)
        progress.parkedEdges.formUnion(recorded)
        progress.errors.append(error)
        // A call-site injection that needed the main actor: the registration runs there later.
        if raised.code == .isolationMismatch, progress.next > 0, !progress.plan[progress.next - 1].isAsync {
            progress.needMainActor.append(progress.plan[progress.next - 1])
        }
        guard let building else { return true }
        // The container that registered it: known for a sync build, else the nearest that has it.
        let level =
            chain.firstIndex { ObjectIdentifier($0) == owner }
            ?? chain.firstIndex { $0.registry.entry(for: building) != nil }
        if let level { progress.failing[level, default: [:]][building] = raised }
        return true
    }

    /// One attempt's copy of the chain, traced, with the failing registrations replaced, and a
    /// scope of every name in use at each level.
    private struct Attempt {
        let copy: Container
        let chain: [Container]
        let recorder: EdgeRecorder
        let entries: [[ServiceKey: AnyEntry]]
        let scopes: [Scope]

        func entry(_ item: Planned) -> AnyEntry? { entries[item.level][item.key] }
    }

    private static func prepare(_ container: Container, for progress: Progress) -> Attempt {
        let copy = container.copy()
        let chain = copy.lineage
        for (level, container) in chain.enumerated() {
            for (key, error) in progress.failing[level] ?? [:] {
                guard let entry = container.registry.entry(for: key) else { continue }
                container.registry.insert(entry.failingCopy(throwing: error)).retired.release()
            }
        }
        let recorder = EdgeRecorder()
        let tracer = Tracer(handler: nil, recorder: recorder)
        for level in chain { level.setTracer(tracer) }
        let entries = chain.map { level in
            Dictionary(level.registry.allEntries().map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        }
        let scopeNames = Set(entries.flatMap(\.values).compactMap(\.lifetime.scopeName)).sorted { $0.rawValue < $1.rawValue }
        // One scope of every name in use, nested, so that every scoped registration resolves.
        let scopes = chain.map { level in
            var scope = level.makeScope()
            for name in scopeNames { scope = scope.makeScope(name) }
            return scope
        }
        // The sample values, given to each level's scopes; a sample that none of them takes
        // (a level that does not see its registration refuses it: that is expected) is reported.
        progress.rejectedSamples = []
        for sample in progress.samples {
            var refusal: WiringError?
            var taken = false
            for scope in scopes {
                do throws(WiringError) {
                    try sample.give(scope).get()
                    taken = true
                } catch {
                    if refusal == nil || error.code != .notRegistered { refusal = error }
                }
            }
            if !taken, let refusal { progress.rejectedSamples.append((sample.key, refusal)) }
        }
        return Attempt(copy: copy, chain: chain, recorder: recorder, entries: entries, scopes: scopes)
    }

    /// What to dry-run, in registration order per level, from the container itself: the same
    /// for every attempt.
    private static func plan(_ container: Container) -> [Planned] {
        container.lineage.enumerated().flatMap { level, container in
            // Values given to scopes have no factory to run.
            container.registry.allEntries().filter { !$0.key.hasArguments && !$0.isProvidedToScopes }.map {
                Planned(level: level, key: $0.key, isAsync: $0.asyncBuildObject != nil)
            }
        }
    }
}
