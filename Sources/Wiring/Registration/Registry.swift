import Synchronization

/// Everything registered in one container for one type: the plain registration (no tag, no
/// runtime arguments), which the hot path reads, and the tagged or argument-taking ones.
/// Immutable; a change publishes a new snapshot.
@usableFromInline
final class TypeSnapshot: @unchecked Sendable {
    // @unchecked: immutable after `init`.
    let primary: AnyEntry?
    /// `primary`, unretained, for the hot path.
    @usableFromInline let primaryPointer: UnsafeRawPointer?
    let variants: [AnyEntry]

    init(primary: AnyEntry?, variants: [AnyEntry]) {
        self.primary = primary
        self.primaryPointer = primary.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        self.variants = variants
    }

    var all: [AnyEntry] { (primary.map { [$0] } ?? []) + variants }

    func entry(for key: ServiceKey) -> AnyEntry? {
        if key.tag == nil, !key.hasArguments { return primary }
        return variants.first { $0.key == key }
    }

    func replacing(_ entry: AnyEntry) -> TypeSnapshot {
        if entry.key.tag == nil, !entry.key.hasArguments {
            return TypeSnapshot(primary: entry, variants: variants)
        }
        return TypeSnapshot(primary: primary, variants: variants.filter { $0.key != entry.key } + [entry])
    }

    func removing(_ key: ServiceKey) -> TypeSnapshot {
        if key.tag == nil, !key.hasArguments { return TypeSnapshot(primary: nil, variants: variants) }
        return TypeSnapshot(primary: primary, variants: variants.filter { $0.key != key })
    }
}

/// An open-addressing table from a type's identity to its ``TypeSnapshot``, read without locks.
///
/// Writers (under ``Registry``'s mutex) store a slot's value before its key, with release
/// ordering; readers load the key, then the value, with acquire ordering. Slots are never
/// deleted (a removed type keeps its slot with an emptier snapshot), and a full table is copied
/// into a larger one that is then published, so a reader of a stale table sees an older but
/// consistent state; a miss always falls back to the locked path.
@usableFromInline
final class RegistryTable: @unchecked Sendable {
    // @unchecked: `slots` is fixed-size memory accessed only through atomics.
    @usableFromInline let mask: Int
    /// `2 * capacity` words: key (type identity bits), then value (snapshot pointer).
    @usableFromInline let slots: UnsafeMutablePointer<Atomic<UInt>>
    var count = 0

    init(capacity: Int) {
        mask = capacity - 1
        slots = .allocate(capacity: capacity * 2)
        for index in 0..<(capacity * 2) { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: (mask + 1) * 2)
        slots.deallocate()
    }

    @inlinable @inline(__always)
    static func home(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The snapshot for `key`, unretained, if this table has one.
    @inlinable @inline(__always)
    func lookup(_ key: UInt) -> UInt {
        var index = Self.home(of: key, mask: mask)
        while true {
            let found = slots[index &* 2].load(ordering: .acquiring)
            if found == key { return slots[index &* 2 &+ 1].load(ordering: .acquiring) }
            if found == 0 { return 0 }
            index = (index &+ 1) & mask
        }
    }

    /// Requires the registry's writer lock. Returns `false` when the table is too full.
    func store(_ key: UInt, _ value: UInt) -> Bool {
        var index = Self.home(of: key, mask: mask)
        while true {
            let found = slots[index * 2].load(ordering: .relaxed)
            if found == key {
                slots[index * 2 + 1].store(value, ordering: .releasing)
                return true
            }
            if found == 0 {
                guard (count + 1) * 2 <= mask + 1 else { return false }
                slots[index * 2 + 1].store(value, ordering: .releasing)
                slots[index * 2].store(key, ordering: .releasing)
                count += 1
                return true
            }
            index = (index + 1) & mask
        }
    }
}

/// The registrations of one container.
///
/// Reads (``snapshot(for:)``) are lock-free. Writes take a mutex and publish new immutable
/// snapshots; replaced snapshots and tables are kept until the registry is released, because a
/// lock-free reader may still be using them. That costs memory proportional to the number of
/// registrations ever made, not to the number of resolves.
@usableFromInline
final class Registry: @unchecked Sendable {
    // @unchecked: `table` is atomic; `writer` is a mutex.
    @usableFromInline let table: Atomic<UnsafeRawPointer>

    private struct WriterState {
        var snapshots: [ObjectIdentifier: TypeSnapshot] = [:]
        var tables: [RegistryTable] = []
        var retired: [TypeSnapshot] = []
        var sequence = 0
    }

    private let writer: Mutex<WriterState>
    /// The parent container's registry, unretained: a child container holds its parent strongly.
    @usableFromInline let parentPointer: UnsafeRawPointer?

    init(parent: Registry?) {
        parentPointer = parent.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        let first = RegistryTable(capacity: 64)
        table = Atomic(UnsafeRawPointer(Unmanaged.passUnretained(first).toOpaque()))
        writer = Mutex(WriterState(tables: [first]))
    }

