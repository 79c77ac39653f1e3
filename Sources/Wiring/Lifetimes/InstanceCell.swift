import Synchronization

/// A once-cell: builds its instance exactly once under any contention, and serves it to
/// later readers without a lock.
///
/// - Cached read: one acquire load of the published ``InstanceHolder`` and, for class
///   instances, one weak load. No lock, no allocation, no dynamic cast.
/// - Build: the building thread claims the cell in ``BuildOwnership`` (so re-entrance and
///   cross-thread loops throw instead of hanging) and holds this cell's own lock while user code
///   runs; threads that need the same instance wait on that lock, threads that need other
///   instances do not wait at all.
///
/// Weak singletons are read under the lock instead, so that their holders can be freed when the
/// instance is rebuilt.
@usableFromInline
final class InstanceCell<T>: @unchecked Sendable {
    // @unchecked: `published` is atomic; every other mutable property is read and written only
    // while `buildLock` is held, except `pending`, which only the thread that owns the build (per
    // `BuildOwnership`) reads or writes.
    @usableFromInline let published = Atomic<UnsafeRawPointer?>(nil)
    @usableFromInline let lockFreeReads: Bool
    private let holdsStrongly: Bool
    private let buildLock = PlatformLock()
    /// The thread that holds `buildLock` to build, or 0: lets that thread's re-entrant reads of a
    /// weak cell skip the lock it already holds. Only its own thread can see its own id here.
    private let builder = Atomic<UInt>(0)
    private var current: InstanceHolder<T>?
    private var strongValue: T?
    /// Holders that lock-free readers may still be reading; freed with the cell.
    private var retired: [InstanceHolder<T>] = []
    /// The instance being built, visible to its own thread during post-construction hooks so
    /// that a cycle closed by a hook resolves to it.
    var pending: T?

    init(weak: Bool) {
        lockFreeReads = !weak
        holdsStrongly = !weak
    }

    /// The published instance, if there is one and it is still alive. Never blocks.
    @inlinable @inline(__always)
    func cachedValue() -> T? {
        guard lockFreeReads, let raw = published.load(ordering: .acquiring) else { return nil }
        return Unmanaged<InstanceHolder<T>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value() }
    }

    /// The instance, built by `build` if needed, exactly once across all threads.
    ///
    /// - Parameters:
    ///   - entry: for errors: the registration being built.
    ///   - build: makes the instance; must set ``pending`` once it exists and before running hooks.
    func value(
        for entry: AnyEntry,
        build: (InstanceCell<T>) throws(WiringError) -> T
    ) throws(WiringError) -> T {
        let thread = currentThreadID
        let id = ObjectIdentifier(self)
        while true {
            if let value = lockFreeReads ? cachedValue() : lockedValue() { return value }
            switch BuildOwnership.shared.claim(id, by: thread) {
            case .reentrant where pending != nil:
                return pending.unsafelyUnwrapped
            case .reentrant, .deadlock:
                throw WiringError(code: .cycle, entry: entry)
            case .wait:
                buildLock.lock()
                buildLock.unlock()
                BuildOwnership.shared.endWait(by: thread)
                continue
            case .owner:
                buildLock.lock()
                builder.store(thread, ordering: .relaxed)
                defer {
                    pending = nil
                    builder.store(0, ordering: .relaxed)
                    BuildOwnership.shared.release(id)
                    buildLock.unlock()
                }
                if let value = current?.value() { return value }
                let value = try build(self)
                publish(value)
                return value
            }
        }
    }

    /// Requires `buildLock`.
    private func publish(_ value: T) {
        let holder = InstanceHolder(value, classObject: InstanceHolder<T>.classObject(of: value))
        if let old = current, lockFreeReads { retired.append(old) }
        current = holder
        if holdsStrongly { strongValue = value }
        if lockFreeReads {
            published.store(UnsafeRawPointer(Unmanaged.passUnretained(holder).toOpaque()), ordering: .releasing)
        }
    }

    /// The instance if it is built and alive, by whichever read suits the cell. Never builds.
    func peek() -> T? {
        lockFreeReads ? cachedValue() : lockedValue()
    }

    private func lockedValue() -> T? {
        // The building thread already holds `buildLock` (a weak singleton resolved again from its
        // own factory or hook): locking again would deadlock; the build path reports the cycle or
        // serves `pending` instead.
        if builder.load(ordering: .relaxed) == currentThreadID { return nil }
        buildLock.lock()
        defer { buildLock.unlock() }
        return current?.value()
    }

    /// Forgets the instance so that the next resolve builds a new one, and releases the cell's
    /// strong reference to it (after the lock is dropped, in case its `deinit` resolves).
    func reset() {
        buildLock.lock()
        let released = strongValue
        strongValue = nil
        if let old = current, lockFreeReads { retired.append(old) }
        current = nil
        published.store(nil, ordering: .releasing)
        buildLock.unlock()
        _ = consume released
    }
}
