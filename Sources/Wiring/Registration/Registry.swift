/// An open-addressing table from a type's identity to its plain registration, read without locks.
///
/// A slot's value is the plain registration's ``Entry`` (unretained: ``Registry`` owns it), or
/// ``RegistryTable/seen`` for a type that has registrations, or had some, but no plain one now;
/// a missing slot means the type was never registered here. Writers (under ``Registry``'s lock)
/// store a slot's value before its key; readers load the key, then the value, inside a read
/// section (``Reclamation``). Slots are never deleted: the number of slots is bounded by the
/// number of distinct types ever registered, which a program's code bounds. A full table is
/// copied into one twice as large, published, and the old one retired.
@usableFromInline
final class RegistryTable: @unchecked Sendable {
    // @unchecked: `slots` is fixed-size memory accessed only through atomics; `count` is read and
    // written only under the registry's lock.
    @usableFromInline let mask: Int
    /// `2 * capacity` words: key (type identity bits), then value (entry pointer or `seen`).
    @usableFromInline let slots: AtomicWords<UInt>
    var count = 0

    /// The value of a type that has registrations but no plain one.
    @usableFromInline static let seen: UInt = 1

    init(capacity: Int) {
        mask = capacity - 1
        slots = .allocate(capacity: capacity * 2, initializedTo: 0)
    }

    deinit {
        slots.deallocate()
    }

    @inlinable @inline(__always)
    static func home(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The value for `key`: 0 if the type was never registered. Requires a read section.
    @inlinable @inline(__always)
    func lookup(_ key: UInt) -> UInt {
        var index = Self.home(of: key, mask: mask)
        while true {
            let found = slots[index &* 2].load(ordering: .sequentiallyConsistent)
            if found == key { return slots[index &* 2 &+ 1].load(ordering: .sequentiallyConsistent) }
            if found == 0 { return 0 }
            index = (index &+ 1) & mask
        }
    }

    /// Requires the registry's lock. Returns `false` when the table is too full.
    func store(_ key: UInt, _ value: UInt) -> Bool {
        var index = Self.home(of: key, mask: mask)
        while true {
            let found = slots[index * 2].load(ordering: .relaxed)
            if found == key {
                slots[index * 2 + 1].store(value, ordering: .sequentiallyConsistent)
                return true
            }
            if found == 0 {
                guard (count + 1) * 2 <= mask + 1 else { return false }
                slots[index * 2 + 1].store(value, ordering: .sequentiallyConsistent)
                slots[index * 2].store(key, ordering: .sequentiallyConsistent)
                count += 1
                return true
            }
            index = (index + 1) & mask
        }
    }
}

/// What a registry change unpublished: registrations, tables, and the instances their caches
/// held. Release it with ``release()`` once no engine lock is held.
struct Retired {
    var objects: [AnyObject]

    /// Adds what `entries` cache, forgetting it (``AnyEntry/resetCache()``). Call it with no
    /// engine lock held: a cell's reset takes the cell's lock.
    mutating func resettingCaches(of entries: [AnyEntry?]) {
        for entry in entries { resettingCache(of: entry) }
    }

    /// ``resettingCaches(of:)`` for one entry, without an array.
    mutating func resettingCache(of entry: AnyEntry?) {
        if let cached = entry?.resetCache() { objects.append(cached) }
    }

    /// Waits for a grace period, then releases everything (``Reclamation/release(_:)``); inside
    /// ``ResolutionInProgress/collectingReleases(_:)``, hands everything to that call instead.
    consuming func release() {
        if let context = ResolutionContext.existing, context.collectedReleases != nil {
            context.collectedReleases?.append(contentsOf: objects)
            return
        }
        Reclamation.release(objects)
    }
}

/// The registrations of one container.
///
/// - The plain registration of a type (no tag, no runtime arguments), which every untagged
///   resolve wants, is found lock-free through ``RegistryTable``.
/// - Every registration, tagged and argument-taking ones included, is kept by key in a
///   dictionary behind a lock: registering, removing and finding the n-th variant of a type costs
///   O(1) expected time, however many there are.
/// - What a change unpublishes is retired and freed after a grace period (``Reclamation``):
///   a replaced or removed registration before the change returns; a table that grew, in
///   batches of ``retireBatch``.
@usableFromInline
final class Registry: @unchecked Sendable {
    // @unchecked: `table` and `sequence` are atomic; `state` is behind a lock; the rest are `let`s.
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them. `table`, then `sequence`.
    private let atomics: (AtomicWordStorage, AtomicWordStorage)
    /// The published ``RegistryTable``.
    @inlinable var table: AtomicView<UnsafeRawPointer> { AtomicView(inline: self, word: 0) }
    /// ``Reclamation/lines``, kept here so that the hot path reads it from an object it already
    /// reads rather than through a global's lazy initialiser.
    @usableFromInline let readers: AtomicWords<Int>
    /// The parent container's registry, unretained: a child container holds its parent strongly.
    @usableFromInline let parent: Unretained<Registry>?

