/// What a traced registration reports to: the user's handler and, during a dry run, the
/// recorder of dependency edges.
final class Tracer: Sendable {
    let handler: (@Sendable (ResolutionEvent) -> Void)?
    let recorder: EdgeRecorder?

    init(handler: (@Sendable (ResolutionEvent) -> Void)?, recorder: EdgeRecorder?) {
        self.handler = handler
        self.recorder = recorder
    }

    /// Runs a factory, reporting its start to the recorder and its end to both.
    func build<T>(_ entry: TracedEntry, _ resolver: Resolver, _ factory: () throws -> T) throws -> T {
        let depth = max(ResolutionContext.current.frame.pointee.depth - 1, 0)
        let path = handler == nil ? [] : Self.path(ResolutionContext.current.buildingEntries.reversed().map(\.key), ending: entry.key)
        recorder?.enter(entry.key, phase: .constructor)
        let start = ContinuousClock.now
        do {
            let value = try factory()
            recorder?.exit()
            reportBuild(entry, resolver, depth: depth, start: start, error: nil, path: path)
            return value
        } catch {
            recorder?.exit()
            reportBuild(entry, resolver, depth: depth, start: start, error: error, path: path)
            throw error
        }
    }

    /// Runs an async factory, reporting its end to the handler. Not to the edge recorder: its
    /// stack follows one thread's nested calls, and async builds interleave.
    func buildAsync<T>(
        _ entry: TracedEntry,
        _ resolver: Resolver,
        _ factory: () async throws -> T
    ) async throws -> T {
        let depth = max(AsyncResolutionStack.frames.count - 1, 0)
        let path = handler == nil ? [] : Self.path(AsyncResolutionStack.frames.map(\.key), ending: entry.key)
        let start = ContinuousClock.now
        do {
            let value = try await factory()
            reportBuild(entry, resolver, depth: depth, start: start, error: nil, path: path)
            return value
        } catch {
            reportBuild(entry, resolver, depth: depth, start: start, error: error, path: path)
            throw error
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
    func hit(_ entry: TracedEntry, _ resolver: Resolver) {
        recorder?.touch(entry.key)
        let depth = ResolutionContext.existing?.frame.pointee.depth ?? 0
        guard handler != nil else { return }
        let building = ResolutionContext.existing?.buildingEntries.reversed().map(\.key) ?? []
        let path = Self.path(building, ending: entry.key)
        report(entry, resolver, cacheHit: true, depth: depth, duration: .zero, failure: nil, path: path)
    }

    /// A failed build's message, in the three parts of a ``WiringError`` (what, where, the fix):
    /// the error itself if it is one, else the ``WiringError/Code/factoryFailed`` error that
    /// the resolve will throw for it.
    private static func message(for error: any Error, building entry: TracedEntry) -> String {
        if let wiring = error as? WiringError { return "\(wiring)" }
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
        setTracer(Tracer(handler: handler, recorder: nil))
    }

    /// Stops reporting resolves; see ``trace(_:)``.
    public func stopTracing() {
        setTracer(nil)
    }
}
