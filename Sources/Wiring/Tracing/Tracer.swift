/// What a traced registration reports to: the user's handler, the container's instruments and,
/// during a dry run, the recorder of dependency edges.
final class Tracer: Sendable {
    let handler: (@Sendable (ResolutionEvent) -> Void)?
    /// Whether the handler hears of every resolve (``Container/trace(_:)``), or of failed builds
    /// only (``Container/traceFailures(_:)``): then cached reads keep their fast path, and a
    /// build computes its path and event only if it fails.
    let handlerHearsSuccesses: Bool
    let recorder: EdgeRecorder?
    /// An instrument as its container keeps it.
    struct Installed: Sendable {
        let instrument: any ContainerInstrument
        /// Its ``ContainerInstrument/observesCacheHits``, asked once, outside any lock.
        let observesCacheHits: Bool
        /// Its ``ContainerInstrument/minimumBuildDuration``, asked once, outside any lock.
        let minimumBuildDuration: Duration?
        /// Its type: a container keeps one instrument of each.
        let kind: ObjectIdentifier

        init<Instrument: ContainerInstrument>(instrument: Instrument) {
            self.instrument = instrument
            observesCacheHits = instrument.observesCacheHits
            minimumBuildDuration = instrument.minimumBuildDuration
            kind = ObjectIdentifier(Instrument.self)
        }
    }

    /// The container's instruments, in the order they were added (the first wraps the others).
    let instruments: [Installed]
    /// The instruments that wrap synchronous builds: those with no minimum build duration.
    private let wrapping: [Installed]
    /// The instruments that hear of slow synchronous builds when they end
    /// (``ContainerInstrument/buildEnded(_:)``).
    let timing: [Installed]
    /// The shortest minimum duration among `timing`, in nanoseconds: a build shorter than this is
    /// reported to none of them.
    let shortestMinimum: UInt64
    /// Whether a synchronous build is only timed: no handler, recorder or wrapping instrument
    /// hears of it, so it takes ``timed(_:_:_:_:)``.
    let onlyTimes: Bool
    /// Whether anything hears of cache hits: when nothing does, cached reads keep their
    /// lock-free fast path (``Entry/unretainedCell``).
    let reportsHits: Bool
    /// Whether anything hears of builds: when nothing does (only a recorder of cache hits),
    /// no path is computed.
    private let reportsBuilds: Bool

    init(
        handler: (@Sendable (ResolutionEvent) -> Void)?,
        handlerHearsSuccesses: Bool = true,
        recorder: EdgeRecorder?,
        instruments: [Installed] = []
    ) {
        self.handler = handler
        self.handlerHearsSuccesses = handlerHearsSuccesses
        let hearsSuccesses = handler != nil && handlerHearsSuccesses
        self.recorder = recorder
        self.instruments = instruments
        wrapping = instruments.filter { $0.minimumBuildDuration == nil }
        timing = instruments.filter { $0.minimumBuildDuration != nil }
        shortestMinimum = timing.compactMap { $0.minimumBuildDuration?.clampedNanoseconds }.min() ?? .max
        onlyTimes = handler == nil && recorder == nil && wrapping.isEmpty && !timing.isEmpty
        reportsHits = hearsSuccesses || recorder != nil || instruments.contains(where: \.observesCacheHits)
        reportsBuilds = hearsSuccesses || !instruments.isEmpty
    }

    /// Runs a build's `body` (its factory, which keeps the instance) on the thread of `context`,
    /// reporting its start to the recorder, its end to both, and timing it for the timing
    /// instruments. Not generic, so that a traced build looks up no metadata at run time: the
    /// caller keeps the instance, and disposes of it if `body` succeeded and this throws all the
    /// same (an instrument failed after the factory returned).
    func build(_ entry: TracedEntry, _ resolver: Resolver, in context: ResolutionContext, _ body: () throws -> Void) throws {
        guard !timing.isEmpty else { return try buildReported(entry, resolver, in: context, body) }
        let start = context.timedBuilds.begin()
        do {
            try buildReported(entry, resolver, in: context, body)
        } catch {
            endTimed(start, entry, in: context, error: error)
            throw error
        }
        endTimed(start, entry, in: context, error: nil)
    }

