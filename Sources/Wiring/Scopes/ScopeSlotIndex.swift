/// A hash index over a scope's slots, kept once they outgrow the lifespan's allocation: a scope that
/// holds many instances (one type under many tags, say) finds a slot, and provides into it, in
/// the same time whatever their number. Below that a linear scan of a handful of slots is
/// cheaper than any hashing, and no index is kept.
///
/// An open-addressing table with linear probing, at most half full, of slot positions (plus one:
/// zero is an empty cell), at the home cell of the slot's registration's key hash
/// (``AnyEntry/scopeKeyHash``), so that every slot of a key (its registration's, older
/// registrations' stale ones, kept ones) is found from that key's home cell. A removal shifts
/// the cells after it back (no tombstones), so a probe ends at the first empty cell.
///
/// Part of ``ScopeSlots``, so read and written only under the lifespan's lock, or in its `deinit`.
/// The hashes were computed when the registrations were made: no user code runs here.
struct ScopeSlotIndex {
    /// The cells; `nil` while the slots fit in the lifespan. Safe: allocated, written and freed only
    /// by the owning ``ScopeSlots``, under its lifespan's lock or in the lifespan's `deinit`.
    private var cells: UnsafeMutablePointer<Int32>?
    private var mask = 0

    /// Indexes the `count` slots at `slots` afresh, in a table for `capacity` slots.
    mutating func rebuild(for capacity: Int, slots: UnsafeMutablePointer<ScopeSlot>, count: Int) {
        free()
        let size = (capacity * 2).nextPowerOfTwo
        let made = UnsafeMutablePointer<Int32>.allocate(capacity: size)
        made.initialize(repeating: 0, count: size)
        cells = made
        mask = size - 1
        insertAll(slots, count: count)
    }

    /// Empties the table (every slot was moved out), keeping its room.
    mutating func clear() {
        guard let cells else { return }
        cells.update(repeating: 0, count: mask + 1)
    }

    /// Indexes the `count` slots at `slots` afresh, in the table's room (the slots moved).
    mutating func refill(from slots: UnsafeMutablePointer<ScopeSlot>, count: Int) {
        clear()
        insertAll(slots, count: count)
    }

    /// Records the `count` slots at `slots`, in an empty table.
    private mutating func insertAll(_ slots: UnsafeMutablePointer<ScopeSlot>, count: Int) {
        for position in 0..<count { insert(position, hash: slots[position].entry.scopeKeyHash) }
    }

    /// Frees the table.
    mutating func free() {
        cells?.deallocate()
        cells = nil
        mask = 0
    }

    /// Records the slot at `position`, whose key hash is `hash`.
    mutating func insert(_ position: Int, hash: Int) {
        guard let cells else { return }
        var cell = hash & mask
        while cells[cell] != 0 { cell = (cell + 1) & mask }
        cells[cell] = Int32(truncatingIfNeeded: position + 1)
    }

    /// Forgets the slot at `position`, whose key hash is `hash`, shifting back the cells its
    /// removal would cut off from their home.
    mutating func remove(_ position: Int, hash: Int, slots: UnsafeMutablePointer<ScopeSlot>) {
        guard let cells, var hole = cell(holding: position, hash: hash) else { return }
        var next = (hole + 1) & mask
        while cells[next] != 0 {
            let home = slots[Int(cells[next]) - 1].entry.scopeKeyHash & mask
            // The cell at `next` may fill the hole unless its home lies after the hole, up to it.
            if (next &- home) & mask >= (next &- hole) & mask {
                cells[hole] = cells[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        cells[hole] = 0
    }

    /// Records that the slot at `old`, whose key hash is `hash`, now sits at `new`.
    mutating func move(from old: Int, to new: Int, hash: Int) {
        guard let cells, let cell = cell(holding: old, hash: hash) else { return }
        cells[cell] = Int32(truncatingIfNeeded: new + 1)
    }

    /// The first answer `decide` gives for the positions of the slots in key hash `hash`'s home
    /// run: every slot of that hash is in the run, with a few of others, which `decide` must
    /// tell apart.
    @inline(__always)
    func first<Answer>(hash: Int, _ decide: (Int) -> Answer?) -> Answer? {
        guard let cells else { return nil }
        var cell = hash & mask
        while cells[cell] != 0 {
            if let answer = decide(Int(cells[cell]) - 1) { return answer }
            cell = (cell + 1) & mask
        }
        return nil
    }

    /// The cell that holds the slot at `position`.
    private func cell(holding position: Int, hash: Int) -> Int? {
        guard let cells else { return nil }
        let wanted = Int32(truncatingIfNeeded: position + 1)
        var cell = hash & mask
        while cells[cell] != 0 {
            if cells[cell] == wanted { return cell }
            cell = (cell + 1) & mask
        }
        return nil
    }
}

extension Int {
    /// The smallest power of two not below this (positive) number.
    fileprivate var nextPowerOfTwo: Int {
        var power = 1
        while power < self { power <<= 1 }
        return power
    }
}
