/// Which thread is building which once-cell, and which thread waits for which cell.
///
/// It lets a build detect the two ways a singleton build could otherwise never finish:
/// - the building thread asks for the same cell again (a cycle through the factory);
/// - two threads each build a cell that the other one needs (a cycle split across threads),
///   which would be a deadlock; the thread that would close the loop throws instead.
/// Only builds touch it, never cached reads.
final class BuildOwnership: Sendable {
    static let shared = BuildOwnership()

    enum Claim {
        case owner
        case reentrant
        case wait
        case deadlock
    }

    private struct State {
        var owners: [ObjectIdentifier: UInt] = [:]
        var waiting: [UInt: ObjectIdentifier] = [:]
    }

    private let state = Lock(State())

    /// Claims `cell` for `thread`, or says why it cannot.
    func claim(_ cell: ObjectIdentifier, by thread: UInt) -> Claim {
        state.withLock { state in
            guard let owner = state.owners[cell] else {
                state.owners[cell] = thread
                return .owner
            }
            if owner == thread { return .reentrant }
            // Follow owner → the cell it waits for → that cell's owner …; reaching us is a loop.
            var current = owner
            var steps = 0
            while let awaited = state.waiting[current], let next = state.owners[awaited], steps <= state.owners.count {
                if next == thread { return .deadlock }
                current = next
                steps += 1
            }
            state.waiting[thread] = cell
            return .wait
        }
    }

    /// For a build that records its owner only when someone waits for it (a scope's): records
    /// that `owner` builds `cell` and that `thread` waits for it. `false` when that wait would
    /// close a loop of threads waiting for each other: `thread` must throw instead.
    func wait(for cell: ObjectIdentifier, ownedBy owner: UInt, by thread: UInt) -> Bool {
        state.withLock { state in
            if state.owners[cell] == nil { state.owners[cell] = owner }
            var current = owner
            var steps = 0
            while let awaited = state.waiting[current], let next = state.owners[awaited], steps <= state.owners.count {
                if next == thread { return false }
                current = next
                steps += 1
            }
            state.waiting[thread] = cell
            return true
        }
    }

    func endWait(by thread: UInt) {
        state.withLock { _ = $0.waiting.removeValue(forKey: thread) }
    }

    func release(_ cell: ObjectIdentifier) {
        state.withLock { _ = $0.owners.removeValue(forKey: cell) }
    }
}
