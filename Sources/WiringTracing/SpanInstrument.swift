#if Tracing
    import Tracing
    import Wiring

    /// The instrument ``Wiring/Container/traceSpans(_:tracer:)`` installs.
    struct SpanInstrument: ContainerInstrument {
        let tracer: any Tracer
        let options: SpanOptions

        var observesCacheHits: Bool { options.coverage == .everyResolve }

        func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
            if options.rootsOnly, build.depth > 0 { return try body() }
            let span = tracer.startSpan(Self.name(of: build))
            span.updateAttributes { Self.describe(build, in: &$0) }
            defer { span.end() }
            do {
                try ServiceContext.withValue(span.context) { try body() }
            } catch {
                Self.fail(span, build: build, error: error)
                throw error
            }
        }

        func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws {
            if options.rootsOnly, build.depth > 0 { return try await body() }
            if options.minimumDuration > .zero {
                return try await PendingBuild.recordAsync(build, minimum: options.minimumDuration, tracer: tracer) { try await body() }
            }
            let span = tracer.startSpan(Self.name(of: build))
            span.updateAttributes { Self.describe(build, in: &$0) }
            defer { span.end() }
            do {
                try await ServiceContext.withValue(span.context) { try await body() }
                span.attributes["wiring.single_flight.waiters"] = build.singleFlightWaiters
            } catch {
                span.attributes["wiring.single_flight.waiters"] = build.singleFlightWaiters
                Self.fail(span, build: build, error: error)
                throw error
            }
        }

        /// The minimum duration, if there is one: the engine then times synchronous builds, and
        /// reports the slow ones to ``buildEnded(_:)`` instead of calling ``build(_:_:)``.
        var minimumBuildDuration: Duration? { options.minimumDuration > .zero ? options.minimumDuration : nil }

        func buildEnded(_ build: EndedBuild) {
            if options.rootsOnly, build.info.depth > 0 { return }
            let kept = KeptBuild(build, tracer: tracer, withChildren: !options.rootsOnly)
            // An `async` build this one ran in, if any, makes its span inside its own.
            if let parent = PendingBuild.current, parent.adopt(kept) { return }
            // The build has just ended, on the thread and in the task that resolved it: the
            // context current now is the one it ran in.
            kept.makeSpans(under: ServiceContext.current ?? .topLevel)
        }

        func resolvedFromCache(_ resolve: BuildInfo) {
            // A hit takes no time: a minimum duration drops it, as it would drop its span.
            guard options.minimumDuration == .zero, !options.rootsOnly || resolve.depth == 0 else { return }
            let span = tracer.startSpan("wiring.resolve \(resolve.registration)")
            span.updateAttributes { Self.describe(resolve, in: &$0) }
            span.end()
        }

        func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? {
            guard options.scopes else { return nil }
            // With a minimum, the scope's span is made only once it has lasted it.
            if options.minimumDuration > .zero {
                return PendingScopeSpan(tracer: tracer, scope: scope, minimum: options.minimumDuration)
            }
            // The span current where the scope is made (a request's, behind a tracing middleware;
            // `startSpan`'s default context) is its parent, wherever the scope is later closed.
            return ScopeSpan(span: ScopeSpan.start(scope, tracer: tracer, context: ServiceContext.current ?? .topLevel))
        }

        func disposed(_ disposal: DisposalInfo) {
            if disposal.duration < options.minimumDuration { return }
            // Made when the teardown has ended, from its times: inside a scope's close, a child of the
            // scope's span, which the close made current.
            let end = DefaultTracerClock.now
            let start = DefaultTracerClock.Timestamp(ContinuousClock.now - disposal.start, before: end)
            let span = tracer.startSpan("wiring.dispose \(disposal.registration)", at: start)
            span.attributes["wiring.type"] = disposal.registration
            if let error = disposal.error {
                span.recordError(error)
                span.setStatus(SpanStatus(code: .error, message: "disposing \(disposal.registration) threw: \(error)"))
            }
            span.end(at: end)
        }

        /// A build span's name: `wiring.build Database`, `wiring.build Database tagged "replica"`.
        static func name(of build: BuildInfo) -> String { "wiring.build \(build.registration)" }

        /// A build's attributes.
        static func describe(_ build: BuildInfo, in attributes: inout SpanAttributes) {
            attributes["wiring.type"] = build.typeName
            if let tag = build.tag { attributes["wiring.tag"] = tag }
            attributes["wiring.lifetime"] = "\(build.lifetime)"
            attributes["wiring.path"] = build.path.joined(separator: " → ")
            attributes["wiring.registered"] = "\(build.registrationSite)"
            attributes["wiring.depth"] = build.depth
            attributes["wiring.cache_hit"] = build.cacheHit
        }

        /// Records a failed build: its error, and an error status with the resolve's message.
        static func fail(_ span: any Span, build: BuildInfo, error: any Error) {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error, message: build.failureMessage(for: error)))
        }
    }

    extension DefaultTracerClock.Timestamp {
        /// The time `elapsed` before `end` on the wall clock spans are stamped with: the start of a
        /// span made after the work it records, whose length the monotonic clock measured. A
        /// negative `elapsed` counts as none; one longer than the epoch stops at it.
        init(_ elapsed: Duration, before end: Self) {
            let nanoseconds = elapsed.clampedNanoseconds
            self.init(nanosecondsSinceEpoch: end.nanosecondsSinceEpoch - min(end.nanosecondsSinceEpoch, nanoseconds))
        }
    }

    /// A scope's span, from its opening to the end of its close.
    struct ScopeSpan: ScopeInstrument {
        let span: any Span

        /// Starts the span of `scope`, a child of `context`, at `start` (now by default).
        static func start(
            _ scope: ScopeInfo, tracer: any Tracer, context: ServiceContext, at start: DefaultTracerClock.Timestamp = DefaultTracerClock.now
        ) -> any Span {
            let span = tracer.startSpan("wiring.scope \(scope.name?.rawValue ?? "unnamed")", context: context, at: start)
            span.updateAttributes { attributes in
                if let name = scope.name { attributes["wiring.scope"] = name.rawValue }
                attributes["wiring.scope.nested"] = scope.isNested
            }
            return span
        }

        func close(_ body: () -> [DisposalError.Failure]) {
            let failures = ServiceContext.withValue(span.context) { body() }
            end(failures)
        }

        func closeAsync(_ body: ScopeCloseBody) async {
            let failures = await ServiceContext.withValue(span.context) { await body() }
            end(failures)
        }

        func abandoned() {
            span.setStatus(
                SpanStatus(code: .error, message: "the scope was released without close(): its instances were not disposed"))
            span.end()
        }

        /// Ends the span, with the teardowns that failed.
        func end(_ failures: [DisposalError.Failure]) {
            span.attributes["wiring.scope.disposal_failures"] = failures.count
            if !failures.isEmpty {
                let names = failures.map(\.registration).joined(separator: ", ")
                span.setStatus(SpanStatus(code: .error, message: "disposing failed for \(names)"))
            }
            span.end()
        }
    }

    /// A scope's span under a minimum duration: made, from the scope's opening, once the scope has
    /// lasted the minimum, so that a quick scope costs two clock reads and no span.
    ///
    /// A scope that has lasted the minimum when its close begins gets its span then, and its
    /// close and disposals nest in it as they do without a minimum. One that only reaches it during
    /// its close gets its span after the close: the disposals kept inside it nest in the span that
    /// was current where the scope was closed. A scope released without its close always gets its
    /// span, with an error status.
    struct PendingScopeSpan: ScopeInstrument {
        let tracer: any Tracer
        let scope: ScopeInfo
        let minimum: Duration
        /// The span current where the scope was made: its span's parent.
        let parent = ServiceContext.current ?? .topLevel
        let opened = ContinuousClock.now

        func close(_ body: () -> [DisposalError.Failure]) {
            guard let span = startIfLong() else { return endIfLong(body()) }
            ScopeSpan(span: span).close(body)
        }

        func closeAsync(_ body: ScopeCloseBody) async {
            guard let span = startIfLong() else { return endIfLong(await body()) }
            await ScopeSpan(span: span).closeAsync(body)
        }

        func abandoned() {
            ScopeSpan(span: start()).abandoned()
        }

        /// The scope's span, begun at its opening, if the scope has lasted the minimum.
        private func startIfLong() -> (any Span)? {
            ContinuousClock.now - opened >= minimum ? start() : nil
        }

        /// Makes and ends the scope's span after its close if the close made it last the minimum.
        private func endIfLong(_ failures: [DisposalError.Failure]) {
            if let span = startIfLong() { ScopeSpan(span: span).end(failures) }
        }

        private func start() -> any Span {
            let start = DefaultTracerClock.Timestamp(ContinuousClock.now - opened, before: DefaultTracerClock.now)
            return ScopeSpan.start(scope, tracer: tracer, context: parent, at: start)
        }
    }
#endif
