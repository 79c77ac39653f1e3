/// A scope's instance of one registration, or one it keeps only to dispose of: a slot of its
/// ``Lifespan``. Read and written only under that lifespan's lock; moved out of it to be released
/// after the lock (``release()``).
///
/// The instance is stored in the slot itself when it fits (three words, bitwise-movable, as a
/// class reference or an existential of one is), else in a box (``ScopedValueBox``): a request's
/// instances cost no allocation of their own. Only the registration knows the instance's type
/// (``AnyEntry/destroyScopedValue(_:)``).
@usableFromInline
package struct ScopeSlot {
    // The trivial fields come first: the scans read only those, through a pointer, copying and
    // retaining nothing.
    /// The registration's identity, which survives republishing it (hooks, tracing): its
    /// container and its sequence number there.
    let owner: ObjectIdentifier
    let sequence: Int
    var phase: Phase
    /// Whether the instance has a teardown not yet run, and of which kind. The teardown itself is
    /// made from the instance when it runs (``takeTeardown()``), so the slot moves no closure.
    var teardownKind = TeardownKind.none
    /// Whether `storage` holds an instance.
    var hasValue = false
    /// The instance, or its box (see ``ScopedValueStorage``).
    @usableFromInline var storage = ScopedValueStorage()
    /// Its place in creation order (the lifespan's), once built: disposal runs newest first.
    var order = -1
    /// The registration whose instance it is; the slot holds it until it is released.
    let entry: AnyEntry
    /// How to dispose of an instance an async build made: its lifespan holds the ticket too.
    var ticket: DisposalTicket?
    /// Made by the first thread that waits for the build: its identity in ``BuildOwnership``.
    var marker: ScopedBuildMarker?

    enum Phase: Equatable {
        /// Its factory runs on `thread`.
        case building(thread: UInt)
        /// Built or provided: served to every resolve.
        case published
        /// Built while a reset or close overlapped the build: never served, only disposed.
        case kept
    }

    init(entry: AnyEntry, phase: Phase) {
        self.entry = entry
        owner = ObjectIdentifier(entry.owner)
        sequence = entry.sequence
        self.phase = phase
    }

    /// Whether disposing the slot starts an asynchronous teardown in a task: its instance's
    /// own, or its ticket's (an async build's).
    var startsAsynchronousTeardown: Bool {
        teardownKind == .async || ticket?.isAsync == true
    }

    /// The instance's teardown, once: `nil` afterwards, or if it has none.
    mutating func takeTeardown() -> DisposalTicket.Teardown? {
        guard teardownKind != .none else { return nil }
        teardownKind = .none
        guard hasValue else { return nil }
        return entry.scopedTeardown(storage)
    }

    /// Whether the slot at `slot` holds the published instance of `key`, whose type is `type` and
    /// hash `hash`:
    /// a stale one, when the slot is another registration's. The type is compared first,
    /// cheaply; read through the pointer, so that the slot is not copied.
    /// The key's hash (``AnyEntry/scopeKeyHash``) is compared before the key itself, whose tag's
    /// `==` costs more.
    @inline(__always)
    static func isPublished(_ slot: UnsafeMutablePointer<ScopeSlot>, _ key: ServiceKey, type: ObjectIdentifier, hash: Int) -> Bool {
        slot.pointee.phase == .published && ObjectIdentifier(slot.pointee.entry.key.type) == type
            && slot.pointee.entry.scopeKeyHash == hash && slot.pointee.entry.key == key
    }

    /// Releases the instance (not disposed: whoever took the slot out disposed it, or must not).
    /// Call it with no lock held: the instance's `deinit` may resolve.
    consuming func release() {
        if teardownKind != .none, let tracer = entry.tracer, !tracer.instruments.isEmpty {
            // Released undisposed (a scope dropped without its close): no longer tracked either.
            tracer.trackedInstancesChanged(by: -1)
        }
        teardownKind = .none
        if hasValue { entry.destroyScopedValue(&storage) }
    }
}

