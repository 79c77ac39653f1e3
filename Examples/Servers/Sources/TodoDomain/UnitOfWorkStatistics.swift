import Synchronization

/// Counts of units of work (one per API request, request-scoped), for the load test's checks:
/// every one created is disposed of, and each has an id no other request had.
public final class UnitOfWorkStatistics: Sendable {
    private let createdCount = Atomic<Int>(0)
    private let disposedCount = Atomic<Int>(0)
    private let rolledBackCount = Atomic<Int>(0)

    /// Statistics starting at zero.
    public init() {}

    /// Units of work created so far.
    public var createdTotal: Int { createdCount.load(ordering: .acquiring) }
    /// Units of work disposed of so far.
    public var disposedTotal: Int { disposedCount.load(ordering: .acquiring) }
    /// Transactions rolled back so far.
    public var rolledBackTotal: Int { rolledBackCount.load(ordering: .acquiring) }

    /// Counts a new unit of work, returning its id: unique in the process.
    public func created() -> Int { createdCount.add(1, ordering: .relaxed).newValue }
    /// Counts a unit of work disposed of.
    public func disposed() { disposedCount.add(1, ordering: .releasing) }
    /// Counts a transaction rolled back.
    public func rolledBack() { rolledBackCount.add(1, ordering: .relaxed) }
}
