/// A scope's instances: one per registration, all behind one mutex.
///
/// This is the request path of a server, so it is built to cost little:
/// - no object per registration but the instance's own ``ScopedInstance`` (its box), made when
///   it is built; no lock per instance; no hashing: a scope holds a handful of instances, found
///   by a linear scan of the registration's identity (its container and sequence number);
/// - exactly once under contention all the same: a build is recorded in ``building`` while its
///   factory runs (with no lock held), and a thread that needs the same instance waits on the
///   scope's condition until it is published. Only such a wait registers the build in
///   ``BuildOwnership``, so a cross-thread loop through a scope still throws
///   ``WiringError/Code/cycle`` instead of hanging, and the uncontended path never touches it.
/// - A reset or close takes the published instances out under the mutex and releases them
///   after it; no reader ever holds a pointer into the table without the mutex, so no grace
///   period is needed. A build a reset overlapped returns its instance to its caller without
///   caching it.
final class ScopedInstances: @unchecked Sendable {
    // @unchecked: `values`, `building` and `generation` are read and written only while the
    // mutex of `primitives` is held; `primitives` is made in `init`, never reassigned, and
    // destroyed in `deinit`, when no thread can hold a reference.
    // @exclusivity(unchecked): the mutex serialises every access, and none spans user code, so
    // no two accesses overlap; the run-time checks cost about 5% of a request.
    private let primitives = MutexAndCondition()
    @exclusivity(unchecked) private var values: [ScopedSlot] = []
    @exclusivity(unchecked) private var building: [ScopedBuild] = []
    /// Counts resets: a build publishes only if none happened since it started.
    @exclusivity(unchecked) private var generation = 0

    deinit {
        primitives.destroy()
    }

    private func lock() { primitives.lock() }
    private func unlock() { primitives.unlock() }

    /// Requires the mutex.
    private func published(_ registration: ScopedRegistration) -> ScopedSlot? {
        for slot in values where slot.registration == registration { return slot }
        return nil
    }

    /// Requires the mutex.
    private func buildIndex(_ registration: ScopedRegistration) -> Int? {
        building.firstIndex { $0.registration == registration }
    }

    /// The scope's instance of `entry`'s registration, built through `resolver` (the scope's)
    /// if needed, exactly once across all threads.
    func value<T>(for entry: Entry<T>, through resolver: Resolver, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        let registration = ScopedRegistration(entry)
        let thread = currentThreadID
        lock()
        while true {
            if let slot = published(registration) {
                let value = slot.value(as: T.self)
                unlock()
                return value
            }
            guard let index = buildIndex(registration) else { break }
            let build = building[index]
            if build.thread == thread {
                // Re-entered from its own hooks, which may close a cycle on the instance the
                // factory made; from its factory, a loop.
                if let pending = build.pending {
                    let value = pending.value(as: T.self)
                    unlock()
                    return value
                }
                unlock()
                throw Resolver.cycle(entry)
            }
            // Another thread builds it: wait for it, unless that thread waits for us.
            let marker = build.marker ?? ScopedBuildMarker()
            building[index].marker = marker
            guard BuildOwnership.shared.wait(for: ObjectIdentifier(marker), ownedBy: build.thread, by: thread) else {
                unlock()
                throw Resolver.cycle(entry)
            }
            primitives.wait()
            BuildOwnership.shared.endWait(by: thread)
            withExtendedLifetime(marker) {}
        }
        // Not built: a stale instance of the same key (its registration replaced or removed)
        // goes, so that the scope never serves what an old factory built.
        let stale = removeStale(entry.key)
        // One allocation each for a request's handful of instances and its nested builds,
        // instead of one per doubling.
        if building.capacity == 0 { building.reserveCapacity(4) }
        building.append(ScopedBuild(registration: registration, thread: thread))
        let started = generation
        unlock()
        if let stale { Reclamation.releaseUnshared([stale]) }

        let value: T
        var slot: ScopedSlot?
        do {
            value = try resolver.build(entry, arguments) { (value, ticket) throws(WiringError) in
                let made = ScopedSlot.make(value, of: entry, ticket: ticket)
                slot = made
                // Only hooks can re-enter the build with its instance made (a cycle they close);
                // without hooks, nothing reads `pending`, and the mutex is not taken for it.
                guard entry.hasHooks else { return }
                self.lock()
                if let index = self.buildIndex(registration, thread: thread) { self.building[index].pending = made }
                self.unlock()
            }
        } catch {
            lock()
            let finished = endBuild(registration, thread: thread)
            unlock()
            Self.wakeWaiters(of: finished, in: self)
            throw error
        }
        lock()
        let finished = endBuild(registration, thread: thread)
        var result = value
        if let existing = published(registration) {
            // Provided meanwhile: the scope keeps what it was given.
            result = existing.value(as: T.self)
        } else if generation == started, let slot {
            append(slot)
        }
        unlock()
        Self.wakeWaiters(of: finished, in: self)
        return result
    }