/// Three words that hold a scope's instance of type `T` in place, or a retained
/// ``ScopedValueBox`` of it when `T` does not fit (``Entry/storesScopedValueInline``).
@usableFromInline
struct ScopedValueStorage {
    @usableFromInline var words: (UInt, UInt, UInt) = (0, 0, 0)

    /// Stores `value`; the storage must be empty.
    @inline(__always)
    mutating func store<T>(_ value: T, inline: Bool) {
        if inline {
            // The closures return nothing and make no typed pointer: unspecialised, a result of
            // type `UnsafeMutablePointer<T>` costs a run-time metadata lookup on every store.
            withUnsafeMutableBytes(of: &words) { _ = $0.baseAddress.unsafelyUnwrapped.initializeMemory(as: T.self, to: value) }
        } else {
            let box = Unmanaged.passRetained(ScopedValueBox(value))
            words.0 = UInt(bitPattern: box.toOpaque())
        }
    }

    /// A copy of the value stored as `T`.
    @inlinable @inline(__always)
    func load<T>(as _: T.Type, inline: Bool) -> T {
        if inline {
            return withUnsafeBytes(of: words) { $0.baseAddress.unsafelyUnwrapped.load(as: T.self) }
        }
        let raw = UnsafeRawPointer(bitPattern: words.0).unsafelyUnwrapped
        return Unmanaged<ScopedValueBox<T>>.fromOpaque(raw).takeUnretainedValue().value
    }

    /// Destroys the value stored as `T`; the storage is empty afterwards.
    mutating func destroy<T>(as _: T.Type, inline: Bool) {
        if inline {
            withUnsafeMutableBytes(of: &words) {
                _ = $0.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: T.self).deinitialize(count: 1)
            }
        } else {
            let raw = UnsafeRawPointer(bitPattern: words.0).unsafelyUnwrapped
            Unmanaged<ScopedValueBox<T>>.fromOpaque(raw).release()
        }
        words = (0, 0, 0)
    }
}

/// A scope's instance that does not fit in its slot.
@usableFromInline
final class ScopedValueBox<T> {
    @usableFromInline let value: T
    init(_ value: T) { self.value = value }
}

/// The identity of a scoped build that a thread waits for (see ``ScopeSlot/marker``).
final class ScopedBuildMarker {}

/// Where a scope's slots are: in its lifespan's allocation, then, once they outgrow it, in a buffer
/// of their own, with an index (``ScopeSlotIndex``) so that a slot is found by its key's hash
/// however many there are. Part of the lifespan's header, read and written under its lock.
@usableFromInline
struct ScopeSlots {
    /// How many slots the lifespan's allocation holds.
    let inlineCapacity: Int
    /// How many slots are in use, from the first.
    var count = 0
    /// Slots moved out of the lifespan's allocation when they outgrew it, with their capacity.
    /// Safe: allocated, moved and freed only under the lifespan's lock or in its `deinit`.
    private var spill: UnsafeMutablePointer<ScopeSlot>?
    private var spillCapacity = 0
    /// Counts resets: a build publishes only if none happened since it started.
    var generation = 0
    /// The spilled slots' index; inactive while the slots fit in the lifespan.
    private var index = ScopeSlotIndex()

    init(inlineCapacity: Int = 0) {
        self.inlineCapacity = inlineCapacity
    }

    /// The first slot.
    @inline(__always)
    func base(_ inline: UnsafeMutablePointer<ScopeSlot>) -> UnsafeMutablePointer<ScopeSlot> {
        spill ?? inline
    }

    /// Adds a slot of `entry`'s registration last, made in place; returns it.
    mutating func append(
        _ entry: AnyEntry, phase: ScopeSlot.Phase, inline: UnsafeMutablePointer<ScopeSlot>
    ) -> UnsafeMutablePointer<ScopeSlot> {
        let capacity = spill == nil ? inlineCapacity : spillCapacity
        if count == capacity {
            let newCapacity = max(8, capacity * 2)
            let moved = UnsafeMutablePointer<ScopeSlot>.allocate(capacity: newCapacity)
            moved.moveInitialize(from: base(inline), count: count)
            spill?.deallocate()
            spill = moved
            spillCapacity = newCapacity
            index.rebuild(for: newCapacity, slots: moved, count: count)
        }
        let slot = base(inline) + count
        slot.initialize(to: ScopeSlot(entry: entry, phase: phase))
        if spill != nil { index.insert(count, hash: entry.scopeKeyHash) }
        count += 1
        return slot
    }

