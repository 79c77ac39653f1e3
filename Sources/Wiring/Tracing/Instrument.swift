/// Something that watches a container at work, for tracing and metrics: it wraps each build, and
/// hears of cache hits, refused resolves, scopes and disposals.
///
/// Install one with ``Container/addInstrument(_:)``. The `WiringTracing` and `WiringMetrics`
/// modules of the integrations package are instruments; write your own for another backend:
///
/// ```swift
/// struct SlowBuildAlarm: ContainerInstrument {
///     func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
///         let start = ContinuousClock.now
///         defer { if ContinuousClock.now - start > .milliseconds(50) { print("slow:", build.registration) } }
///         try body()
///     }
/// }
/// container.addInstrument(SlowBuildAlarm())
/// ```
///
/// Every requirement has a default that does nothing (and runs `body`), so an instrument
/// implements only what it needs. The engine calls an instrument with no lock held, on the thread
/// or task that does the work: a build's wrapper runs where the factory runs, so a task-local it
/// binds around `body` (a span's `ServiceContext`, say) is seen by the factory and by the builds
/// nested in it.
///
/// Zero cost when off: a container without instruments runs exactly the code it ran before, and
/// one whose instruments do not observe cache hits keeps the lock-free read of a cached instance.
public protocol ContainerInstrument: Sendable {
    /// Whether ``resolvedFromCache(_:)`` is called. `false` by default: reporting cache hits
    /// takes the cached read off its lock-free fast path for every registration of the container.
    var observesCacheHits: Bool { get }

    /// Wraps a synchronous build: call `body` exactly once, where the build should happen, and
    /// rethrow what it throws. `body` runs the factory and the registration's decorators (not
    /// its hooks).
    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows

    /// Wraps an `async` factory's build; see ``build(_:_:)``. Call `body()` exactly once and
    /// rethrow what it throws. After it returns, ``BuildInfo/singleFlightWaiters`` counts the
    /// resolves that waited for the build.
    ///
    /// `body` is an ``AsyncBuildBody``, not a closure, so that this requirement is matched the
    /// same way whether or not a package turns on `NonisolatedNonsendingByDefault`: an `async`
    /// closure parameter would mean a different type in each, and an implementation written in
    /// the other setting would silently not be called.
    func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws

    /// The shortest synchronous build this instrument wants to hear of; `nil` (the default) to
    /// wrap every build in ``build(_:_:)``.
    ///
    /// An instrument that reports only slow builds sets it. The engine then times each
    /// synchronous build itself, with two reads of the monotonic clock and no allocation, and
    /// does not call ``build(_:_:)``: a build that lasted at least this long is reported to
    /// ``buildEnded(_:)`` when it ends, with the builds nested in it that lasted it too.
    /// `async` builds are still wrapped by ``buildAsync(_:_:)``. Asked once, when the instrument
    /// is added.
    var minimumBuildDuration: Duration? { get }

    /// A synchronous build that lasted at least ``minimumBuildDuration``, reported on its thread
    /// when it ends, while the code that resolved it still runs (a span made now has the context
    /// current around the resolve as its parent). A build nested in one that is reported comes
    /// inside it (``EndedBuild/nested``), not on its own.
    ///
    /// It may resolve from the container; what it resolves is timed and reported on its own.
    func buildEnded(_ build: EndedBuild)

    /// A resolve served from a cache, when ``observesCacheHits`` is `true`.
    ///
    /// It may resolve from the container: what it resolves is served, and its cache hits are not
    /// reported (each would call this again, without end).
    func resolvedFromCache(_ resolve: BuildInfo)

    /// A resolve refused before any factory ran: ``WiringError/Code/cycle`` or
    /// ``WiringError/Code/depthExceeded``, reported once, where it was detected (the builds it
    /// then fails report it again, as their failure).
    ///
    /// It may resolve from the container; a refusal of what it resolves is thrown to it and not
    /// reported again.
    func refused(_ error: WiringError)