    /// ``build(_:_:in:_:)`` but for the timing.
    private func buildReported(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        in context: ResolutionContext,
        _ body: () throws -> Void
    ) throws {
        // The build's own frame is on the path already: its depth is the frames before it.
        let depth = max(context.frame.pointee.depth - 1, 0)
        let path = reportsBuilds && depth > 0 ? Self.path(context.buildingKeys, ending: entry.key) : []
        recorder?.enter(entry.key, phase: .constructor)
        let info = BuildInfo(entry, depth: depth, isAsync: false, cacheHit: false, path: path)
        // Only the handler reads the duration: an instrument times the build itself, if it wants.
        guard handler != nil else {
            defer { recorder?.exit() }
            return try instrumented(info, body)
        }
        let start = ContinuousClock.now
        do {
            try instrumented(info, body)
        } catch {
            recorder?.exit()
            let path = reportsBuilds || depth == 0 ? path : Self.path(context.buildingKeys, ending: entry.key)
            reportBuild(entry, resolver, depth: depth, start: start, error: error, path: path)
            throw error
        }
        recorder?.exit()
        if handlerHearsSuccesses { reportBuild(entry, resolver, depth: depth, start: start, error: nil, path: path) }
    }

    /// Runs `body` inside the ``ContainerInstrument/build(_:_:)`` of every instrument that wraps
    /// builds, the first outermost; see ``InstrumentChain``.
    private func instrumented(_ info: BuildInfo, _ body: () throws -> Void) throws {
        if wrapping.isEmpty { return try body() }
        var chain = InstrumentChain()
        var chainError: (any Error)?
        do { try instrumented(from: 0, info, &chain, body) } catch { chainError = error }
        try chain.end(info, chainError: chainError)
    }

    /// The chain from the instrument at `index` on. Its state is passed in, not captured by a
    /// local function, which would put it in a heap box on every build.
    private func instrumented(from index: Int, _ info: BuildInfo, _ chain: inout InstrumentChain, _ body: () throws -> Void) throws {
        if index == wrapping.count { return try chain.runBody(info, body) }
        try wrapping[index].instrument.build(info) { try instrumented(from: index + 1, info, &chain, body) }
    }

    /// Stops the program: an instrument returned without running the build it wraps, or ran
    /// it twice.
    static func instrumentSkipped(_ info: BuildInfo) -> Never {
        fatalError(
            """
            Wiring: an instrument's build(_:_:) did not call its body exactly once while building \(info.registration) (registered at \(info.registrationSite)).
            To fix: call `body` exactly once in every ContainerInstrument.build(_:_:) and buildAsync(_:_:).
            """
        )
    }

    /// Runs an async factory, reporting its end to the handler. Not to the edge recorder: its
    /// stack follows one thread's nested calls, and async builds interleave. `waiters` counts
    /// the resolves that share a single-flight build, the first included.
    func buildAsync<T>(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        waiters: (@Sendable () -> Int)?,
        _ factory: @Sendable () async throws -> T,
        abandoned: @Sendable (T) -> Void
    ) async throws -> T {
        let depth = max(AsyncResolutionStack.frames.count - 1, 0)
        let path = reportsBuilds ? Self.path(AsyncResolutionStack.frames.map(\.key), ending: entry.key) : []
        let start: ContinuousClock.Instant? = handler != nil ? .now : nil
        do {
            let info = BuildInfo(entry, depth: depth, isAsync: true, cacheHit: false, path: path, waiters: waiters)
            let value = try await instrumentedAsync(info, factory, abandoned: abandoned)
            if let start, handlerHearsSuccesses {
                reportBuild(entry, resolver, depth: depth, start: start, error: nil, path: path)
            }
            return value
        } catch {
            if let start {
                let path = reportsBuilds ? path : Self.path(AsyncResolutionStack.frames.map(\.key), ending: entry.key)
                reportBuild(entry, resolver, depth: depth, start: start, error: error, path: path)
            }
            throw error
        }
    }

    /// ``instrumented(_:_:)`` for an async factory.
    private func instrumentedAsync<T>(
        _ info: BuildInfo, _ factory: @Sendable () async throws -> T, abandoned: @Sendable (T) -> Void
    ) async throws -> T {
        if instruments.isEmpty { return try await factory() }
        // The body an instrument gets stores its closure; it is valid only during the call, which
        // `withoutActuallyEscaping` checks (an instrument that kept it would stop the program).
        return try await withoutActuallyEscaping(factory) { factory in
            var chain = InstrumentChain()
            var value: T?
            func run(_ index: Int) async throws {
                if index == instruments.count {
                    return try await chain.runBodyAsync(info) { value = try await factory() }
                }
                try await instruments[index].instrument.buildAsync(info, AsyncBuildBody { try await run(index + 1) })
            }
            var chainError: (any Error)?
            do { try await run(0) } catch { chainError = error }
            if chainError != nil, let value { abandoned(value) }
            try chain.end(info, chainError: chainError)
            // The body ran once (`end` stops the program otherwise) and did not throw.
            return value.unsafelyUnwrapped
        }
    }

