#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Safe memory reclamation for Wiring's lock-free reads: read sections and grace periods.
///
/// A cached resolve reads a chain of objects without a lock and without reference counting:
/// the registry's table, a registration, its cell, the box holding the instance, and finally
/// retains the instance itself. A writer (override, remove, reset, table growth) unpublishes one
/// of those objects and must not free it while a reader may still be following a pointer to it.
///
/// - **Readers** wrap the chain in a *read section*: ``enter(_:)`` increments one of a small set
///   of striped counters (chosen from the reader's stack address, so two threads rarely share a
///   cache line) and ``ReadSection/exit()`` decrements it. A section holds no lock, runs no user
///   code and releases nothing, so it always ends within a few instructions.
/// - **Writers** unpublish first, then wait for a *grace period* (``synchronize()``): twice, they
///   flip the phase, so that new readers count on the other set of counters, and wait until every
///   counter of the old phase is zero. After that no reader can reach what was unpublished, and
///   the writer releases it, after dropping every engine lock, so a `deinit` that calls back into
///   the container is safe.
///
/// Why it is sound: a reader increments its counter (sequentially consistent) *before* loading
/// any pointer, and loads the pointers sequentially consistently. A writer stores its new
/// pointers, issues a sequentially consistent fence, and then reads every counter of both sets
/// (one set after each of two phase flips). Take a reader and the counter it incremented. In the
/// single total order of these operations, either the increment comes before the writer's read
/// of that counter, and the writer sees it non-zero and waits for the decrement (a release that
/// the writer's load pairs with, so ThreadSanitizer sees the happens-before edge too), or it
/// comes after that read and so after the fence, and every pointer the reader loads is already
/// the new one. Reading both sets matters: a reader may count itself in either, whatever the
/// phase is now. The flips only keep a steady stream of new readers from starving the writer.
///
/// This fits Swift's ARC: readers end by retaining the instance (`+1`, owned by the caller), so
/// the object lives exactly as long as its last user, and the container's own reference is
/// dropped as soon as the grace period ends, not when the container dies.
@usableFromInline
enum Reclamation {
    /// Counters per phase: enough that a handful of reading threads rarely share one.
    static let stripes = 32
    /// `Int`s per 128 bytes: each counter, and the phase, has two cache lines of its own.
    static let wordsPerLine = 16

    /// Line 0 holds the phase (0 or 1); line `1 + phase * stripes + stripe` holds a counter.
    /// Allocated once for the process and never freed.
    static var lines: AtomicWords<Int> { storage.base }

    private static let storage: Counters = {
        let count = (1 + 2 * stripes) * wordsPerLine
        return Counters(base: .allocate(capacity: count, initializedTo: 0))
    }()

    /// The process's counters.
    private struct Counters: @unchecked Sendable {
        // @unchecked: `base` points to memory that is allocated once, never freed, and accessed
        // only through atomic operations.
        let base: AtomicWords<Int>
    }

    /// Serialises grace periods, so that two writers never flip the phase under each other.
    private static let graceLock = PlatformLock()

    /// Starts a read section: no object reachable through a lock-free pointer is freed until
    /// ``ReadSection/exit()``.
    ///
    /// - Parameter lines: ``lines``, passed in by the caller, which keeps a copy in an object it
    ///   already reads, so that the hot path does not go through a global's lazy initialiser.
    @inlinable @inline(__always)
    static func enter(_ lines: AtomicWords<Int>) -> ReadSection {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        // Thread stacks lie megabytes apart; hash the 64 KiB block the caller's frame is in.
        let stripe = Int(truncatingIfNeeded: ((address >> 16) &* 0x9E37_79B9_7F4A_7C15) >> 59)
        let phase = lines.pointee.load(ordering: .relaxed)
        // Literals, not `stripes` and `wordsPerLine`: a static's accessor is a call across modules.
        let counter = lines + (1 &+ phase &* 32 &+ stripe) &* 16
        counter.pointee.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return ReadSection(counter: counter)
    }

    /// Waits until every read section that started before this call has ended.
    ///
    /// Call it after unpublishing and after dropping every engine lock; release what was
    /// unpublished after it returns (see ``release(_:)``). Never call it inside a read section.
    static func synchronize() {
        graceLock.lock()
        defer { graceLock.unlock() }
        atomicFence(ordering: .sequentiallyConsistent)
        // Both sets of counters, each after a flip that sends new readers to the other set: a
        // reader may have read the phase long ago and count itself in either set, so waiting
        // for one set alone would miss it (a use-after-free the release churn test caught).
        for _ in 0..<2 {
            let old = lines.pointee.load(ordering: .relaxed)
            lines.pointee.store(1 - old, ordering: .sequentiallyConsistent)
            for stripe in 0..<stripes {
                let counter = lines + (1 + old * stripes + stripe) * wordsPerLine
                var spins = 0
                while counter.pointee.load(ordering: .sequentiallyConsistent) != 0 {
                    spins += 1
                    // A section lasts a few dozen instructions, so a counter that stays up means
                    // its reader was preempted inside it: sleep, so that it gets a core back and
                    // this writer is woken (and preempts a spinning reader) soon after. Measured
                    // with two readers and this writer on two cores: an override cost 170–220 µs
                    // with the shortest sleep against 860 µs with `sched_yield`, which hands the
                    // core to the preempted reader for a whole time slice.
                    if spins > 100 { usleep(1) }
                }
            }
        }
    }

    /// Disposes the instances among `objects` that are tracked for disposal, waits for a grace
    /// period, then releases `objects`: the last step of every reset, removal and replacement.
    /// Call it with no engine lock held; a teardown, and a released object's `deinit`, may
    /// resolve, register, reset or remove.
    static func release(_ objects: consuming [AnyObject]) {
        guard !objects.isEmpty else { return }
        for object in copy objects { (object as? any DisposedOnRelease)?.disposeBeforeRelease() }
        withExtendedLifetime(objects) { synchronize() }
        // `objects` is released here, after the grace period and outside every lock; the
        // `withExtendedLifetime` above keeps the optimiser from releasing it any earlier.
    }

}

/// A read section in progress (see ``Reclamation``).
@usableFromInline
struct ReadSection {
    @usableFromInline let counter: AtomicWords<Int>

    @inlinable @inline(__always)
    init(counter: AtomicWords<Int>) {
        self.counter = counter
    }

    /// Ends the section. Everything read inside it that the caller still needs must have been
    /// retained (copied out) before this.
    @inlinable @inline(__always)
    func exit() {
        counter.pointee.wrappingSubtract(1, ordering: .releasing)
    }
}
