#if Logging
    public import Logging
    public import Wiring

    extension Container {
        /// Logs every resolve of this container's registrations to `logger`, through
        /// `Container.trace(_:)`: builds at `debug`, cache hits at `trace`, and failed
        /// builds at `error` with the full message (what failed, where it was registered, and the
        /// fix).
        ///
        /// ```swift
        /// var logger = Logger(label: "wiring")
        /// logger.logLevel = .debug
        /// container.log(to: logger)
        /// ```
        ///
        /// Each message carries the registration as metadata: `wiring.type`, `wiring.tag`,
        /// `wiring.lifetime`, `wiring.duration` (of a build, which includes the builds nested in
        /// it), `wiring.path` (`App → UserService → Database`), `wiring.registered` (the file and
        /// line) and `wiring.cache_hit`. A container has one trace handler: this replaces one set by
        /// `trace(_:)`, and `stopTracing()` ends it. Levels below the logger's are skipped before
        /// any metadata is made.
        ///
        /// A logger whose level is above `debug` (`info`, the usual level of a server) logs failed
        /// builds only, so only those are traced (`Container.traceFailures(_:)`): what succeeds
        /// keeps the untraced fast path. The level is read when `log(to:)` is called: after
        /// lowering it, call `log(to:)` again. At `debug` or `trace`, every resolve is traced, which
        /// costs a little on each; turn it on where you need it.
        public func log(to logger: Logger) {
            let handler: @Sendable (ResolutionEvent) -> Void = { event in
                let level: Logger.Level = event.failure != nil ? .error : event.cacheHit ? .trace : .debug
                guard logger.logLevel <= level else { return }
                let message: Logger.Message =
                    if let failure = event.failure {
                        "\(failure)"
                    } else if event.cacheHit {
                        "Resolved \(event.registration) from its cache"
                    } else {
                        "Built \(event.registration)"
                    }
                logger.log(level: level, message, metadata: event.metadata)
            }
            if logger.logLevel > .debug { traceFailures(handler) } else { trace(handler) }
        }
    }

    extension ResolutionEvent {
        /// The event as swift-log metadata; see ``Wiring/Container/log(to:)``.
        public var metadata: Logger.Metadata {
            var metadata: Logger.Metadata = [
                "wiring.type": "\(typeName)",
                "wiring.lifetime": "\(lifetime)",
                "wiring.path": "\(path.joined(separator: " → "))",
                "wiring.registered": "\(registrationSite)",
                "wiring.cache_hit": "\(cacheHit)",
            ]
            if let tag { metadata["wiring.tag"] = "\(tag)" }
            if !cacheHit { metadata["wiring.duration"] = "\(duration)" }
            return metadata
        }

    }
#endif
