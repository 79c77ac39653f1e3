#if !Logging
    // Without its trait, this module has none of its code (each file is behind `#if Logging`).
    // These stand-ins turn "cannot find … in scope" into a message that says what to change.
    public import Wiring

    extension Container {
        /// Stands in for WiringLogging's `log(to:)` when the `Logging` trait is off, so that code
        /// using it is told which trait to turn on.
        @available(
            *, unavailable,
            message: "WiringLogging needs Wiring's Logging trait: add traits: [\"Logging\"] to Wiring's .package line"
        )
        public func log(to logger: Any) {}

        /// Stands in for WiringLogging's `registerRequestLogger` when the `Logging` trait is off.
        @available(
            *, unavailable,
            message: "WiringLogging needs Wiring's Logging trait: add traits: [\"Logging\"] to Wiring's .package line"
        )
        public func registerRequestLogger(_ base: Any, metadataKey: String = "", scope: ScopeName? = nil) {}
    }
#endif