    /// A scope was made from the container: return what should hear of its end, or `nil`.
    func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)?

    /// How many instances the container and its scopes track for disposal changed by `delta`:
    /// +1 when an instance with something to dispose is built, −1 when it is disposed or
    /// released undisposed.
    func trackedInstancesChanged(by delta: Int)

    /// A tracked instance was disposed: by a scope's close, the container's shutdown, a reset,
    /// or an override that replaced it.
    func disposed(_ disposal: DisposalInfo)
}

extension ContainerInstrument {
    /// `false`: cache hits are not reported.
    public var observesCacheHits: Bool { false }
    /// Runs `body`.
    public func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows { try body() }
    /// Runs `body`.
    public func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws { try await body() }
    /// `nil`: every build is wrapped in ``ContainerInstrument/build(_:_:)``.
    public var minimumBuildDuration: Duration? { nil }
    /// Does nothing.
    public func buildEnded(_ build: EndedBuild) {}
    /// Does nothing.
    public func resolvedFromCache(_ resolve: BuildInfo) {}
    /// Does nothing.
    public func refused(_ error: WiringError) {}
    /// `nil`: the scope is not watched.
    public func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? { nil }
    /// Does nothing.
    public func trackedInstancesChanged(by delta: Int) {}
    /// Does nothing.
    public func disposed(_ disposal: DisposalInfo) {}
}

/// What a ``ContainerInstrument`` keeps of one scope, from ``ContainerInstrument/scopeOpened(_:)``
/// to its end.
public protocol ScopeInstrument: Sendable {
    /// Wraps the scope's close (``Scope/close()``, ``Scope/syncClose()``, or its container's
    /// shutdown): call `body` exactly once. It disposes the scope's instances, each reported
    /// to ``ContainerInstrument/disposed(_:)`` from inside it, and returns the teardowns that
    /// failed.
    func close(_ body: () -> [DisposalError.Failure])

    /// ``close(_:)`` for a close that awaits its teardowns: call `body()` exactly once. It is a
    /// ``ScopeCloseBody`` for the reason ``ContainerInstrument/buildAsync(_:_:)`` gives.
    func closeAsync(_ body: ScopeCloseBody) async

    /// The scope was released without being closed: its instances were released undisposed.
    func abandoned()
}

/// The build that ``ContainerInstrument/buildAsync(_:_:)`` wraps: call it exactly once, as
/// `try await body()`, where the build should happen. Valid only during that call.
public struct AsyncBuildBody {
    private let run: () async throws -> Void

    init(_ run: @escaping () async throws -> Void) { self.run = run }

    /// Runs the factory and the registration's decorators.
    ///
    /// - Throws: What the build throws; rethrow it.
    public func callAsFunction() async throws { try await run() }
}

/// Not `Sendable`: the body belongs to the build it wraps, on the task that runs it.
@available(*, unavailable)
extension AsyncBuildBody: Sendable {}

/// The close that ``ScopeInstrument/closeAsync(_:)`` wraps: call it exactly once, as
/// `await body()`. Valid only during that call.
public struct ScopeCloseBody {
    private let run: () async -> [DisposalError.Failure]

    init(_ run: @escaping () async -> [DisposalError.Failure]) { self.run = run }

    /// Disposes the scope's instances, each reported to ``ContainerInstrument/disposed(_:)``.
    ///
    /// - Returns: The teardowns that failed.
    @discardableResult
    public func callAsFunction() async -> [DisposalError.Failure] { await run() }
}

/// Not `Sendable`: the body belongs to the close it wraps, on the task that runs it.
@available(*, unavailable)
extension ScopeCloseBody: Sendable {}

/// One build or cached resolve, as a ``ContainerInstrument`` sees it.
///
/// Cheap to make and to copy: it holds its registration's description by reference, and
/// formats text (the tag, the path) only when it is read, so that an instrument that filters
/// builds out pays for none of it.
public struct BuildInfo: Sendable {
    /// How many builds enclose this one: 0 for a build resolved from outside any factory.
    public let depth: Int
    /// Whether the factory is `async`.
    public let isAsync: Bool
    /// Whether the instance came from a cache (``ContainerInstrument/resolvedFromCache(_:)``).
    public let cacheHit: Bool
    /// The registrations being built, outermost first, ending with this one; empty when this one
    /// alone is (see ``Tracer/path(_:ending:)``), so that a root build allocates nothing.
    private let pathKeys: [ServiceKey]
    private let waiters: (@Sendable () -> Int)?
    private let traced: TracedEntry

