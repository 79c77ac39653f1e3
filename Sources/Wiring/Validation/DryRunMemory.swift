/// What dry runs learned about registrations whose call-site injection fails, per container,
/// for as long as the container's registrations (and its ancestors') stay the same.
///
/// Learning it parks a thread (see ``DryRunWorker``), which is never freed. A container
/// validated again without a change would fail the same way, so a new dry run starts from
/// what the last one learned instead: those registrations throw their error without running
/// their factory, and repeated validation parks no more threads.
///
/// The memory holds its registrations weakly: it keeps no container, factory or instance
/// alive, and an entry whose registrations are gone is dropped when the next is remembered. It
/// has at most one entry per live container whose dry run parked a thread.
final class DryRunMemory: Sendable {
    static let shared = DryRunMemory()

    /// What one dry run learned, and the registrations it was learned from.
    struct Knowledge: Sendable {
        let failing: [Int: [ServiceKey: WiringError]]
        let errors: [WiringError]
        let edges: Set<EdgeRecorder.Edge>
    }

    private struct Memory: Sendable {
        /// The container's registrations, and its ancestors', in their lineage order.
        var registrations: [WeakEntry]
        var knowledge: Knowledge

        /// Whether `entries` are exactly the registrations this was learned from.
        func matches(_ entries: [AnyEntry]) -> Bool {
            guard entries.count == registrations.count else { return false }
            return zip(entries, registrations).allSatisfy { $0 === $1.entry }
        }

        var isStale: Bool { registrations.contains { $0.entry == nil } }
    }

    private struct WeakEntry: Sendable {
        weak var entry: AnyEntry?
    }

    private let memories = Lock<[Memory]>([])

    /// What the last dry run of `container` learned, if its registrations have not changed since.
    func recall(_ container: Container) -> Knowledge? {
        let entries = Self.registrations(of: container)
        return memories.withLock { memories in memories.first { $0.matches(entries) }?.knowledge }
    }

    /// Remembers what a dry run of `container` learned, replacing what an earlier one did.
    func remember(
        _ container: Container,
        failing: [Int: [ServiceKey: WiringError]],
        errors: [WiringError],
        edges: Set<EdgeRecorder.Edge>
    ) {
        let entries = Self.registrations(of: container)
        let memory = Memory(
            registrations: entries.map { WeakEntry(entry: $0) },
            knowledge: Knowledge(failing: failing, errors: errors, edges: edges)
        )
        memories.withLock { memories in
            memories.removeAll { $0.isStale || $0.matches(entries) }
            memories.append(memory)
        }
    }

    /// Every registration `container` sees, its own first.
    private static func registrations(of container: Container) -> [AnyEntry] {
        container.lineage.flatMap { $0.registry.allEntries() }
    }
}
