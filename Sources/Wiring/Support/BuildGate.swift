#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread at a time through a section that runs user code, for a facade whose library promised
/// that: Swinject's exactly-once `.container` builds and its `synchronize()` resolver.
///
/// The thread that enters first owns the gate until it leaves; another thread waits; the owner may
/// enter again (``Turn/reentrant``); and a thread whose wait would close a loop of threads waiting
/// for each other, across gates, scopes and the engine's singleton cells alike
/// (``BuildOwnership``), is let through (``Turn/loop``) instead of hanging. No lock is held while
/// the owner runs user code.
///
/// A gate is two atomics and no lock of its own: going through one no other thread holds takes one
/// compare-and-exchange. ``BuildOwnership`` learns who owns a gate only when a thread waits for it,
/// as for a scope, and waiting threads sleep in one ``WaitingRoom`` shared by every gate.
package final class BuildGate: Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (AtomicWordStorage(UInt(0)), AtomicWordStorage(UInt(0)), AtomicWordStorage(false))
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
    private var owner: AtomicView<UInt> { AtomicView(inline: self, word: 0) }
    /// How many times an owner left: what a waiting thread watches, rather than `owner`, which
    /// may name the same thread again when it leaves and enters at once.
    private var departures: AtomicView<UInt> { AtomicView(inline: self, word: 1) }
    /// Whether a thread waits, or is about to, since an owner last left: the next owner to leave
    /// then clears what ``BuildOwnership`` knows of the gate and wakes the waiting room.
    private var contended: AtomicView<Bool> { AtomicView(inline: self, word: 2) }

    /// An open gate.
    package init() {}

    /// Waits until no other thread owns the gate, then owns it; see ``Turn`` for the other ways through.
    package func enter() -> Turn {
        let thread = currentThreadID
        while true {
            let seen = departures.load(ordering: .sequentiallyConsistent)
            let (taken, current) = owner.compareExchange(expected: 0, desired: thread, ordering: .sequentiallyConsistent)
            if taken { return .owner }
            if current == thread { return .reentrant }
            // Another thread owns it: wait for it, unless that would close a loop of waiting threads.
            contended.store(true, ordering: .sequentiallyConsistent)
            guard BuildOwnership.shared.wait(for: ObjectIdentifier(self), ownedBy: current, by: thread) else {
                return .loop
            }
            // No wake-up is lost: an owner counts its departure before it reads `contended`, and
            // this thread set `contended` before it reads `departures` (all sequentially
            // consistent), so either the owner sees `contended` and wakes the room after this
            // thread is in it, or this thread sees the departure and does not wait.
            WaitingRoom.shared.wait { self.departures.load(ordering: .sequentiallyConsistent) != seen }
            BuildOwnership.shared.endWait(by: thread)
        }
    }

    /// Whether a thread other than the calling one owns the gate now: one atomic read. A facade
    /// asks it before handing out an instance it found stored, so that a thread never takes one
    /// that another thread is still completing (Swinject's `initCompleted`).
    package var isHeldByAnotherThread: Bool {
        let current = owner.load(ordering: .sequentiallyConsistent)
        return current != 0 && current != currentThreadID
    }

    /// Whether no thread owns the gate now: one atomic read. A facade asks it before keeping an
    /// instance it found stored where a later resolve finds it without the gate: no thread is then
    /// still completing it.
    package var isOpen: Bool {
        owner.load(ordering: .sequentiallyConsistent) == 0
    }

    /// Leaves the gate the way ``enter()`` let the calling thread in: an owner opens it for the next.
    package func leave(_ turn: Turn) {
        guard case .owner = turn else { return }
        if contended.load(ordering: .sequentiallyConsistent) {
            BuildOwnership.shared.release(ObjectIdentifier(self))
        }
        owner.store(0, ordering: .sequentiallyConsistent)
        departures.add(1, ordering: .sequentiallyConsistent)
        if contended.exchange(false, ordering: .sequentiallyConsistent) {
            WaitingRoom.shared.wakeEveryone()
        }
    }
}

/// Where threads waiting for a ``BuildGate`` sleep: one mutex and one condition for every gate,
/// since waits are rare (two threads wanting one instance at once) and short.
private final class WaitingRoom: @unchecked Sendable {
    // @unchecked: both pointers are allocated and initialised once, in `init`, and never freed
    // (the one room lives as long as the process), and they are used only through pthread calls,
    // which are made for concurrent use.
    static let shared = WaitingRoom()

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        let mutexResult = pthread_mutex_init(mutex, nil)
        precondition(mutexResult == 0, "Wiring: pthread_mutex_init failed with \(mutexResult)")
        let conditionResult = pthread_cond_init(condition, nil)
        precondition(conditionResult == 0, "Wiring: pthread_cond_init failed with \(conditionResult)")
    }

    /// Sleeps until `done` is true, checking it under the room's mutex after each wake-up.
    /// `done` reads an atomic only.
    func wait(until done: () -> Bool) {
        pthread_mutex_lock(mutex)
        while !done() { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every waiting thread, each of which looks at its own gate again.
    func wakeEveryone() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
