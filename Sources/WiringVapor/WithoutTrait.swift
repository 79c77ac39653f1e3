#if !Vapor
    // Without its trait, this module has none of its code (each file is behind `#if Vapor`).
    // These stand-ins turn "cannot find … in scope" into a message that says what to change.

    /// Stands in for WiringVapor's middleware when the `Vapor` trait is off, so that code
    /// using it is told which trait to turn on.
    @available(
        *, unavailable,
        message: "WiringVapor needs Wiring's Vapor trait: add traits: [\"Vapor\"] to Wiring's .package line"
    )
    public struct WiringMiddleware {}
#endif