    init(
        _ traced: TracedEntry,
        depth: Int,
        isAsync: Bool,
        cacheHit: Bool,
        path: [ServiceKey],
        waiters: (@Sendable () -> Int)? = nil
    ) {
        self.depth = depth
        self.isAsync = isAsync
        self.cacheHit = cacheHit
        pathKeys = path
        self.waiters = waiters
        self.traced = traced
    }

    /// The registered type.
    public var type: Any.Type { traced.key.type }

    /// The registration's tag, as text; `nil` if untagged.
    public var tag: String? { traced.key.tag?.description }

    /// The registration's lifetime.
    public var lifetime: Lifetime { traced.lifetime }

    /// Where it was registered.
    public var registrationSite: SourceLocation { traced.site }

    /// The registration's type, as messages write it.
    public var typeName: String { typeDisplayName(type) }

    /// The type and its tag, as messages write them: `Database tagged "replica"`.
    public var registration: String { tag.map { "\(typeName) tagged \($0)" } ?? typeName }

    /// The registrations being built, outermost first, ending with this one:
    /// `["App", "UserService", "Database"]`.
    public var path: [String] { pathKeys.isEmpty ? [traced.key.description] : pathKeys.map(\.description) }

    /// For a single-flight `async` build (an async singleton, eager singleton or scoped
    /// registration), how many other resolves have joined it so far; read after `body` returns
    /// for the final count. 0 for other builds.
    public var singleFlightWaiters: Int { max((waiters?() ?? 1) - 1, 0) }

    /// What the resolve will report for `error`, thrown by this build's `body`: its three-part
    /// message (what failed, where it was registered, the fix).
    public func failureMessage(for error: any Error) -> String {
        Tracer.message(for: error, building: traced)
    }
}

/// A synchronous build that lasted at least an instrument's
/// ``ContainerInstrument/minimumBuildDuration``, as ``ContainerInstrument/buildEnded(_:)`` hears
/// of it.
public struct EndedBuild: Sendable {
    /// The build.
    public let info: BuildInfo
    /// How long it took, the builds nested in it included.
    public let duration: Duration
    /// When it ended, on the monotonic clock; it started `duration` before.
    public let end: ContinuousClock.Instant
    /// What it threw, if it failed.
    public let error: (any Error)?
    /// The builds nested in it that lasted at least the instrument's minimum too, each with its
    /// own nested builds, in the order they ended.
    public let nested: [EndedBuild]
    /// The tracer that timed it, whose instruments hear of it unless a build that encloses it is
    /// reported and takes it along.
    let tracer: Tracer

    /// This build with the nested builds that lasted at least `minimum`; `nil` if it did not.
    /// A nested build never lasts longer than the build that encloses it.
    func keeping(atLeast minimum: Duration) -> EndedBuild? {
        guard duration >= minimum else { return nil }
        if nested.allSatisfy({ $0.duration >= minimum && $0.nested.isEmpty }) { return self }
        return EndedBuild(
            info: info, duration: duration, end: end, error: error, nested: nested.compactMap { $0.keeping(atLeast: minimum) },
            tracer: tracer)
    }
}

/// A scope, as ``ContainerInstrument/scopeOpened(_:)`` sees it.
public struct ScopeInfo: Sendable {
    /// The scope's name, if it was given one.
    public let name: ScopeName?
    /// Whether it is nested in another scope.
    public let isNested: Bool
}

/// One disposal, as ``ContainerInstrument/disposed(_:)`` sees it.
public struct DisposalInfo: Sendable {
    /// The registered type whose instance it was.
    public let type: Any.Type
    /// The registration whose instance it was, as messages name it: formatted when read, so that
    /// an instrument that drops the disposal does not pay for it.
    public var registration: String { typeDisplayName(type) }
    /// When the teardown started.
    public let start: ContinuousClock.Instant
    /// How long the teardown took.
    public let duration: Duration
    /// What the teardown threw, if it failed.
    public let error: (any Error)?
}