    /// Reports a build that started at `start` and ended now, with `error` if it failed, to the
    /// handler.
    private func reportBuild(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        depth: Int,
        start: ContinuousClock.Instant,
        error: (any Error)?,
        path: [ServiceKey]
    ) {
        let failure = error.map { Self.message(for: $0, building: entry) }
        report(entry, resolver, cacheHit: false, depth: depth, duration: .now - start, failure: failure, path: path)
    }

    /// Runs a post-construction hook; what it resolves is a hook edge, not a constructor edge.
    func hook(_ entry: TracedEntry, _ body: () throws -> Void) throws {
        recorder?.enter(entry.key, phase: .hook)
        defer { recorder?.exit() }
        try body()
    }

    /// Reports a resolve served from a cache.
    ///
    /// A hit is reported with no build frame of its own, so a hook that resolves a cached
    /// instance from inside ``ContainerInstrument/resolvedFromCache(_:)`` (or a trace handler
    /// that does from inside its hit event) would be reported again, without end, and overflow
    /// the stack: such a nested resolve is served and not reported.
    func hit(_ entry: TracedEntry, _ resolver: Resolver) {
        recorder?.touch(entry.key)
        guard reportsBuilds else { return }
        Self.reportingOnce {
            let depth = ResolutionContext.existing?.frame.pointee.depth ?? 0
            let building = ResolutionContext.existing?.buildingKeys ?? []
            let path = Self.path(building, ending: entry.key)
            let info = BuildInfo(entry, depth: depth, isAsync: false, cacheHit: true, path: path)
            for installed in instruments where installed.observesCacheHits { installed.instrument.resolvedFromCache(info) }
            // A failure-only handler (traceFailures) hears of no hit, whoever asked for hits.
            if handlerHearsSuccesses {
                report(entry, resolver, cacheHit: true, depth: depth, duration: .zero, failure: nil, path: path)
            }
        }
    }

    /// Reports a resolve refused before its factory ran (a cycle, or builds nested too deep).
    /// A refusal met while reporting one (a hook that resolves the type it heard refused) is
    /// thrown to that hook's resolve and not reported again, for the reason ``hit(_:_:)`` gives.
    func refused(_ error: WiringError) {
        Self.reportingOnce {
            for installed in instruments { installed.instrument.refused(error) }
        }
    }

    /// Runs `report` unless this thread is already inside one, which it then skips.
    private static func reportingOnce(_ report: () -> Void) {
        let context = ResolutionContext.current
        guard !context.isReportingHitOrRefusal else { return }
        context.isReportingHitOrRefusal = true
        defer { context.isReportingHitOrRefusal = false }
        report()
    }

    /// Reports that a tracked instance was made (`delta` 1), or disposed or released (−1).
    func trackedInstancesChanged(by delta: Int) {
        // By index: each instrument is called in place, without copying its `Installed` out.
        for index in instruments.indices { instruments[index].instrument.trackedInstancesChanged(by: delta) }
    }

    /// Reports a disposal.
    func disposed(_ disposal: DisposalInfo) {
        for index in instruments.indices { instruments[index].instrument.disposed(disposal) }
    }

    /// A failed build's message, in the three parts of a ``WiringError`` (what, where, the fix),
    /// as the resolve will throw it: a ``WiringError`` from a nested resolve with this build added
    /// to its path, anything else as the ``WiringError/Code/factoryFailed`` error that wraps it.
    static func message(for error: any Error, building entry: TracedEntry) -> String {
        if let wiring = error as? WiringError { return "\(wiring.passing(through: entry.key))" }
        let wrapped = WiringError(
            code: .factoryFailed,
            key: entry.key,
            lifetime: entry.lifetime,
            registrationSite: entry.site,
            underlyingError: error
        )
        return "\(wrapped)"
    }

    /// The path of an event: the registrations being built, outermost first, ending with the
    /// one reported (added unless the builds already end with it); empty when it is that one
    /// alone, which ``BuildInfo`` and ``ResolutionEvent`` read as `[key]`, so that a root build
    /// allocates no array.
    static func path(_ building: [ServiceKey], ending key: ServiceKey) -> [ServiceKey] {
        if building.isEmpty || (building.count == 1 && building[0] == key) { return [] }
        return building.last == key ? building : building + [key]
    }

