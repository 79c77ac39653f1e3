#if !Tracing
    // Without its trait, this module has none of its code (each file is behind `#if Tracing`).
    // These stand-ins turn "cannot find … in scope" into a message that says what to change.
    public import Wiring

    extension Container {
        /// Stands in for WiringTracing's `traceSpans` when the `Tracing` trait is off, so that
        /// code using it is told which trait to turn on.
        @available(
            *, unavailable,
            message: "WiringTracing needs Wiring's Tracing trait: add traits: [\"Tracing\"] to Wiring's .package line"
        )
        public func traceSpans(_ options: Any? = nil, tracer: Any? = nil) {}
    }
#endif
