/// The synchronous builds being timed on one thread, for instruments that hear only of slow
/// builds (``ContainerInstrument/minimumBuildDuration``): how many are running, and the slow
/// ones that ended inside them, waiting for the build that encloses them to end.
///
/// Builds nested in a synchronous build run on its thread, one inside the other, so a per-thread
/// stack needs no lock; and a build that ends too quickly leaves nothing on it, so a filtered
/// build allocates nothing. A slow build's record waits here for its parent, which a nested build
/// cannot outlast: the parent is slow too, and takes it as one of its ``EndedBuild/nested``. The
/// stack is the thread's, shared by every tracer: a build timed for one container inside a build
/// timed for another is nested in it, and reported to the other's instruments if that build is
/// slow too, else to its own.
struct TimedBuilds {
    /// Where a build began: the records already waiting, and the clock.
    struct Start {
        fileprivate let waiting: Int
        fileprivate let nanoseconds: UInt64
    }

    private var running = 0
    private var ended: [SlowBuild] = []

    /// Starts timing a build.
    @inline(__always)
    mutating func begin() -> Start {
        running &+= 1
        return Start(waiting: ended.count, nanoseconds: monotonicNanoseconds())
    }

    /// Stops timing the build that began at `start`; its length, in nanoseconds.
    @inline(__always)
    mutating func end(_ start: Start) -> UInt64 {
        running &-= 1
        return monotonicNanoseconds() &- start.nanoseconds
    }

    /// Whether slow builds ended since `start`.
    @inline(__always)
    func hasEnded(since start: Start) -> Bool { ended.count > start.waiting }

    /// Whether a build that encloses the one just ended is still timed on this thread.
    var isNested: Bool { running > 0 }

    /// Removes and returns the records of the slow builds that ended since `start`.
    mutating func take(since start: Start) -> [SlowBuild] {
        guard ended.count > start.waiting else { return [] }
        defer { ended.removeSubrange(start.waiting...) }
        return Array(ended[start.waiting...])
    }

    /// Keeps `build` for the build that encloses it.
    mutating func keep(_ build: SlowBuild) {
        ended.append(build)
    }
}

extension Tracer {
    /// Runs a synchronous build that only timing instruments hear of (``onlyTimes``): `factory`
    /// with `resolver` and `arguments`. No ``BuildInfo`` is made unless the build lasted the
    /// shortest minimum.
    func timed<T>(
        _ entry: TracedEntry,
        _ factory: (Resolver, UnsafeRawPointer?) throws -> T,
        _ resolver: Resolver,
        _ arguments: UnsafeRawPointer?
    ) throws -> T {
        try ResolutionContext.withCurrent { context in
            let start = context.timedBuilds.begin()
            var failure: (any Error)?
            // Ends after the factory's value is in the caller's hands: returned directly, never
            // held in a local of the generic type, which would cost a copy through its witnesses.
            defer { endTimed(start, entry, in: context, error: failure) }
            do {
                return try factory(resolver, arguments)
            } catch {
                failure = error
                throw error
            }
        }
    }

    /// Ends the timing of a build that began at `start`: a quick one is forgotten; a slow one
    /// is kept for the build that encloses it on this thread, or reported now if none does.
    @inline(__always)
    func endTimed(_ start: TimedBuilds.Start, _ entry: TracedEntry, in context: ResolutionContext, error: (any Error)?) {
        let nanoseconds = context.timedBuilds.end(start)
        // Nested builds never outlast this one: none was kept, unless the clock stepped back.
        if nanoseconds < shortestMinimum, !context.timedBuilds.hasEnded(since: start) { return }
        endSlowly(start, nanoseconds: nanoseconds, entry, in: context, error: error)
    }