    private func report(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        cacheHit: Bool,
        depth: Int,
        duration: Duration,
        failure: String?,
        path: [ServiceKey]
    ) {
        guard let handler else { return }
        handler(
            ResolutionEvent(
                type: entry.key.type,
                tag: entry.key.tag?.description,
                lifetime: entry.lifetime,
                cacheHit: cacheHit,
                depth: depth,
                duration: duration,
                registrationSite: entry.site,
                containerID: ObjectIdentifier(resolver.container),
                scopeID: resolver.scope.map(ObjectIdentifier.init),
                threadID: currentThreadID,
                failure: failure,
                pathKeys: path.isEmpty ? [entry.key] : path
            ))
    }
}

/// What the tracer needs to know of a registration: made once per traced registration and
/// shared by reference, so that the ``BuildInfo`` of each build copies one pointer.
final class TracedEntry: Sendable {
    let key: ServiceKey
    let lifetime: Lifetime
    let site: SourceLocation

    init(key: ServiceKey, lifetime: Lifetime, site: SourceLocation) {
        self.key = key
        self.lifetime = lifetime
        self.site = site
    }
}

extension Container {
    /// Reports every resolve of this container's registrations to `handler`, on the resolving
    /// thread, until ``stopTracing()``:
    ///
    /// ```swift
    /// container.trace { event in
    ///     if !event.cacheHit, event.duration > .milliseconds(5) { print("slow:", event) }
    /// }
    /// ```
    ///
    /// It applies to the registrations of this container, present and future, not to those
    /// inherited from a parent (trace the parent too). Tracing costs nothing while it is off: a
    /// traced registration is republished with its cached-read fast path switched off and its
    /// factory wrapped, so untraced registrations run exactly the code they ran before.
    ///
    /// To forward events to swift-log, keep the logger in the handler:
    ///
    /// ```swift
    /// import Logging
    /// let logger = Logger(label: "wiring")
    /// container.trace { event in
    ///     logger.debug("\(event)", metadata: ["lifetime": "\(event.lifetime)", "cacheHit": "\(event.cacheHit)"])
    /// }
    /// ```
    public func trace(_ handler: @escaping @Sendable (ResolutionEvent) -> Void) {
        updateTracer { Tracer(handler: handler, recorder: nil, instruments: $0?.instruments ?? []) }
    }

    /// Reports to `handler` only the builds of this container's registrations that fail, with
    /// the same event ``trace(_:)`` gives (``ResolutionEvent/failure`` set), until
    /// ``stopTracing()``. It replaces a handler set by `trace(_:)`.
    ///
    /// ```swift
    /// container.traceFailures { event in logger.error("\(event.failure ?? "")") }
    /// ```
    ///
    /// What succeeds is not reported, and costs almost nothing: cached reads keep their fast path,
    /// and a build is not timed apart from one clock read, nor is its path computed, unless it
    /// fails. For a server that wants its wiring failures in its log and nothing else.
    public func traceFailures(_ handler: @escaping @Sendable (ResolutionEvent) -> Void) {
        updateTracer {
            Tracer(handler: handler, handlerHearsSuccesses: false, recorder: nil, instruments: $0?.instruments ?? [])
        }
    }

    /// Stops reporting resolves; see ``trace(_:)``.
    public func stopTracing() {
        updateTracer { Self.tracer(handler: nil, instruments: $0?.instruments ?? []) }
    }
}

/// The count an instrument chain keeps of the build it wraps, sync or async: that the build's
/// body ran exactly once, and what the factory threw.
struct InstrumentChain {
    private var runs = 0
    private var failure: (any Error)?

    /// Runs the build's body, at the end of the chain.
    mutating func runBody(_ info: BuildInfo, _ body: () throws -> Void) throws {
        try started(info)
        do { try body() } catch { failure = error; throw error }
    }

    /// ``runBody(_:_:)`` for an `async` build.
    mutating func runBodyAsync(_ info: BuildInfo, _ body: () async throws -> Void) async throws {
        try started(info)
        do { try await body() } catch { failure = error; throw error }
    }

    private mutating func started(_ info: BuildInfo) throws {
        runs += 1
        if runs > 1 { Tracer.instrumentSkipped(info) }
    }

    /// The chain returned or threw `chainError`: stops the program unless the body ran once,
    /// then throws the build's error: what the chain threw (the factory's error, or an
    /// instrument's own after the factory succeeded), else what the factory threw that an
    /// instrument did not rethrow.
    func end(_ info: BuildInfo, chainError: (any Error)?) throws {
        if runs != 1 { Tracer.instrumentSkipped(info) }
        if let chainError { throw chainError }
        if let failure { throw failure }
    }
}
