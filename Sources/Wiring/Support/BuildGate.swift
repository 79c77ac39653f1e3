import Synchronization

/// One thread at a time through a section that runs user code, for a facade whose library promised
/// that: Swinject's exactly-once `.container` builds and its `synchronize()` resolver.
///
/// It is the engine's own once-cell discipline (``InstanceCell``) offered to the facades: the
/// thread that enters first owns the gate until it leaves; another thread waits; the owner may
/// enter again (``Turn/reentrant``); and a thread whose wait would close a loop of threads waiting
/// for each other, across gates, scopes and the engine's singleton cells alike
/// (``BuildOwnership``), is let through (``Turn/loop``) instead of hanging. Only the owner's
/// `buildLock` is held across user code, as for a singleton's build; no other lock is.
///
/// Going through a gate no other thread holds takes one compare-and-exchange and one uncontended
/// mutex: ``BuildOwnership`` learns who owns the gate only when a thread waits for it, as for a scope.
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

    /// The owning thread's ``currentThreadID``, or 0.
    private let owner = Atomic<UInt>(0)
    /// Whether a thread told ``BuildOwnership`` who owns the gate since an owner last left: the
    /// next owner to leave clears that record, so that it never names a thread that left.
    private let contended = Atomic<Bool>(false)
    private let buildLock = PlatformLock()

    /// An open gate.
    package init() {}

    /// Waits until no other thread owns the gate, then owns it; see ``Turn`` for the other ways through.
    package func enter() -> Turn {
        let thread = currentThreadID
        while true {
            let (taken, current) = owner.compareExchange(expected: 0, desired: thread, ordering: .acquiring)
            if taken {
                buildLock.lock()
                return .owner
            }
            if current == thread { return .reentrant }
            // Another thread owns it: wait for it, unless that would close a loop of waiting threads.
            contended.store(true, ordering: .sequentiallyConsistent)
            guard BuildOwnership.shared.wait(for: ObjectIdentifier(self), ownedBy: current, by: thread) else {
                return .loop
            }
            buildLock.lock()
            buildLock.unlock()
            BuildOwnership.shared.endWait(by: thread)
        }
    }

    /// Leaves the gate the way ``enter()`` let the calling thread in: an owner opens it for the next.
    package func leave(_ turn: Turn) {
        guard case .owner = turn else { return }
        if contended.exchange(false, ordering: .sequentiallyConsistent) {
            BuildOwnership.shared.release(ObjectIdentifier(self))
        }
        owner.store(0, ordering: .releasing)
        buildLock.unlock()
    }
}