    /// The registrations of one type.
    struct Registrations {
        var primary: AnyEntry?
        var variants: [ServiceKey: AnyEntry] = [:]

        /// The plain registration, if any, then the variants, in no particular order.
        var all: [AnyEntry] { (primary.map { [$0] } ?? []) + variants.values }
    }

    private struct State {
        var types: [ObjectIdentifier: Registrations] = [:]
        var table: RegistryTable
        /// Unpublished entries and tables waiting for a grace period.
        var retired: [AnyObject] = []
    }

    private let state: Lock<State>
    /// The last registration sequence number handed out.
    private var sequence: AtomicView<Int> { AtomicView(inline: self, word: 1) }

    /// How many retired objects wait before a change frees them.
    static let retireBatch = 64

    init(parent: Registry?) {
        self.parent = parent.map(Unretained.init)
        readers = Reclamation.lines
        let first = RegistryTable(capacity: 64)
        atomics = (AtomicWordStorage(UnsafeRawPointer(Unmanaged.passUnretained(first).toOpaque())), AtomicWordStorage(0))
        state = Lock(State(table: first))
    }

    // MARK: Lock-free reads (inside a read section)

    /// The table value for `type` (see ``RegistryTable``). Requires a read section.
    @inlinable @inline(__always)
    func slot(for type: Any.Type) -> UInt {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        return Unmanaged<RegistryTable>.fromOpaque(table.load(ordering: .sequentiallyConsistent))
            ._withUnsafeGuaranteedRef { $0.lookup(key) }
    }

    /// The first table value for `T` above `threshold` in the registry at `registry` or its
    /// ancestors, or 0. Requires a read section.
    @inlinable @inline(__always)
    static func firstSlot<T>(of type: T.Type, startingAt registry: Unretained<Registry>, above threshold: UInt) -> UInt {
        var current = registry
        while true {
            let (slot, parent) = current.withObject { ($0.slot(for: T.self), $0.parent) }
            if slot > threshold { return slot }
            guard let parent else { return 0 }
            current = parent
        }
    }

