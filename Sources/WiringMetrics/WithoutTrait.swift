#if !Metrics
    // Without its trait, this module has none of its code (each file is behind `#if Metrics`).
    // These stand-ins turn "cannot find … in scope" into a message that says what to change.
    public import Wiring

    extension Container {
        /// Stands in for WiringMetrics' `recordMetrics` when the `Metrics` trait is off, so that
        /// code using it is told which trait to turn on.
        @available(
            *, unavailable,
            message: "WiringMetrics needs Wiring's Metrics trait: add traits: [\"Metrics\"] to Wiring's .package line"
        )
        public func recordMetrics(_ options: Any? = nil, factory: Any? = nil) {}
    }
#endif