    /// Removes the instance of `key` that another registration made (the registration was
    /// replaced or removed since), for the caller to release after the mutex. Requires it.
    private func removeStale(_ key: ServiceKey) -> ScopedSlot? {
        values.firstIndex { $0.key == key }.map { values.remove(at: $0) }
    }

    /// Publishes `slot` in place of a stale instance of its key, which it returns for the caller
    /// to dispose and release after the mutex. Requires it.
    private func replaceStale(with slot: ScopedSlot) -> ScopedSlot? {
        let stale = removeStale(slot.key)
        append(slot)
        return stale
    }

    /// Publishes `slot`. Requires the mutex.
    private func append(_ slot: ScopedSlot) {
        if values.capacity == 0 { values.reserveCapacity(8) }
        values.append(slot)
    }

    /// Requires the mutex.
    private func buildIndex(_ registration: ScopedRegistration, thread: UInt) -> Int? {
        building.firstIndex { $0.registration == registration && $0.thread == thread }
    }

    /// Removes the build of `registration` by `thread`. Requires the mutex.
    private func endBuild(_ registration: ScopedRegistration, thread: UInt) -> ScopedBuild? {
        buildIndex(registration, thread: thread).map { building.remove(at: $0) }
    }

    /// Lets the threads that waited for `build` look again. Call it without the mutex.
    private static func wakeWaiters(of build: ScopedBuild?, in instances: ScopedInstances) {
        guard let marker = build?.marker else { return }
        BuildOwnership.shared.release(ObjectIdentifier(marker))
        instances.lock()
        instances.primitives.broadcast()
        instances.unlock()
    }

    /// The instance of `entry`'s registration if it is built; never builds, never waits.
    func peek<T>(_ entry: Entry<T>) -> T? {
        let registration = ScopedRegistration(entry)
        lock()
        defer { unlock() }
        return published(registration).map { $0.value(as: T.self) }
    }

    /// Caches `value` (with its disposal ticket) for `entry`'s registration unless an instance
    /// is cached already; returns the one cached. For async builds, which publish when they end.
    /// A stale instance of the same key (an older registration's) goes, disposed after the
    /// mutex, as a synchronous build's does.
    func store<T>(_ value: T, ticket: DisposalTicket?, for entry: Entry<T>) -> T {
        let registration = ScopedRegistration(entry)
        lock()
        if let existing = published(registration) {
            unlock()
            return existing.value(as: T.self)
        }
        let stale = replaceStale(with: ScopedSlot.make(value, of: entry, ticket: ticket))
        unlock()
        if let stale { Reclamation.releaseUnshared([stale]) }
        return value
    }

    /// Caches `value` for `entry`'s registration; `false` if the scope holds one already.
    func provide<T>(_ value: T, for entry: Entry<T>) -> Bool {
        let registration = ScopedRegistration(entry)
        lock()
        if published(registration) != nil {
            unlock()
            return false
        }
        let stale = replaceStale(with: ScopedSlot.make(value, of: entry, ticket: nil))
        unlock()
        if let stale { Reclamation.releaseUnshared([stale]) }
        return true
    }

