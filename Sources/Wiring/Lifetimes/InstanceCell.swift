/// The box a cell publishes to lock-free readers: the instance, held strongly, and how to
/// dispose of it.
///
/// Immutable. A reader copies `value` out (retaining it) inside a read section; the cell drops
/// its box on reset only after a grace period (``Reclamation``), so no reader can be copying from
/// a freed box, and the instance itself lives exactly as long as its last user.
@usableFromInline
final class InstanceBox<T>: DisposedOnRelease, @unchecked Sendable {
    // @unchecked: both stored properties are `let`s; the box is only shared for reading.
    @usableFromInline let value: T
    let ticket: DisposalTicket?
    /// When the instance was cached, as ``CreationOrder`` numbers it.
    let created = CreationOrder.next()

    init(_ value: T, ticket: DisposalTicket?) {
        self.value = value
        self.ticket = ticket
    }

    /// The instance is no longer cached: dispose of it now, once (``DisposalTicket/disposeNow()``).
    func disposeBeforeRelease() { ticket?.disposeNow() }
}

/// A weak singleton's instance: a weak reference, read under the cell's lock.
final class WeakInstance: @unchecked Sendable {
    // @unchecked: immutable after `init`; the Swift runtime makes loading a weak reference safe.
    weak var object: AnyObject?
    /// When the instance was cached, as ``CreationOrder`` numbers it.
    let created = CreationOrder.next()

    init(_ object: AnyObject) { self.object = object }
}

/// Numbers cached instances in the order they are cached, across the process. An instance is
/// cached when its build returns, after everything its factory resolved, so a dependency's
/// number is always lower than its dependents': sorting by it gives an order in which every
/// instance comes after what it depends on (``RegistrationInfo/creationOrder``).
enum CreationOrder {
    private static let counter = AtomicCell<UInt64>(0)

    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}

/// A once-cell: builds its instance exactly once under any contention, and serves it to
/// later readers without a lock.
///
/// - Cached read: inside a read section, one load of the published ``InstanceBox`` and a copy
///   (retain) of its value. No lock, no weak load, no allocation, no dynamic cast.
/// - Build: the building thread claims the cell in ``BuildOwnership`` (so re-entrance and
///   cross-thread loops throw instead of hanging) and holds this cell's build lock while user
///   code runs; threads that need the same instance wait on that lock, threads that need other
///   instances do not wait at all.
/// - Reset: unpublishes the box under the short state lock (never the build lock, so a reset
///   from the build's own factory or hook, or from another thread, never waits for the build)
///   and hands it to the caller, which releases it after a grace period and outside every lock
///   (see ``Reclamation/release(_:)``). A build that a reset overlapped returns its instance to
///   its caller but does not cache it: the reset asked for a new one.
///
/// Weak singletons are read under the state lock instead, through a ``WeakInstance``.
@usableFromInline
final class InstanceCell<T>: @unchecked Sendable {
    // @unchecked: `published` is atomic; `current`, `weakCurrent` and `generation` are read and
    // written only while `stateLock` is held; `pending` and `pendingTicket` are read or written
    // only by the thread that owns the build (per `BuildOwnership`), which holds `buildLock`
    // meanwhile.
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = AtomicWordStorage(UnsafeRawPointer?.none)
    @inlinable var published: AtomicView<UnsafeRawPointer?> { AtomicView(inline: self, word: 0) }
    /// ``Reclamation/lines``, for the read section of ``readValue()``.
    @usableFromInline let readers: AtomicWords<Int>
    private let isWeak: Bool
    /// Whether every read takes the state lock (weak singletons): then no reader ever holds a
    /// pointer into the cell without the lock.
    let readsUnderLock: Bool
    /// Held by the thread that builds, while the factory and hooks run.
    private let buildLock = PlatformLock()
    /// Guards the fields below; held for a few loads and stores, never while user code runs or
    /// an object is released.
    private let stateLock = PlatformLock()
    /// The box `published` points to; owns it.
    private var current: InstanceBox<T>?
    private var weakCurrent: WeakInstance?
    /// Counts resets: a build publishes only if none happened since it started.
    private var generation = 0
    /// The instance being built, visible to its own thread during post-construction hooks so
    /// that a cycle closed by a hook resolves to it.
    var pending: T?
    /// How to dispose of `pending`, if it is tracked for disposal; published with it.
    var pendingTicket: DisposalTicket?

