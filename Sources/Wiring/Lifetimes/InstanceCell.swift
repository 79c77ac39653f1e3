import Synchronization

/// The box a cell publishes to lock-free readers: the instance, held strongly.
///
/// Immutable. A reader copies `value` out (retaining it) inside a read section; the cell drops
/// its box on reset only after a grace period (``Reclamation``), so no reader can be copying from
/// a freed box, and the instance itself lives exactly as long as its last user.
@usableFromInline
final class InstanceBox<T>: @unchecked Sendable {
    // @unchecked: `value` is a `let`; the box is only shared for reading.
    @usableFromInline let value: T

    init(_ value: T) { self.value = value }
}

/// A weak singleton's instance: a weak reference, read under the cell's lock.
final class WeakInstance: @unchecked Sendable {
    // @unchecked: immutable after `init`; the Swift runtime makes loading a weak reference safe.
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}

/// A once-cell: builds its instance exactly once under any contention, and serves it to
/// later readers without a lock.
///
/// - Cached read: inside a read section, one load of the published ``InstanceBox`` and a copy
///   (retain) of its value. No lock, no weak load, no allocation, no dynamic cast.
/// - Build: the building thread claims the cell in ``BuildOwnership`` (so re-entrance and
///   cross-thread loops throw instead of hanging) and holds this cell's own lock while user code
///   runs; threads that need the same instance wait on that lock, threads that need other
///   instances do not wait at all.
/// - Reset: unpublishes the box under the lock and hands it to the caller, which releases it
///   after a grace period and outside every lock (see ``Reclamation/release(_:)``).
///
/// Weak singletons are read under the lock instead, through a ``WeakInstance``.
@usableFromInline
final class InstanceCell<T>: @unchecked Sendable {
    // @unchecked: `published` and `builder` are atomic; `current` and `weakCurrent` are read and
    // written only while `buildLock` is held; `pending` is read or written only by the thread that
    // owns the build (per `BuildOwnership`), which holds `buildLock` meanwhile.
    @usableFromInline let published = Atomic<UnsafeRawPointer?>(nil)
    /// ``Reclamation/lines``, for the read section of ``readValue()``.
    @usableFromInline let readers: UnsafeMutablePointer<Atomic<Int>>
    private let isWeak: Bool
    private let buildLock = PlatformLock()
    /// The thread that holds `buildLock` to build, or 0: lets that thread's re-entrant reads of a
    /// weak cell skip the lock it already holds. Only its own thread can see its own id here.
    private let builder = Atomic<UInt>(0)
    /// The box `published` points to; owns it.
    private var current: InstanceBox<T>?
    private var weakCurrent: WeakInstance?
    /// The instance being built, visible to its own thread during post-construction hooks so
    /// that a cycle closed by a hook resolves to it.
    var pending: T?

    init(weak: Bool) {
        isWeak = weak
        readers = Reclamation.lines
    }

    /// The published instance, if any. Requires a read section (the caller's), never blocks.
    @inlinable @inline(__always)
    func cachedValue() -> T? {
        guard let raw = published.load(ordering: .sequentiallyConsistent) else { return nil }
        return Unmanaged<InstanceBox<T>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }

    /// The published instance, if any, in a read section of its own. Never blocks.
    @inlinable @inline(__always)
    func readValue() -> T? {
        let section = Reclamation.enter(readers)
        defer { section.exit() }
        return cachedValue()
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
            if let value = peek() { return value }
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
                if let value = storedValue() { return value }
                let value = try build(self)
                publish(value)
                return value
            }
        }
    }

    /// Requires `buildLock`. The cell is empty here (``value(for:build:)`` checked under the lock).
    private func publish(_ value: T) {
        if isWeak {
            // The build path has already checked that `value` is an object.
            if let object = Self.object(of: value) { weakCurrent = WeakInstance(object) }
            return
        }
        let box = InstanceBox(value)
        current = box
        published.store(UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()), ordering: .sequentiallyConsistent)
    }

    /// Requires `buildLock`.
    private func storedValue() -> T? {
        if isWeak { return weakCurrent?.object.flatMap { $0 as? T } }
        return current?.value
    }

    /// The instance if it is built and alive, by whichever read suits the cell. Never builds.
    func peek() -> T? {
        isWeak ? lockedValue() : readValue()
    }

    private func lockedValue() -> T? {
        // The building thread already holds `buildLock` (a weak singleton resolved again from its
        // own factory or hook): locking again would deadlock; the build path reports the cycle or
        // serves `pending` instead.
        if builder.load(ordering: .relaxed) == currentThreadID { return nil }
        buildLock.lock()
        defer { buildLock.unlock() }
        return storedValue()
    }

    /// Forgets the instance so that the next resolve builds a new one, and returns what held it:
    /// the caller releases that after a grace period, with no lock held
    /// (``Reclamation/release(_:)``), because lock-free readers may still be copying from it and
    /// because the instance's `deinit` may call back into the container.
    func reset() -> AnyObject? {
        buildLock.lock()
        let box = current
        let weakBox = weakCurrent
        current = nil
        weakCurrent = nil
        published.store(nil, ordering: .sequentiallyConsistent)
        buildLock.unlock()
        return box ?? weakBox
    }

    /// The object `value` is, when its dynamic type is a class (a class instance, or a class
    /// instance inside an existential); `nil` for every other value, bridged structs included.
    static func object(of value: T) -> AnyObject? {
        let boxed = value as Any
        guard Swift.type(of: boxed) is AnyObject.Type else { return nil }
        return boxed as AnyObject
    }
}
