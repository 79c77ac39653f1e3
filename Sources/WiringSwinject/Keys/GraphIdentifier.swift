internal import Wiring

/// One object graph: the instances a top-level resolve and everything it resolves share in the
/// `.graph` scope. Resolve `GraphIdentifier.self` inside a factory to get the current one, and pass
/// it to `Container.withObjectGraph(_:closure:)` to resolve in it again later.
public struct GraphIdentifier: Identifiable, Hashable, Sendable {
    /// Unique in the process.
    public let id: UInt64

    /// A new graph. Internal in Swinject 2.10.0; public here, because its own tests make one.
    public init() {
        id = GraphIdentifier.next.add(1, ordering: .relaxed).newValue
    }

    private static let next = AtomicCell<UInt64>(0)
}
