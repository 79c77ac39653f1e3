#if Metrics
    public import CoreMetrics
    public import Wiring

    /// What ``Wiring/Container/recordMetrics(_:factory:)`` records, and how its metrics are named.
    public struct MetricsOptions: Sendable {
        /// The start of every label: `wiring` gives `wiring_builds_total`.
        public var prefix: String
        /// Whether the metrics about registrations (builds, cache hits, failures, build duration,
        /// disposal failures) carry the registration as a `type` dimension. `true` by default; turn
        /// it off when the registrations are many, to keep the number of series down.
        public var typeDimension: Bool
        /// Whether cache hits are counted; `true` by default. Counting them takes the cached read
        /// off its lock-free fast path for every registration of the container.
        public var countsCacheHits: Bool

        /// Options; by default labels start with `wiring`, carry the type, and hits are counted.
        public init(prefix: String = "wiring", typeDimension: Bool = true, countsCacheHits: Bool = true) {
            self.prefix = prefix
            self.typeDimension = typeDimension
            self.countsCacheHits = countsCacheHits
        }
    }

    extension Container {
        /// Records this container's vital signs as swift-metrics metrics, with `prefix` (see
        /// ``MetricsOptions``) before each label:
        ///
        /// | Label | Kind | Dimensions | What it counts |
        /// |---|---|---|---|
        /// | `wiring_builds_total` | counter | `type` | factories that ran |
        /// | `wiring_cache_hits_total` | counter | `type` | resolves served from a cache |
        /// | `wiring_build_failures_total` | counter | `type` | builds that threw |
        /// | `wiring_build_duration` | timer | `type` | each build's time, nested builds included |
        /// | `wiring_refused_total` | counter | `reason` (`cycle`, `depth_exceeded`) | resolves refused before a factory ran |
        /// | `wiring_open_scopes` | meter | `scope` | scopes made and not yet closed or released |
        /// | `wiring_scope_duration` | timer | `scope` | each scope's life, from its making to the end of its close |
        /// | `wiring_scopes_abandoned_total` | counter | `scope` | scopes released without `close()` |
        /// | `wiring_tracked_instances` | meter | | instances waiting to be disposed |
        /// | `wiring_disposal_failures_total` | counter | `type` | teardowns that threw |
        ///
        /// ```swift
        /// container.recordMetrics(MetricsOptions(prefix: "todo_wiring", typeDimension: false))
        /// ```
        ///
        /// A failure nested three builds deep counts as three failed builds: each build it passed
        /// through failed. Calling it again replaces the options.
        ///
        /// - Parameters:
        ///   - options: The labels' prefix, whether they carry the type, and whether hits count.
        ///   - factory: Where the metrics go; by default `MetricsSystem.factory`, read once, now.
        public func recordMetrics(_ options: MetricsOptions = MetricsOptions(), factory: (any MetricsFactory)? = nil) {
            addInstrument(MetricsInstrument(options: options, factory: factory ?? MetricsSystem.factory))
        }

        /// Stops recording metrics; see ``recordMetrics(_:factory:)``.
        public func stopRecordingMetrics() {
            removeInstrument(MetricsInstrument.self)
        }
    }
#endif
