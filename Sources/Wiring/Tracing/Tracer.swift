/// What a traced registration reports to: the user's handler, the container's instruments and,
/// during a dry run, the recorder of dependency edges.
final class Tracer: Sendable {
    let handler: (@Sendable (ResolutionEvent) -> Void)?
    let recorder: EdgeRecorder?
    /// An instrument as its container keeps it.
    struct Installed: Sendable {
        let instrument: any ContainerInstrument
        /// Its ``ContainerInstrument/observesCacheHits``, asked once, outside any lock.
        let observesCacheHits: Bool
        /// Its type: a container keeps one instrument of each.
        let kind: ObjectIdentifier

        init<Instrument: ContainerInstrument>(instrument: Instrument, observesCacheHits: Bool) {
            self.instrument = instrument
            self.observesCacheHits = observesCacheHits
            kind = ObjectIdentifier(Instrument.self)
        }
    }

    /// The container's instruments, in the order they were added (the first wraps the others).
    let instruments: [Installed]
    /// Whether anything hears of cache hits: when nothing does, cached reads keep their
    /// lock-free fast path (``Entry/unretainedCell``).
    let reportsHits: Bool
    /// Whether anything hears of builds: when nothing does (only a recorder of cache hits),
    /// no path is computed.
    private let reportsBuilds: Bool

    init(handler: (@Sendable (ResolutionEvent) -> Void)?, recorder: EdgeRecorder?, instruments: [Installed] = []) {
        self.handler = handler
        self.recorder = recorder
        self.instruments = instruments
        reportsHits = handler != nil || recorder != nil || instruments.contains(where: \.observesCacheHits)
        reportsBuilds = handler != nil || !instruments.isEmpty
    }

    /// Runs a factory, reporting its start to the recorder and its end to both. `abandoned`
    /// receives an instance the factory made that an instrument then failed: the build throws,
    /// and the instance is the caller's to dispose.
    func build<T>(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        _ factory: () throws -> T,
        abandoned: (T) -> Void
    ) throws -> T {
        let depth = max(ResolutionContext.current.frame.pointee.depth - 1, 0)
        let path = reportsBuilds ? Self.path(ResolutionContext.current.buildingEntries.reversed().map(\.key), ending: entry.key) : []
        recorder?.enter(entry.key, phase: .constructor)
        let start = ContinuousClock.now
        do {
            let value = try instrumented(
                BuildInfo(entry, depth: depth, isAsync: false, cacheHit: false, path: path), factory, abandoned: abandoned)
            recorder?.exit()
            reportBuild(entry, resolver, depth: depth, start: start, error: nil, path: path)
            return value
        } catch {
            recorder?.exit()
            reportBuild(entry, resolver, depth: depth, start: start, error: error, path: path)
            throw error
        }
    }

    /// Runs a factory inside every instrument's ``ContainerInstrument/build(_:_:)``, the first
    /// outermost.
    private func instrumented<T>(_ info: BuildInfo, _ factory: () throws -> T, abandoned: (T) -> Void) throws -> T {
        if instruments.isEmpty { return try factory() }
        var result: Result<T, any Error>?
        func run(_ index: Int) throws {
            if index == instruments.count {
                if result != nil { Self.instrumentSkipped(info) }
                result = Result { try factory() }
                if case .failure(let error) = result { throw error }
                return
            }
            try instruments[index].instrument.build(info) { try run(index + 1) }
        }
        var chainError: (any Error)?
        do { try run(0) } catch { chainError = error }
        return try Self.outcome(of: info, result, chainError: chainError, abandoned: abandoned)
    }

    /// The end of an instrument chain, sync or async: the build's value, once the chain ran it
    /// exactly once. An error the chain threw is the build's: the factory's own, or one an
    /// instrument threw after the factory succeeded, whose instance then goes to `abandoned`.
    private static func outcome<T>(
        of info: BuildInfo, _ result: Result<T, any Error>?, chainError: (any Error)?, abandoned: (T) -> Void
    ) throws -> T {
        guard let result else { instrumentSkipped(info) }
        if let chainError {
            if case .success(let value) = result { abandoned(value) }
            throw chainError
        }
        return try result.get()
    }

    /// Stops the program: an instrument returned without running the build it wraps, or ran
    /// it twice.
    private static func instrumentSkipped(_ info: BuildInfo) -> Never {
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
        let start = ContinuousClock.now
        do {
            let info = BuildInfo(entry, depth: depth, isAsync: true, cacheHit: false, path: path, waiters: waiters)
            let value = try await instrumentedAsync(info, factory, abandoned: abandoned)
            reportBuild(entry, resolver, depth: depth, start: start, error: nil, path: path)
            return value
        } catch {
            reportBuild(entry, resolver, depth: depth, start: start, error: error, path: path)
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
            var result: Result<T, any Error>?
            func run(_ index: Int) async throws {
                if index == instruments.count {
                    if result != nil { Self.instrumentSkipped(info) }
                    do {
                        result = .success(try await factory())
                    } catch {
                        result = .failure(error)
                        throw error
                    }
                    return
                }
                try await instruments[index].instrument.buildAsync(info, AsyncBuildBody { try await run(index + 1) })
            }
            var chainError: (any Error)?
            do { try await run(0) } catch { chainError = error }
            return try Self.outcome(of: info, result, chainError: chainError, abandoned: abandoned)
        }
    }

    /// Reports a build that started at `start` and ended now, with `error` if it failed.
    private func reportBuild(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        depth: Int,
        start: ContinuousClock.Instant,
        error: (any Error)?,
        path: [ServiceKey]
    ) {
        guard handler != nil else { return }
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
            let building = ResolutionContext.existing?.buildingEntries.reversed().map(\.key) ?? []
            let path = Self.path(building, ending: entry.key)
            let info = BuildInfo(entry, depth: depth, isAsync: false, cacheHit: true, path: path)
            for installed in instruments where installed.observesCacheHits { installed.instrument.resolvedFromCache(info) }
            report(entry, resolver, cacheHit: true, depth: depth, duration: .zero, failure: nil, path: path)
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
        for installed in instruments { installed.instrument.trackedInstancesChanged(by: delta) }
    }

    /// Reports a disposal.
    func disposed(_ disposal: DisposalInfo) {
        for installed in instruments { installed.instrument.disposed(disposal) }
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
    /// one reported (added unless the builds already end with it).
    private static func path(_ building: [ServiceKey], ending key: ServiceKey) -> [ServiceKey] {
        building.last == key ? building : building + [key]
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
                pathKeys: path
            ))
    }
}

/// What the tracer needs to know of a registration.
struct TracedEntry: Sendable {
    let key: ServiceKey
    let lifetime: Lifetime
    let site: SourceLocation
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

    /// Stops reporting resolves; see ``trace(_:)``.
    public func stopTracing() {
        updateTracer { Self.tracer(handler: nil, instruments: $0?.instruments ?? []) }
    }
}