    /// Removes the slot at `position`, moving the last one into its place; returns it.
    mutating func remove(at position: Int, inline: UnsafeMutablePointer<ScopeSlot>) -> ScopeSlot {
        let slots = base(inline)
        let indexed = spill != nil
        if indexed { index.remove(position, hash: slots[position].entry.scopeKeyHash, slots: slots) }
        let removed = (slots + position).move()
        count -= 1
        if position != count {
            (slots + position).moveInitialize(from: slots + count, count: 1)
            if indexed { index.move(from: count, to: position, hash: slots[position].entry.scopeKeyHash) }
        }
        return removed
    }

    /// The first answer `decide` gives for the slots that may belong to a key of hash `hash`,
    /// with their positions: every slot while they fit in the lifespan (a handful, scanned in place
    /// order), else those the index finds from the hash (in its probe order). No caller relies on
    /// an order: removals already move slots. `nil` when it answers none.
    @inline(__always)
    func first<Answer>(
        hash: Int, inline: UnsafeMutablePointer<ScopeSlot>, _ decide: (UnsafeMutablePointer<ScopeSlot>, Int) -> Answer?
    ) -> Answer? {
        // Spilled slots, and only they, are indexed (``append(_:phase:inline:)``).
        if let spill { return index.first(hash: hash) { decide(spill + $0, $0) } }
        var position = 0
        while position < count {
            if let answer = decide(inline + position, position) { return answer }
            position += 1
        }
        return nil
    }

    /// The position of `entry`'s registration's slot, if any, published or being built.
    @inline(__always)
    func index(of entry: AnyEntry, inline: UnsafeMutablePointer<ScopeSlot>) -> Int? {
        find(entry, inline: inline) { $0 != .kept }
    }

    /// The first slot of `entry`'s registration whose phase passes `test`. Reads only trivial
    /// fields, through the pointer.
    @inline(__always)
    func find(_ entry: AnyEntry, inline: UnsafeMutablePointer<ScopeSlot>, where test: (ScopeSlot.Phase) -> Bool) -> Int? {
        let owner = ObjectIdentifier(entry.owner)
        let sequence = entry.sequence
        return first(hash: entry.scopeKeyHash, inline: inline) { slot, position in
            slot.pointee.sequence == sequence && slot.pointee.owner == owner && test(slot.pointee.phase) ? position : nil
        }
    }

    /// Moves every slot into `buffer`, which has room for them all; returns how many. Requires
    /// the lock.
    mutating func takeAll(into buffer: UnsafeMutableBufferPointer<ScopeSlot>, inline: UnsafeMutablePointer<ScopeSlot>) -> Int {
        let taken = count
        buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: base(inline), count: taken)
        count = 0
        if spill != nil { index.clear() }
        return taken
    }

    /// Moves every slot that is not being built out, in no order, keeping those being built.
    /// Requires the lock.
    mutating func takeSettled(inline: UnsafeMutablePointer<ScopeSlot>) -> [ScopeSlot] {
        let slots = base(inline)
        var taken: [ScopeSlot] = []
        taken.reserveCapacity(count)
        var building = 0
        for position in 0..<count {
            if case .building = slots[position].phase {
                if building != position { (slots + building).moveInitialize(from: slots + position, count: 1) }
                building += 1
            } else {
                taken.append((slots + position).move())
            }
        }
        count = building
        index.refill(from: slots, count: count)
        return taken
    }

    /// Releases every slot's instance and frees the spilled buffer: for the lifespan's `deinit`.
    mutating func releaseAll(inline: UnsafeMutablePointer<ScopeSlot>) {
        let slots = base(inline)
        for position in 0..<count { (slots + position).move().release() }
        count = 0
        spill?.deallocate()
        spill = nil
        index.free()
    }
}
