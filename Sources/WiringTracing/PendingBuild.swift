#if Tracing
    import Synchronization
    import Tracing
    import Wiring

    /// A build recorded while it runs, whose span is made only once it has ended, and only if it
    /// lasted at least the minimum duration (``SpanOptions/minimumDuration``).
    ///
    /// A span cannot be taken back once started, so a build that may be dropped starts none: it
    /// records its times, and the builds nested in it that were kept. When it ends long enough, it
    /// makes its span from those times, then its children's spans inside it. A nested build is never
    /// longer than the build that encloses it, so a kept build's parent is kept too; the only
    /// exception, a single-flight build that outlives the resolve that started it, makes its own span
    /// under the context that resolve began in.
    final class PendingBuild: Sendable {
        /// The build in progress in this task, that a nested build reports to.
        @TaskLocal static var current: PendingBuild?

        private struct State: Sendable {
            var children: [PendingBuild] = []
            var ended = false
            var end = DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: 0)
            var elapsed = Duration.zero
            var error: (any Error)?
            var waiters = 0
        }

        private let info: BuildInfo
        private let parentContext: ServiceContext
        /// When the build began, on the monotonic clock; its span's start on the wall clock is
        /// derived from it when the span is made.
        private let start = ContinuousClock.now
        private let state = Mutex(State())

        private init(_ info: BuildInfo) {
            self.info = info
            parentContext = ServiceContext.current ?? .topLevel
        }

        /// Runs a synchronous build, recording it.
        static func record(
            _ build: BuildInfo,
            minimum: Duration,
            tracer: any Tracer,
            _ body: () throws -> Void
        ) rethrows {
            let parent = current
            let pending = PendingBuild(build)
            do {
                try $current.withValue(pending) { try body() }
            } catch {
                pending.finish(error: error, minimum: minimum, tracer: tracer, parent: parent)
                throw error
            }
            pending.finish(error: nil, minimum: minimum, tracer: tracer, parent: parent)
        }

        /// Runs an `async` build, recording it.
        static func recordAsync(
            _ build: BuildInfo,
            minimum: Duration,
            tracer: any Tracer,
            _ body: () async throws -> Void
        ) async rethrows {
            let parent = current
            let pending = PendingBuild(build)
            do {
                try await $current.withValue(pending) { try await body() }
            } catch {
                pending.finish(error: error, minimum: minimum, tracer: tracer, parent: parent)
                throw error
            }
            pending.finish(error: nil, minimum: minimum, tracer: tracer, parent: parent)
        }

        /// Ends the record: dropped if too short; else handed to the enclosing build if it is still
        /// running, or made into spans now.
        private func finish(error: (any Error)?, minimum: Duration, tracer: any Tracer, parent: PendingBuild?) {
            let elapsed = ContinuousClock.now - start
            let end = DefaultTracerClock.now
            let waiters = info.isAsync ? info.singleFlightWaiters : 0
            state.withLock { state in
                state.ended = true
                state.end = end
                state.elapsed = elapsed
                state.error = error
                state.waiters = waiters
            }
            guard elapsed >= minimum else { return }
            if let parent, parent.adopt(self) { return }
            makeSpans(under: parentContext, tracer: tracer)
        }

        /// Keeps `child` to make its span inside this one's; `false` once this build has ended.
        private func adopt(_ child: PendingBuild) -> Bool {
            state.withLock { state in
                guard !state.ended else { return false }
                state.children.append(child)
                return true
            }
        }

        /// Makes this build's span, as a child of `context`, and its kept children's inside it.
        private func makeSpans(under context: ServiceContext, tracer: any Tracer) {
            let recorded = state.withLock { $0 }
            let start = DefaultTracerClock.Timestamp(recorded.elapsed, before: recorded.end)
            let span = tracer.startSpan(SpanInstrument.name(of: info), context: context, at: start)
            span.updateAttributes { SpanInstrument.describe(info, in: &$0) }
            if info.isAsync { span.attributes["wiring.single_flight.waiters"] = recorded.waiters }
            if let error = recorded.error { SpanInstrument.fail(span, build: info, error: error) }
            for child in recorded.children { child.makeSpans(under: span.context, tracer: tracer) }
            span.end(at: recorded.end)
        }
    }
#endif