    /// The plain registration of `T` in the registry at `registry` or its ancestors, unretained.
    /// Requires a read section: the pointer is valid until it ends.
    @inlinable @inline(__always)
    static func primaryEntry<T>(of type: T.Type, startingAt registry: Unretained<Registry>) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: firstSlot(of: T.self, startingAt: registry, above: RegistryTable.seen))
    }

    /// The read-section counters of the registry at `registry`.
    @inlinable @inline(__always)
    static func readers(at registry: Unretained<Registry>) -> AtomicWords<Int> {
        registry.withObject { $0.readers }
    }

    /// Whether the registry at `registry` or one of its ancestors has ever had a registration of
    /// `T` (with any tag or arguments), lock-free and without reference counting.
    @inlinable
    static func hasRegistrations<T>(of type: T.Type, startingAt registry: Unretained<Registry>) -> Bool {
        let section = Reclamation.enter(readers(at: registry))
        defer { section.exit() }
        return firstSlot(of: T.self, startingAt: registry, above: 0) != 0
    }

    // MARK: Locked reads

    /// The registration with exactly `key`, if any.
    func entry(for key: ServiceKey) -> AnyEntry? {
        state.withLock { state in
            guard let registrations = state.types[ObjectIdentifier(key.type)] else { return nil }
            if key.isPlain { return registrations.primary }
            return registrations.variants[key]
        }
    }

    /// Every registration of `type`, in registration order.
    func entries(of type: Any.Type) -> [AnyEntry] {
        let found = state.withLock { state -> [AnyEntry] in
            state.types[ObjectIdentifier(type)]?.all ?? []
        }
        return found.sorted { $0.sequence < $1.sequence }
    }

    /// Every registration, in registration order.
    func allEntries() -> [AnyEntry] {
        let found = state.withLock { state in
            state.types.values.flatMap(\.all)
        }
        return found.sorted { $0.sequence < $1.sequence }
    }

    /// The next registration sequence number.
    func nextSequence() -> Int {
        sequence.add(1, ordering: .relaxed).newValue
    }

    // MARK: Writes

    /// Publishes `entry`, replacing any registration with the same key; returns the replaced one,
    /// and what the change unpublished, for the caller to release once it holds no lock.
    func insert(_ entry: AnyEntry) -> (replaced: AnyEntry?, retired: Retired) {
        state.withLock { state in
            let replaced = Self.insert(entry, into: &state, table)
            return (replaced, Retired(objects: Self.takeDue(&state, now: replaced != nil)))
        }
    }

    /// Publishes `entries` under one lock; returns what each replaced, and what the change
    /// unpublished, for the caller to release once it holds no lock (``Retired/release()``).
    func insert(contentsOf entries: [AnyEntry]) -> (replaced: [AnyEntry?], retired: Retired) {
        let (replaced, due) = state.withLock { state -> ([AnyEntry?], [AnyObject]) in
            let replaced = entries.map { Self.insert($0, into: &state, table) }
            return (replaced, Self.takeDue(&state, now: replaced.contains { $0 != nil }))
        }
        return (replaced, Retired(objects: due))
    }

    /// Publishes one entry; returns the one it replaced, which it retires. Requires the lock.
    private static func insert(
        _ entry: AnyEntry,
        into state: inout State,
        _ published: AtomicView<UnsafeRawPointer>
    ) -> AnyEntry? {
        let key = entry.key
        let id = ObjectIdentifier(key.type)
        let previous: AnyEntry?
        if key.isPlain {
            previous = state.types[id, default: Registrations()].primary
            state.types[id, default: Registrations()].primary = entry
            store(id, UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque()), in: &state, published)
        } else {
            previous = state.types[id, default: Registrations()].variants.updateValue(entry, forKey: key)
            if state.types[id]?.primary == nil { store(id, RegistryTable.seen, in: &state, published) }
        }
        if let previous { state.retired.append(previous) }
        return previous
    }

    /// Removes the registration with `key`; returns it, and what the change unpublished, for the
    /// caller to release once it holds no lock (``Retired/release()``).
    func remove(_ key: ServiceKey) -> (removed: AnyEntry?, retired: Retired) {
        let (removed, due) = state.withLock { state -> (AnyEntry?, [AnyObject]) in
            let id = ObjectIdentifier(key.type)
            let removed: AnyEntry?
            if key.isPlain {
                removed = state.types[id]?.primary
                if removed != nil {
                    state.types[id]?.primary = nil
                    Self.store(id, RegistryTable.seen, in: &state, table)
                }
            } else {
                removed = state.types[id]?.variants.removeValue(forKey: key)
            }
            if let removed { state.retired.append(removed) }
            return (removed, Self.takeDue(&state, now: removed != nil))
        }
        return (removed, Retired(objects: due))
    }

    /// Removes every registration; returns them, and what the change unpublished.
    func removeAll() -> (removed: [AnyEntry], retired: Retired) {
        state.withLock { state -> ([AnyEntry], Retired) in
            var removed: [AnyEntry] = []
            for (id, registrations) in state.types {
                removed.append(contentsOf: registrations.all)
                Self.store(id, RegistryTable.seen, in: &state, table)
            }
            state.types = [:]
            state.retired.append(contentsOf: removed as [AnyObject])
            return (removed, Retired(objects: Self.takeDue(&state, now: true)))
        }
    }

    /// Stores a table value, growing (and retiring) the table when it is full. Requires the lock.
    private static func store(
        _ id: ObjectIdentifier,
        _ value: UInt,
        in state: inout State,
        _ published: AtomicView<UnsafeRawPointer>
    ) {
        let key = UInt(bitPattern: id)
        if state.table.store(key, value) { return }
        let larger = RegistryTable(capacity: (state.table.mask + 1) * 2)
        for (otherID, registrations) in state.types where otherID != id {
            let other = registrations.primary.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
            _ = larger.store(UInt(bitPattern: otherID), other ?? RegistryTable.seen)
        }
        _ = larger.store(key, value)
        state.retired.append(state.table)
        state.table = larger
        published.store(UnsafeRawPointer(Unmanaged.passUnretained(larger).toOpaque()), ordering: .sequentiallyConsistent)
    }

    /// The retired objects to free now: all of them when a registration was unpublished (its
    /// factory may hold an instance registered by value), else once enough have gathered.
    /// Requires the lock.
    private static func takeDue(_ state: inout State, now: Bool) -> [AnyObject] {
        guard now || state.retired.count >= retireBatch else { return [] }
        let due = state.retired
        state.retired = []
        return due
    }
}
