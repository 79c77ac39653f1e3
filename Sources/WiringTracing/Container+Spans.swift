#if Tracing
    public import Tracing
    public import Wiring

    /// What ``Wiring/Container/traceSpans(_:tracer:)`` records, so that a server does not drown in spans.
    public struct SpanOptions: Sendable {
        /// Which resolves become spans.
        public enum Coverage: Sendable {
            /// Each build (a factory that ran): the default.
            case builds
            /// Each build, and each resolve served from a cache, as a span of no duration with
            /// `wiring.cache_hit` set. Reporting cache hits takes the cached read off its lock-free
            /// fast path.
            case everyResolve
        }

        /// Which resolves become spans; ``Coverage/builds`` by default.
        public var coverage: Coverage
        /// Builds, scopes and disposals that finish faster are dropped, builds with the builds
        /// nested in them; `.zero` (the default) keeps them all.
        ///
        /// With a minimum, a kept build's span is made when it ends, from the times it recorded,
        /// so spans a factory starts itself (a query) are not nested in it: they nest in the span
        /// that was current when the outermost build began. A dropped synchronous build costs two
        /// reads of the monotonic clock and allocates nothing. A scope's span is made from its
        /// opening once the scope has lasted the minimum: at the start of its close, with the close
        /// and the disposals kept nested in it, or after the close if only the close made it last
        /// that long. A scope released without its close always gets its span, with an error.
        public var minimumDuration: Duration
        /// Only the outermost builds, those resolved from outside any factory, become spans;
        /// `false` by default.
        public var rootsOnly: Bool
        /// Whether each scope made from the container is a span (`wiring.scope request`), from
        /// its opening to the end of its close, with a span per disposal inside; `true` by default.
        public var scopes: Bool

        /// Options; the defaults record every build and every scope.
        public init(coverage: Coverage = .builds, minimumDuration: Duration = .zero, rootsOnly: Bool = false, scopes: Bool = true) {
            self.coverage = coverage
            self.minimumDuration = minimumDuration
            self.rootsOnly = rootsOnly
            self.scopes = scopes
        }
    }

    extension Container {
        /// Records this container's work as swift-distributed-tracing spans:
        ///
        /// - each build is a span `wiring.build <Type>`, a child of the span current where it was
        ///   resolved (`ServiceContext.current`); a build nested in another is its child, so a
        ///   trace shows the dependency path, and the spans a factory starts nest in its build;
        /// - each scope is a span `wiring.scope <name>`, a child of the span current where it was
        ///   made; its close, with a span `wiring.dispose <Type>` per disposal, nests in it.
        ///
        /// ```swift
        /// container.traceSpans(SpanOptions(minimumDuration: .milliseconds(1)))
        /// ```
        ///
        /// A build span carries `wiring.type`, `wiring.tag`, `wiring.lifetime`, `wiring.path`
        /// (`App → UserService → Database`), `wiring.registered`, `wiring.depth` and
        /// `wiring.cache_hit`, and for an `async` single-flight build `wiring.single_flight.waiters`.
        /// A failed build records its error and sets the span's status to error, with the message the
        /// resolve throws: what failed, where it was registered, and the fix.
        ///
        /// - Parameters:
        ///   - options: What becomes a span; by default every build and every scope.
        ///   - tracer: The tracer to record to; by default the one `InstrumentationSystem` has here
        ///     (a task-local one set by `withTracer`, else the bootstrapped one), read once, now: the
        ///     resolve path never looks it up.
        ///
        /// Calling it again replaces the options. It costs nothing on a cached read unless
        /// ``SpanOptions/Coverage/everyResolve`` asks for cache hits.
        public func traceSpans(_ options: SpanOptions = SpanOptions(), tracer: (any Tracer)? = nil) {
            addInstrument(SpanInstrument(tracer: tracer ?? InstrumentationSystem.tracer, options: options))
        }

        /// Stops recording spans; see ``traceSpans(_:tracer:)``. Scopes already open still end
        /// their spans.
        public func stopTracingSpans() {
            removeInstrument(SpanInstrument.self)
        }
    }
#endif
