#if Metrics
    import CoreMetrics
    import Wiring

    /// The instrument ``Wiring/Container/recordMetrics(_:factory:)`` installs.
    final class MetricsInstrument: ContainerInstrument {
        private let options: MetricsOptions
        private let factory: any MetricsFactory
        /// The metrics made so far, by label and dimension value: made once each, not per event.
        private let counters = Lock<[MetricKey: Counter]>([:])
        private let timers = Lock<[MetricKey: CoreMetrics.Timer]>([:])
        private let meters = Lock<[MetricKey: Meter]>([:])
        private let trackedInstances: Meter

        private struct MetricKey: Hashable {
            let label: String
            let dimension: String?
        }

        init(options: MetricsOptions, factory: any MetricsFactory) {
            self.options = options
            self.factory = factory
            trackedInstances = Meter(label: "\(options.prefix)_tracked_instances", factory: factory)
        }

        var observesCacheHits: Bool { options.countsCacheHits }

        func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
            let start = ContinuousClock.now
            defer { recordBuild(build, since: start) }
            do {
                try body()
            } catch {
                counter("build_failures_total", type: build).increment()
                throw error
            }
        }

        func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws {
            let start = ContinuousClock.now
            defer { recordBuild(build, since: start) }
            do {
                try await body()
            } catch {
                counter("build_failures_total", type: build).increment()
                throw error
            }
        }

        func resolvedFromCache(_ resolve: BuildInfo) {
            counter("cache_hits_total", type: resolve).increment()
        }

        func refused(_ error: WiringError) {
            // Identifiers, not the codes' descriptions ("depth exceeded"), for the dimension's values.
            let reason = error.code == .depthExceeded ? "depth_exceeded" : error.code == .cycle ? "cycle" : "other"
            counter("refused_total", dimension: ("reason", reason)).increment()
        }

        func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? {
            let name = scope.name?.rawValue ?? "unnamed"
            let open = meter("open_scopes", dimension: ("scope", name))
            open.increment()
            return ScopeMetrics(
                open: open,
                duration: timer("scope_duration", dimension: ("scope", name)),
                abandonedScopes: counter("scopes_abandoned_total", dimension: ("scope", name))
            )
        }

        func trackedInstancesChanged(by delta: Int) {
            if delta > 0 { trackedInstances.increment(by: Double(delta)) } else { trackedInstances.decrement(by: Double(-delta)) }
        }

        func disposed(_ disposal: DisposalInfo) {
            guard disposal.error != nil else { return }
            let dimension = options.typeDimension ? ("type", disposal.registration) : nil
            counter("disposal_failures_total", dimension: dimension).increment()
        }

        private func recordBuild(_ build: BuildInfo, since start: ContinuousClock.Instant) {
            counter("builds_total", type: build).increment()
            timer("build_duration", dimension: typeDimension(build)).record(since: start)
        }

        private func typeDimension(_ build: BuildInfo) -> (String, String)? {
            options.typeDimension ? ("type", build.registration) : nil
        }

        private func counter(_ name: String, type build: BuildInfo) -> Counter {
            counter(name, dimension: typeDimension(build))
        }

        private func counter(_ name: String, dimension: (String, String)?) -> Counter {
            let label = "\(options.prefix)_\(name)"
            return Self.metric(in: counters, label: label, dimension: dimension) {
                Counter(label: label, dimensions: dimension.map { [$0] } ?? [], factory: factory)
            }
        }

        private func timer(_ name: String, dimension: (String, String)?) -> CoreMetrics.Timer {
            let label = "\(options.prefix)_\(name)"
            return Self.metric(in: timers, label: label, dimension: dimension) {
                CoreMetrics.Timer(label: label, dimensions: dimension.map { [$0] } ?? [], factory: factory)
            }
        }

        private func meter(_ name: String, dimension: (String, String)?) -> Meter {
            let label = "\(options.prefix)_\(name)"
            return Self.metric(in: meters, label: label, dimension: dimension) {
                Meter(label: label, dimensions: dimension.map { [$0] } ?? [], factory: factory)
            }
        }

        /// The metric for `label` and `dimension` in `cache`, made by `make` the first time (outside
        /// the lock: a factory is the user's code).
        private static func metric<Metric: Sendable>(
            in cache: Lock<[MetricKey: Metric]>,
            label: String,
            dimension: (String, String)?,
            make: () -> Metric
        ) -> Metric {
            let key = MetricKey(label: label, dimension: dimension.map { "\($0.0)=\($0.1)" })
            if let known = cache.withLock({ $0[key] }) { return known }
            let made = make()
            return cache.withLock { cache in
                if let known = cache[key] { return known }
                cache[key] = made
                return made
            }
        }
    }

    /// A scope's metrics: the open-scopes meter, its life's timer and the abandoned counter.
    struct ScopeMetrics: ScopeInstrument {
        let open: Meter
        let duration: CoreMetrics.Timer
        let abandonedScopes: Counter
        let start = ContinuousClock.now

        func close(_ body: () -> [DisposalError.Failure]) {
            _ = body()
            ended()
        }

        func closeAsync(_ body: ScopeCloseBody) async {
            _ = await body()
            ended()
        }

        func abandoned() {
            abandonedScopes.increment()
            ended()
        }

        private func ended() {
            open.decrement()
            duration.record(since: start)
        }
    }

    extension CoreMetrics.Timer {
        /// Records the time from `start` to now.
        func record(since start: ContinuousClock.Instant) {
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        }
    }
#endif