    /// ``endTimed(_:_:in:error:)`` for a build that lasted the shortest minimum (or, if the clock
    /// stepped back, one quicker than builds nested in it). Never inlined: it makes a path and a
    /// record, which every build's path would otherwise pay for in stack and code size.
    @inline(never)
    private func endSlowly(
        _ start: TimedBuilds.Start, nanoseconds: UInt64, _ entry: TracedEntry, in context: ResolutionContext, error: (any Error)?
    ) {
        // Quick, with slow builds nested in it: a clock that stepped back, or builds of another
        // container's tracer with a shorter minimum. They are reported to their own instruments.
        guard nanoseconds >= shortestMinimum else { return Self.report(context.timedBuilds.take(since: start)) }
        // The build's own frame is still on the path: its depth is the frames before it.
        let depth = max(context.frame.pointee.depth - 1, 0)
        let path = depth > 0 ? Self.path(context.buildingKeys, ending: entry.key) : []
        // Its end is the clock reading its length was measured with, not a later one.
        let build = SlowBuild(
            info: BuildInfo(entry, depth: depth, isAsync: false, cacheHit: false, path: path),
            nanoseconds: nanoseconds,
            endNanoseconds: start.nanoseconds &+ nanoseconds,
            error: error,
            nested: context.timedBuilds.take(since: start),
            tracer: self
        )
        // The timed build that encloses it on this thread, still running, takes it.
        if context.timedBuilds.isNested { return context.timedBuilds.keep(build) }
        Self.report([build])
    }

    /// Reports slow builds to the timing instruments of the tracer that timed each, keeping for
    /// each instrument the builds that lasted its own minimum. Called with the thread's stack
    /// consistent: what an instrument resolves here is timed on its own.
    private static func report(_ builds: [SlowBuild]) {
        guard !builds.isEmpty else { return }
        // One reading of both clocks places every record of this report: each is moved by the
        // same amount, so their times keep the order they were measured in.
        let now = ContinuousClock.now
        let monotonicNow = monotonicNanoseconds()
        for record in builds {
            let build = record.ended(now: now, monotonicNow: monotonicNow)
            for installed in build.tracer.timing {
                guard let minimum = installed.minimumBuildDuration else { continue }
                if let kept = build.keeping(atLeast: minimum) { installed.instrument.buildEnded(kept) }
            }
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to `0...UInt64.max`: what a build's length,
    /// read from ``monotonicNanoseconds()``, is compared with, and what a span made after the fact
    /// subtracts from its end (WiringTracing).
    package var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return carry ? .max : total
    }
}

/// A slow build's record while it waits for the build that encloses it: its end in the
/// nanoseconds of the clock the thread's builds are timed with. It becomes an ``EndedBuild``,
/// placed on `ContinuousClock`, only when reported (``ended(now:monotonicNow:)``).
///
/// A build's end is the reading its length was measured from: reading the clock again when the
/// record is made would move its start later by however long the thread was held up between the
/// two readings, before the starts of the builds nested in it.
struct SlowBuild {
    let info: BuildInfo
    /// Its length.
    let nanoseconds: UInt64
    /// Its end, on the clock of ``monotonicNanoseconds()``.
    let endNanoseconds: UInt64
    let error: (any Error)?
    /// The slow builds nested in it, in the order they ended.
    let nested: [SlowBuild]
    /// The tracer that timed it.
    let tracer: Tracer

    /// The record as instruments hear of it, given one moment read on both clocks: `now` on
    /// `ContinuousClock`, `monotonicNow` on ``monotonicNanoseconds()``, read after the build ended.
    func ended(now: ContinuousClock.Instant, monotonicNow: UInt64) -> EndedBuild {
        let sinceEnd = monotonicNow >= endNanoseconds ? monotonicNow - endNanoseconds : 0
        return EndedBuild(
            info: info,
            duration: .nanoseconds(nanoseconds),
            end: now - .nanoseconds(sinceEnd),
            error: error,
            nested: nested.map { $0.ended(now: now, monotonicNow: monotonicNow) },
            tracer: tracer
        )
    }
}