    /// The snapshot for `type`, lock-free and unretained (valid while the registry lives).
    @inlinable @inline(__always)
    func snapshotPointer(for type: Any.Type) -> UInt {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        return Unmanaged<RegistryTable>.fromOpaque(table.load(ordering: .acquiring))
            ._withUnsafeGuaranteedRef { $0.lookup(key) }
    }

    /// The plain registration of `T` in the registry at `registry` or its ancestors, lock-free and
    /// without reference counting: the hot path of every resolve.
    @inlinable @inline(__always)
    static func primaryEntry<T>(of type: T.Type, startingAt registry: UnsafeRawPointer) -> UnsafeRawPointer? {
        var current = registry
        while true {
            let (entry, parent) = Unmanaged<Registry>.fromOpaque(current)._withUnsafeGuaranteedRef {
                ($0.primaryEntry(of: T.self), $0.parentPointer)
            }
            if let entry { return entry }
            guard let parent else { return nil }
            current = parent
        }
    }

    /// Whether the registry at `registry` or one of its ancestors has ever had a registration of
    /// `T` (with any tag or arguments), lock-free and without reference counting.
    @inlinable @inline(__always)
    static func hasSnapshot<T>(of type: T.Type, startingAt registry: UnsafeRawPointer) -> Bool {
        var current = registry
        while true {
            let (found, parent) = Unmanaged<Registry>.fromOpaque(current)._withUnsafeGuaranteedRef {
                ($0.snapshotPointer(for: T.self) != 0, $0.parentPointer)
            }
            if found { return true }
            guard let parent else { return false }
            current = parent
        }
    }

    /// The plain registration of `T` (no tag, no arguments), lock-free.
    @inlinable @inline(__always)
    func primaryEntry<T>(of type: T.Type) -> UnsafeRawPointer? {
        let snapshot = snapshotPointer(for: T.self)
        guard snapshot != 0, let raw = UnsafeRawPointer(bitPattern: snapshot) else { return nil }
        return Unmanaged<TypeSnapshot>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.primaryPointer }
    }

    /// The current snapshot for `type` (locked read, for slow paths).
    func snapshot(for type: Any.Type) -> TypeSnapshot? {
        writer.withLock { $0.snapshots[ObjectIdentifier(type)] }
    }

    /// Every snapshot, for iteration on slow paths.
    func allSnapshots() -> [TypeSnapshot] {
        writer.withLock { Array($0.snapshots.values) }
    }

    /// The next registration sequence number.
    func nextSequence() -> Int {
        writer.withLock { state in
            state.sequence += 1
            return state.sequence
        }
    }

    /// Publishes `entry`, replacing any registration with the same key; returns the replaced one.
    @discardableResult
    func insert(_ entry: AnyEntry) -> AnyEntry? {
        update(ObjectIdentifier(entry.key.type)) { old in
            let previous = old?.entry(for: entry.key)
            return ((old ?? TypeSnapshot(primary: nil, variants: [])).replacing(entry), previous)
        }
    }

    /// Removes the registration with `key`; returns it.
    func remove(_ key: ServiceKey) -> AnyEntry? {
        update(ObjectIdentifier(key.type)) { old in
            guard let old, let previous = old.entry(for: key) else { return (nil, nil) }
            return (old.removing(key), previous)
        }
    }

    /// Removes every registration; returns them.
    func removeAll() -> [AnyEntry] {
        let ids = writer.withLock { Array($0.snapshots.keys) }
        return ids.flatMap { id in
            update(id) { old in (TypeSnapshot(primary: nil, variants: []), old) }.map(\.all) ?? []
        }
    }

    private func update<R>(
        _ id: ObjectIdentifier,
        _ change: (TypeSnapshot?) -> (TypeSnapshot?, R?)
    ) -> R? {
        writer.withLock { state -> R? in
            let old = state.snapshots[id]
            let (new, result) = change(old)
            guard let new else { return result }
            if let old { state.retired.append(old) }
            state.snapshots[id] = new
            let key = UInt(bitPattern: id)
            let value = UInt(bitPattern: Unmanaged.passUnretained(new).toOpaque())
            var current = state.tables[state.tables.count - 1]
            if !current.store(key, value) {
                let larger = RegistryTable(capacity: (current.mask + 1) * 2)
                for (otherID, snapshot) in state.snapshots {
                    _ = larger.store(
                        UInt(bitPattern: otherID),
                        UInt(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque())
                    )
                }
                state.tables.append(larger)
                current = larger
                table.store(UnsafeRawPointer(Unmanaged.passUnretained(larger).toOpaque()), ordering: .releasing)
            }
            return result
        }
    }
}

extension Registry {
    /// The current snapshot for `type`, lock-free.
    func currentSnapshot(for type: Any.Type) -> TypeSnapshot? {
        let pointer = snapshotPointer(for: type)
        guard pointer != 0, let raw = UnsafeRawPointer(bitPattern: pointer) else { return nil }
        return Unmanaged<TypeSnapshot>.fromOpaque(raw).takeUnretainedValue()
    }
}
