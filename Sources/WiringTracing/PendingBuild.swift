#if Tracing
    import Tracing
    import Wiring

    // Builds whose spans are made only once they have ended, and only if they lasted at least the
    // minimum duration (``SpanOptions/minimumDuration``).
    //
    // A span cannot be taken back once started, so a build that may be dropped starts none. A
    // nested build is never longer than the build that encloses it, so a kept build's parent is
    // kept too, and makes its children's spans inside its own.
    // - Synchronous builds are timed by the engine (`ContainerInstrument.minimumBuildDuration`):
    //   two reads of the monotonic clock, and nothing allocated for a build that is dropped. A
    //   slow one is reported when it ends (`SpanInstrument.buildEnded(_:)`), with its slow nested
    //   builds.
    // - An `async` build is recorded here, in a ``PendingBuild`` that a task-local makes current
    //   for the builds nested in it, and that keeps their records until it ends. A single-flight
    //   build that outlives the resolve that started it makes its own span, under the context
    //   that resolve began in.

    /// A build that lasted at least the minimum duration, waiting to become a span.
    struct KeptBuild: Sendable {
        let info: BuildInfo
        let tracer: any Tracer
        let elapsed: Duration
        /// When it ended, on the monotonic clock.
        let end: ContinuousClock.Instant
        let error: (any Error)?
        /// For an `async` build, the resolves that joined it.
        let waiters: Int
        /// The kept builds nested in it, in the order they ended.
        let children: [KeptBuild]

        /// Makes this build's span, as a child of `context`, and its kept children's inside it.
        func makeSpans(under context: ServiceContext) {
            makeSpans(under: context, now: .now, wallNow: DefaultTracerClock.now)
        }

        /// ``makeSpans(under:)``, its times placed on the wall clock spans are stamped with by one
        /// moment read on both clocks, `now` and `wallNow`: the same for the whole tree, so that
        /// the spans' times keep the order the monotonic clock measured.
        private func makeSpans(under context: ServiceContext, now: ContinuousClock.Instant, wallNow: DefaultTracerClock.Timestamp) {
            let wallEnd = DefaultTracerClock.Timestamp(now - end, before: wallNow)
            let span = tracer.startSpan(
                SpanInstrument.name(of: info), context: context, at: DefaultTracerClock.Timestamp(elapsed, before: wallEnd))
            span.updateAttributes { SpanInstrument.describe(info, in: &$0) }
            if info.isAsync { span.attributes["wiring.single_flight.waiters"] = waiters }
            if let error { SpanInstrument.fail(span, build: info, error: error) }
            for child in children { child.makeSpans(under: span.context, now: now, wallNow: wallNow) }
            span.end(at: wallEnd)
        }
    }

    extension KeptBuild {
        /// The record of a synchronous build the engine reported, with its nested builds unless
        /// `withChildren` is `false`.
        init(_ build: EndedBuild, tracer: any Tracer, withChildren: Bool) {
            self.init(
                info: build.info, tracer: tracer, elapsed: build.duration, end: build.end, error: build.error, waiters: 0,
                children: withChildren ? build.nested.map { KeptBuild($0, tracer: tracer, withChildren: true) } : [])
        }
    }

    /// An `async` build being recorded: it keeps the kept builds nested in it until it ends.
    final class PendingBuild: Sendable {
        /// The `async` build in progress in this task, that a nested build reports to.
        @TaskLocal static var current: PendingBuild?

        /// The kept builds nested in it; `nil` once it has ended.
        private let children = Lock<[KeptBuild]?>([])

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
            // Its end is the reading its length is measured from.
            let end = ContinuousClock.now
            let elapsed = end - start
            let nested = children.withLock { children in
                defer { children = nil }
                return children ?? []
            }
            // Nested builds never outlast this one: none was kept, unless the clock stepped back.
            guard elapsed >= minimum else {
                for build in nested { build.makeSpans(under: context) }
                return
            }
            let record = KeptBuild(
                info: build, tracer: tracer, elapsed: elapsed, end: end, error: error,
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
