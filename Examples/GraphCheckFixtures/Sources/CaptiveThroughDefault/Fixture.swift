import Wiring

public final class Draft: Sendable {
    public init() {}
}

/// Reads the draft through its initializer's default argument.
public final class DraftSummary: Sendable {
    let draft: Draft
    public init(draft: Draft = wired()) { self.draft = draft }
}

/// The singleton's factory leaves the argument out, so the default reads a scoped draft outside
/// any scope.
public struct SummaryModule: Module {
    public init() {}
    public var registrations: Registrations {
        scoped(in: "checkout") { Draft() }
        singleton { DraftSummary() }  // expect-error: through its default argument `= wired()`
    }
}