    /// Forgets every instance and returns them, newest last, for the caller to dispose and
    /// release with no lock held. Builds in flight finish without caching.
    func takeAll() -> [ScopedSlot] {
        lock()
        let taken = values
        values = []
        generation &+= 1
        unlock()
        return taken
    }
}

/// A registration's identity that survives republishing it (hooks, tracing): its container
/// and its sequence number there.
struct ScopedRegistration: Equatable, Sendable {
    let owner: ObjectIdentifier
    let sequence: Int

    init(_ entry: AnyEntry) {
        owner = ObjectIdentifier(entry.owner)
        sequence = entry.sequence
    }
}

/// A build in flight in a scope.
struct ScopedBuild {
    let registration: ScopedRegistration
    /// The thread whose factory runs.
    let thread: UInt
    /// The instance, once its factory returned: its hooks run, and a cycle they close finds it.
    var pending: ScopedSlot?
    /// Made by the first thread that waits for the build: its identity in ``BuildOwnership``.
    var marker: ScopedBuildMarker?

    init(registration: ScopedRegistration, thread: UInt) {
        self.registration = registration
        self.thread = thread
    }
}

/// The identity of a scoped build that a thread waits for (see ``ScopedBuild/marker``).
final class ScopedBuildMarker {}

/// A scope's instance of one registration, type-erased; see ``ScopedInstance``.
///
/// Made and read without naming `ScopedInstance<T>`, whose metadata unspecialised code would
/// look up at run time on every use: made through the metatype the registration keeps
/// (``AnyEntry/scopedSlotType``) and its `required init`, read through a method that the
/// instance's own class overrides, where `T` comes from the instance itself.
class ScopedSlot: DisposedOnRelease, @unchecked Sendable {
    // @unchecked: every stored property is a `let`; the instance is shared only for reading.
    let registration: ScopedRegistration
    let key: ServiceKey
    /// How to dispose of the instance; `nil` for one with nothing to dispose, or provided.
    let ticket: DisposalTicket?

    /// A slot whose instance is the value at `source`, of the type of the registration whose
    /// ``AnyEntry/scopedSlotType`` this class is (``make(_:of:ticket:)`` guarantees it).
    required init(copying source: UnsafeRawPointer, registration: ScopedRegistration, key: ServiceKey, ticket: DisposalTicket?) {
        self.registration = registration
        self.key = key
        self.ticket = ticket
    }

    /// A slot holding `value`, built by (or provided for) `entry`.
    static func make<T>(_ value: T, of entry: Entry<T>, ticket: DisposalTicket?) -> ScopedSlot {
        withUnsafePointer(to: value) { source in
            // `scopedSlotType` is `ScopedInstance<T>`, for this very `T`, for a scoped entry.
            entry.scopedSlotType.init(copying: source, registration: ScopedRegistration(entry), key: entry.key, ticket: ticket)
        }
    }

    /// The instance; `T` must be the slot's registered type (a slot is found by its
    /// registration, whose key names `T`).
    func value<T>(as _: T.Type) -> T {
        fatalError("Wiring: ScopedSlot is abstract")
    }

    /// The scope no longer holds the instance: dispose of it now, once.
    func disposeBeforeRelease() { ticket?.disposeNow() }
}

/// A scope's instance of a registration of `T`.
final class ScopedInstance<T>: ScopedSlot, @unchecked Sendable {
    // @unchecked: `value` is a `let`, shared only for reading under the scope's mutex or copied out.
    let value: T

    /// `source` points to an initialised `T` (see ``ScopedSlot/make(_:of:ticket:)``).
    required init(copying source: UnsafeRawPointer, registration: ScopedRegistration, key: ServiceKey, ticket: DisposalTicket?) {
        value = source.assumingMemoryBound(to: T.self).pointee
        super.init(copying: source, registration: registration, key: key, ticket: ticket)
    }

    /// `U` is `T`: the caller found this slot by its registration, whose key names the type it
    /// asks for, and the slot was made for that registration. So the bit cast is an identity.
    override func value<U>(as _: U.Type) -> U {
        unsafeBitCast(value, to: U.self)
    }
}
