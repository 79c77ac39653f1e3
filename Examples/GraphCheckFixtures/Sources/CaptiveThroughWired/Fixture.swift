import Wiring

public final class Draft: Sendable {
    public init() {}
}

/// Reads the draft through call-site injection, as it is made.
public final class DraftHolder: Sendable {
    let draft: Draft = wired()
    public init() {}
}

/// The singleton's factory makes a DraftHolder, which reads a scoped Draft: a singleton cannot
/// hold what exists only inside a scope.
public struct CheckoutModule: Module {
    public init() {}
    public var registrations: Registrations {
        scoped(in: "checkout") { Draft() }
        singleton { DraftHolder() }  // expect-error: DraftHolder (singleton) depends on Draft (scoped(checkout))
    }
}
