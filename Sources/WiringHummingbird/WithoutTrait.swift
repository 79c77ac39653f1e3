#if !Hummingbird
    // Without its trait, this module has none of its code (each file is behind `#if Hummingbird`).
    // These stand-ins turn "cannot find … in scope" into a message that says what to change.

    /// Stands in for WiringHummingbird's middleware when the `Hummingbird` trait is off, so
    /// that code using it is told which trait to turn on.
    @available(
        *, unavailable,
        message: "WiringHummingbird needs Wiring's Hummingbird trait: add traits: [\"Hummingbird\"] to Wiring's .package line"
    )
    public struct RequestScopeMiddleware<Context> {}

    /// Stands in for WiringHummingbird's request context when the `Hummingbird` trait is off.
    @available(
        *, unavailable,
        message: "WiringHummingbird needs Wiring's Hummingbird trait: add traits: [\"Hummingbird\"] to Wiring's .package line"
    )
    public struct BasicWiringRequestContext {}
#endif
