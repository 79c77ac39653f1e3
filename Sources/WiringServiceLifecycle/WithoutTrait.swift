#if !ServiceLifecycle
    // Without its trait, this module has none of its code (each file is behind `#if ServiceLifecycle`).
    // These stand-ins turn "cannot find … in scope" into a message that says what to change.
    public import Wiring

    extension Container {
        /// Stands in for WiringServiceLifecycle's `serviceGroup` when the `ServiceLifecycle` trait
        /// is off, so that code using it is told which trait to turn on.
        @available(
            *, unavailable,
            message:
                "WiringServiceLifecycle needs Wiring's ServiceLifecycle trait: add traits: [\"ServiceLifecycle\"] to Wiring's .package line"
        )
        public func serviceGroup(logger: Any) async throws {}
    }
#endif