    /// A cell for a weak or strong instance.
    init(weak: Bool) {
        isWeak = weak
        readsUnderLock = weak
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

    /// The reset generation now: what an async build reads before it starts, so that a reset
    /// while it runs keeps its instance out of the cell (``value(for:startedAt:build:)``).
    func currentGeneration() -> Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return generation
    }

    /// The instance, built by `build` if needed, exactly once across all threads.
    ///
    /// - Parameters:
    ///   - entry: for errors: the registration being built.
    ///   - startedAt: the generation at which the construction started, when it started before
    ///     this call (an async factory's, which ran first); a reset since then leaves the
    ///     instance uncached, as it does a synchronous build's.
    ///   - build: makes the instance; must set ``pending`` once it exists and before running hooks.
    func value(
        for entry: AnyEntry,
        startedAt: Int? = nil,
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
                throw Resolver.cycle(entry)
            case .wait:
                buildLock.lock()
                buildLock.unlock()
                BuildOwnership.shared.endWait(by: thread)
                continue
            case .owner:
                buildLock.lock()
                defer {
                    pending = nil
                    pendingTicket = nil
                    BuildOwnership.shared.release(id)
                    buildLock.unlock()
                }
                stateLock.lock()
                let stored = storedValue()
                let started = startedAt ?? generation
                stateLock.unlock()
                if let stored { return stored }
                let value = try build(self)
                publish(value, ticket: pendingTicket, ifUnchangedSince: started)
                return value
            }
        }
    }

    /// Caches `value` unless a reset happened since generation `started`. Requires `buildLock`,
    /// so the cell is empty here (``value(for:build:)`` checked, and only resets ran since).
    private func publish(_ value: T, ticket: DisposalTicket?, ifUnchangedSince started: Int) {
        stateLock.lock()
        defer { stateLock.unlock() }
        guard generation == started else { return }
        if isWeak {
            // The build path has already checked that `value` is an object.
            if let object = Self.object(of: value) { weakCurrent = WeakInstance(object) }
            return
        }
        let box = InstanceBox(value, ticket: ticket)
        current = box
        published.store(UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()), ordering: .sequentiallyConsistent)
    }

    /// Requires `stateLock`.
    private func storedValue() -> T? {
        if isWeak { return weakCurrent?.object.flatMap { $0 as? T } }
        return current?.value
    }

    /// The instance if it is built and alive, by whichever read suits the cell. Never builds,
    /// never waits for a build.
    func peek() -> T? {
        readsUnderLock ? lockedValue() : readValue()
    }

    /// The ``CreationOrder`` number of the instance cached now, if it is built and alive.
    func creationOrder() -> UInt64? {
        stateLock.lock()
        defer { stateLock.unlock() }
        if isWeak { return weakCurrent.flatMap { $0.object == nil ? nil : $0.created } }
        return current?.created
    }

    private func lockedValue() -> T? {
        stateLock.lock()
        let value = storedValue()
        stateLock.unlock()
        return value
    }

    /// Forgets the instance so that the next resolve builds a new one, and returns what held it:
    /// the caller releases that after a grace period, with no lock held
    /// (``Reclamation/release(_:)``), because lock-free readers may still be copying from it and
    /// because the instance's `deinit` may call back into the container.
    ///
    /// Never waits for a build in progress: that build finishes, returns its instance to its
    /// caller and does not cache it.
    func reset() -> AnyObject? {
        stateLock.lock()
        let box = current
        let weakBox = weakCurrent
        current = nil
        weakCurrent = nil
        generation &+= 1
        published.store(nil, ordering: .sequentiallyConsistent)
        stateLock.unlock()
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
