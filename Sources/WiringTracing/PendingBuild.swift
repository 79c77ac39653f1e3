#if Tracing
    import Synchronization
    import Tracing
    import Wiring

    // Builds recorded while they run, whose spans are made only once they have ended, and only if
    // they lasted at least the minimum duration (``SpanOptions/minimumDuration``).
    //
    // A span cannot be taken back once started, so a build that may be dropped starts none: it
    // reads the monotonic clock when it starts and when it ends, and nothing else. One that lasted
    // long enough becomes a ``KeptBuild``: its times, and the kept builds nested in it. A nested
    // build is never longer than the build that encloses it, so a kept build's parent is kept too,
    // and makes its children's spans inside its own.
    //
    // Where the kept children wait for their parent:
    // - a synchronous build's, on its thread (``SyncRecording``): nested synchronous builds run on
    //   the thread of the build that encloses them, one inside the other, so a per-thread stack
    //   needs no lock and no object per build; a build that filters out costs two clock reads;
    // - an `async` build's, in its ``PendingBuild``, which a task-local makes current for the
    //   builds nested in it. A single-flight build that outlives the resolve that started it makes
    //   its own span, under the context that resolve began in.

    extension Duration {
        /// The duration in whole nanoseconds, at least 0 and at most `UInt64.max`: what a
        /// filtered build's length, read from ``Wiring/monotonicNanoseconds()``, is compared with.
        var nanoseconds: UInt64 {
            let (seconds, attoseconds) = components
            guard seconds >= 0 else { return 0 }
            let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
            return overflow ? .max : whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000)).partialValue
        }
    }

    /// A build that lasted at least the minimum duration, waiting to become a span.
    struct KeptBuild: Sendable {
        let info: BuildInfo
        let tracer: any Tracer
        let elapsed: Duration
        let end: DefaultTracerClock.Timestamp
        let error: (any Error)?
        /// For an `async` build, the resolves that joined it.
        let waiters: Int
        /// The kept builds nested in it, in the order they ended.
        let children: [KeptBuild]

        /// Makes this build's span, as a child of `context`, and its kept children's inside it.
        func makeSpans(under context: ServiceContext) {
            let span = tracer.startSpan(
                SpanInstrument.name(of: info), context: context, at: DefaultTracerClock.Timestamp(elapsed, before: end))
            span.updateAttributes { SpanInstrument.describe(info, in: &$0) }
            if info.isAsync { span.attributes["wiring.single_flight.waiters"] = waiters }
            if let error { SpanInstrument.fail(span, build: info, error: error) }
            for child in children { child.makeSpans(under: span.context) }
            span.end(at: end)
        }

        /// Makes the spans of `builds` under `context`: kept builds whose parent was not kept,
        /// which a clock that went backwards could cause. They are not lost.
        static func makeSpans(of builds: some Sequence<KeptBuild>, under context: ServiceContext) {
            for build in builds { build.makeSpans(under: context) }
        }
    }

    /// The synchronous builds being recorded on one thread: how many are running, and the kept
    /// builds that ended inside them, waiting for their parent to end.
    final class SyncRecording {
        // Not Sendable, and never shared: each thread has its own (``current``), used only by
        // the builds running on it, one inside the other.
        // @exclusivity(unchecked): only this thread reaches it, and no access spans a call, so no
        // two overlap; the run-time checks would cost a filtered build a fifth of its price.
        @exclusivity(unchecked) private var running = 0
        @exclusivity(unchecked) private var kept: [KeptBuild] = []

        private static let slot = ThreadLocalObject<SyncRecording>(owner: "WiringTracing")

        /// The calling thread's recording, made on first use and released when the thread exits.
        static var current: SyncRecording {
            if let recording = slot.opaque { return Unmanaged<SyncRecording>.fromOpaque(recording).takeUnretainedValue() }
            let recording = SyncRecording()
            slot.store(recording)
            return recording
        }

        /// Runs a synchronous build, recording it.
        static func record(_ build: BuildInfo, minimum: UInt64, tracer: any Tracer, _ body: () throws -> Void) rethrows {
            let recording = current
            let mark = recording.kept.count
            recording.running += 1
            let start = monotonicNanoseconds()
            do {
                try body()
            } catch {
                recording.finish(build, error: error, start: start, mark: mark, minimum: minimum, tracer: tracer)
                throw error
            }
            recording.finish(build, error: nil, start: start, mark: mark, minimum: minimum, tracer: tracer)
        }

        /// Ends the record of a build that started at `start`, when `mark` kept builds were
        /// waiting: dropped if too short; else kept for the build that encloses it, or made into
        /// spans now.
        private func finish(
            _ build: BuildInfo, error: (any Error)?, start: UInt64, mark: Int, minimum: UInt64, tracer: any Tracer
        ) {
            let nanoseconds = monotonicNanoseconds() &- start
            running -= 1
            guard nanoseconds >= minimum else {
                if kept.count > mark { KeptBuild.makeSpans(of: take(from: mark), under: ServiceContext.current ?? .topLevel) }
                return
            }
            let record = KeptBuild(
                info: build, tracer: tracer, elapsed: .nanoseconds(nanoseconds), end: DefaultTracerClock.now, error: error, waiters: 0,
                children: take(from: mark))
            // The synchronous build that encloses it on this thread, still running, takes it.
            if running > 0 { return kept.append(record) }
            // Else an `async` build it runs in, if any.
            if let parent = PendingBuild.current, parent.adopt(record) { return }
            // A synchronous build does not change the task-locals of the code that runs it: the
            // context current now is the one its build started in.
            record.makeSpans(under: ServiceContext.current ?? .topLevel)
        }

        /// Removes the kept builds from `mark` on, and returns them.
        private func take(from mark: Int) -> [KeptBuild] {
            guard kept.count > mark else { return [] }
            defer { kept.removeSubrange(mark...) }
            return Array(kept[mark...])
        }
    }

    /// An `async` build being recorded: it keeps the kept builds nested in it until it ends.
    final class PendingBuild: Sendable {
        /// The `async` build in progress in this task, that a nested build reports to.
        @TaskLocal static var current: PendingBuild?

        /// The kept builds nested in it; `nil` once it has ended.
        private let children = Mutex<[KeptBuild]?>([])

        /// Runs an `async` build, recording it.
        static func recordAsync(
            _ build: BuildInfo,
            minimum: Duration,
            tracer: any Tracer,
            _ body: () async throws -> Void
        ) async rethrows {
            let parent = current
            let context = ServiceContext.current ?? .topLevel
            let pending = PendingBuild()
            let start = ContinuousClock.now
            do {
                try await $current.withValue(pending) { try await body() }
            } catch {
                pending.finish(build, error: error, start: start, minimum: minimum, tracer: tracer, parent: parent, context: context)
                throw error
            }
            pending.finish(build, error: nil, start: start, minimum: minimum, tracer: tracer, parent: parent, context: context)
        }

        /// Ends the record: dropped if too short; else handed to the enclosing build if it is still
        /// running, or made into spans now, under `context`, the one current when it began.
        private func finish(
            _ build: BuildInfo,
            error: (any Error)?,
            start: ContinuousClock.Instant,
            minimum: Duration,
            tracer: any Tracer,
            parent: PendingBuild?,
            context: ServiceContext
        ) {
            let elapsed = ContinuousClock.now - start
            let nested = children.withLock { children in
                defer { children = nil }
                return children ?? []
            }
            guard elapsed >= minimum else { return KeptBuild.makeSpans(of: nested, under: context) }
            let record = KeptBuild(
                info: build, tracer: tracer, elapsed: elapsed, end: DefaultTracerClock.now, error: error,
                waiters: build.singleFlightWaiters, children: nested)
            if let parent, parent.adopt(record) { return }
            record.makeSpans(under: context)
        }

        /// Keeps `child` to make its span inside this one's; `false` once this build has ended.
        func adopt(_ child: KeptBuild) -> Bool {
            children.withLock { children in
                guard children != nil else { return false }
                children?.append(child)
                return true
            }
        }
    }
#endif
