/// One thread at a time through a section that runs user code, for a facade whose library promised
/// that: Swinject's exactly-once `.container` builds and its `synchronize()` resolver.
///
/// It is the engine's own once-cell discipline (``InstanceCell``) offered to the facades: the
/// thread that enters first owns the gate until it leaves; another thread waits; the owner may
/// enter again (``Turn/reentrant``); and a thread whose wait would close a loop of threads waiting
/// for each other, across gates and the engine's singleton cells alike (``BuildOwnership``), is
/// let through (``Turn/loop``) instead of hanging. Only the owner's `buildLock` is held across user
/// code, as for a singleton's build; no other lock is.
package final class BuildGate: Sendable {
    /// How the calling thread went through ``enter()``; hand it back to ``leave(_:)``.
    package enum Turn: Sendable {
        /// The calling thread owns the gate until it leaves.
        case owner
        /// The calling thread already owned the gate.
        case reentrant
        /// Waiting would have deadlocked: the calling thread goes through without owning it.
        case loop
    }

    private let buildLock = PlatformLock()

    /// An open gate.
    package init() {}

    /// Waits until no other thread owns the gate, then owns it; see ``Turn`` for the other ways through.
    package func enter() -> Turn {
        let thread = currentThreadID
        let id = ObjectIdentifier(self)
        while true {
            switch BuildOwnership.shared.claim(id, by: thread) {
            case .owner:
                buildLock.lock()
                return .owner
            case .reentrant:
                return .reentrant
            case .deadlock:
                return .loop
            case .wait:
                buildLock.lock()
                buildLock.unlock()
                BuildOwnership.shared.endWait(by: thread)
            }
        }
    }

    /// Leaves the gate the way ``enter()`` let the calling thread in: an owner opens it for the next.
    package func leave(_ turn: Turn) {
        guard case .owner = turn else { return }
        BuildOwnership.shared.release(ObjectIdentifier(self))
        buildLock.unlock()
    }
}
