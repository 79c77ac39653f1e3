import CWiringAtomics

// Atomics that run on every platform the package supports: `Synchronization.Atomic` needs macOS
// 15 / iOS 18 and is not back-deployed, so Wiring keeps its own, over C11 atomics
// (`Sources/CWiringAtomics`). The operations, their names and their memory orders are
// `Synchronization.Atomic`'s, so that code reads the same; a value is one 64-bit word.
//
// Three forms:
// - words an object keeps inline, as its class's first stored property (``AtomicWordStorage``,
//   ``AtomicView/init(inline:word:)``): what an object's own atomics are, with no allocation of
//   their own, as `Synchronization.Atomic` stored in a class was;
// - ``AtomicCell``, which owns a word it allocates: a `static` or global atomic;
// - ``AtomicWords``, arrays of words that their user allocates (the registry's slots, the
//   reclamation's counters), read through ``AtomicView``.
//
// The thread sanitizer instruments the C functions (SwiftPM compiles C targets with the same
// sanitizer), so it sees every atomic access, as it did `Synchronization.Atomic`'s.

/// How a load orders the accesses around it.
@usableFromInline
package enum AtomicLoadOrdering {
    case relaxed, acquiring, sequentiallyConsistent
}

/// How a store orders the accesses around it.
@usableFromInline
package enum AtomicStoreOrdering {
    case relaxed, releasing, sequentiallyConsistent
}

/// How a read-modify-write orders the accesses around it.
@usableFromInline
package enum AtomicUpdateOrdering {
    case relaxed, acquiring, releasing, acquiringAndReleasing, sequentiallyConsistent

    /// The order of a compare-and-exchange that fails, which only loads: without the release.
    @inlinable @inline(__always)
    var failureOrdering: AtomicLoadOrdering {
        switch self {
        case .relaxed, .releasing: .relaxed
        case .acquiring, .acquiringAndReleasing: .acquiring
        case .sequentiallyConsistent: .sequentiallyConsistent
        }
    }
}

/// Orders the memory accesses before it against those after it, as `ordering` says:
/// `Synchronization`'s `atomicMemoryFence`.
@inlinable @inline(__always)
package func atomicFence(ordering: AtomicUpdateOrdering) {
    switch ordering {
    case .relaxed: cwiring_atomic_fence_relaxed()
    case .acquiring: cwiring_atomic_fence_acquiring()
    case .releasing: cwiring_atomic_fence_releasing()
    case .acquiringAndReleasing: cwiring_atomic_fence_acquiring_and_releasing()
    case .sequentiallyConsistent: cwiring_atomic_fence_sequentially_consistent()
    }
}

/// A value that fits in one atomic 64-bit word, and comes back from it unchanged.
@usableFromInline
package protocol AtomicWordValue {
    /// The value as a word.
    var atomicWord: Int64 { get }
    /// The value a word made by ``atomicWord`` holds.
    static func fromAtomicWord(_ word: Int64) -> Self
}

/// An integer whose sum, as a word, is its own sum (wrapping where it wraps).
@usableFromInline
package protocol AtomicWordInteger: AtomicWordValue, FixedWidthInteger {}

extension Int: AtomicWordInteger {
    @inlinable @inline(__always) package var atomicWord: Int64 { Int64(truncatingIfNeeded: self) }
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> Int { Int(truncatingIfNeeded: word) }
}

extension UInt: AtomicWordInteger {
    @inlinable @inline(__always) package var atomicWord: Int64 { Int64(bitPattern: UInt64(self)) }
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> UInt {
        UInt(truncatingIfNeeded: UInt64(bitPattern: word))
    }
}

extension UInt64: AtomicWordInteger {
    @inlinable @inline(__always) package var atomicWord: Int64 { Int64(bitPattern: self) }
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> UInt64 { UInt64(bitPattern: word) }
}

extension UInt8: AtomicWordValue {
    @inlinable @inline(__always) package var atomicWord: Int64 { Int64(self) }
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> UInt8 { UInt8(truncatingIfNeeded: word) }
}

extension Bool: AtomicWordValue {
    @inlinable @inline(__always) package var atomicWord: Int64 { self ? 1 : 0 }
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> Bool { word != 0 }
}

extension UnsafeRawPointer: AtomicWordValue {
    @inlinable @inline(__always) package var atomicWord: Int64 { Int64(Int(bitPattern: self)) }
    /// Only ever read from a word that one of these stored: never zero.
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: Int(truncatingIfNeeded: word)).unsafelyUnwrapped
    }
}

extension Optional: AtomicWordValue where Wrapped == UnsafeRawPointer {
    @inlinable @inline(__always) package var atomicWord: Int64 { Int64(Int(bitPattern: self)) }
    @inlinable @inline(__always) package static func fromAtomicWord(_ word: Int64) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: Int(truncatingIfNeeded: word))
    }
}

/// Atomic operations on a word that something else owns and keeps at a fixed address for as
/// long as any view of it is used: what ``AtomicCell`` is made of, and what arrays of atomic
/// words are read through.
@usableFromInline
package struct AtomicView<Value: AtomicWordValue> {
    // The pointer: every user of a view keeps its word allocated and initialised
    // (`AtomicView.initialize`) while it uses the view; every access to the word goes through
    // the C11 atomic functions, so concurrent accesses are atomic.
    @usableFromInline let word: UnsafeMutablePointer<cwiring_atomic_word>

    /// A view of `word`.
    @inlinable @inline(__always)
    package init(_ word: UnsafeMutablePointer<cwiring_atomic_word>) {
        self.word = word
    }

    /// Initialises `word`, allocated and not yet initialised, to `value`.
    @inlinable
    package static func initialize(_ word: UnsafeMutablePointer<cwiring_atomic_word>, to value: Value) {
        cwiring_atomic_init(word, value.atomicWord)
    }

    @inlinable @inline(__always)
    package func load(ordering: AtomicLoadOrdering) -> Value {
        let raw: Int64
        switch ordering {
        case .relaxed: raw = cwiring_atomic_load_relaxed(word)
        case .acquiring: raw = cwiring_atomic_load_acquiring(word)
        case .sequentiallyConsistent: raw = cwiring_atomic_load_sequentially_consistent(word)
        }
        return Value.fromAtomicWord(raw)
    }

    @inlinable @inline(__always)
    package func store(_ value: Value, ordering: AtomicStoreOrdering) {
        switch ordering {
        case .relaxed: cwiring_atomic_store_relaxed(word, value.atomicWord)
        case .releasing: cwiring_atomic_store_releasing(word, value.atomicWord)
        case .sequentiallyConsistent: cwiring_atomic_store_sequentially_consistent(word, value.atomicWord)
        }
    }

    /// Adds `operand` to the word, wrapping; returns the word before.
    @inlinable @inline(__always)
    func fetchAdd(_ operand: Int64, ordering: AtomicUpdateOrdering) -> Int64 {
        switch ordering {
        case .relaxed: cwiring_atomic_fetch_add_relaxed(word, operand)
        case .acquiring: cwiring_atomic_fetch_add_acquiring(word, operand)
        case .releasing: cwiring_atomic_fetch_add_releasing(word, operand)
        case .acquiringAndReleasing: cwiring_atomic_fetch_add_acquiring_and_releasing(word, operand)
        case .sequentiallyConsistent: cwiring_atomic_fetch_add_sequentially_consistent(word, operand)
        }
    }

    /// Stores `value`; returns the value it replaced.
    @inlinable @inline(__always)
    package func exchange(_ value: Value, ordering: AtomicUpdateOrdering) -> Value {
        let raw: Int64
        switch ordering {
        case .relaxed: raw = cwiring_atomic_exchange_relaxed(word, value.atomicWord)
        case .acquiring: raw = cwiring_atomic_exchange_acquiring(word, value.atomicWord)
        case .releasing: raw = cwiring_atomic_exchange_releasing(word, value.atomicWord)
        case .acquiringAndReleasing: raw = cwiring_atomic_exchange_acquiring_and_releasing(word, value.atomicWord)
        case .sequentiallyConsistent: raw = cwiring_atomic_exchange_sequentially_consistent(word, value.atomicWord)
        }
        return Value.fromAtomicWord(raw)
    }

    /// Stores `desired` if the word holds `expected`; `original` is what it held.
    @inlinable @inline(__always)
    package func compareExchange(expected: Value, desired: Value, ordering: AtomicUpdateOrdering)
        -> (exchanged: Bool, original: Value)
    {
        compareExchange(
            expected: expected, desired: desired, successOrdering: ordering, failureOrdering: ordering.failureOrdering)
    }

    /// ``compareExchange(expected:desired:ordering:)`` with the order of a failure given apart.
    @inlinable @inline(__always)
    package func compareExchange(
        expected: Value, desired: Value, successOrdering: AtomicUpdateOrdering, failureOrdering: AtomicLoadOrdering
    ) -> (exchanged: Bool, original: Value) {
        var original = expected.atomicWord
        let new = desired.atomicWord
        let exchanged: Bool
        // The pairs C11 allows, each its own function; any other is made sequentially consistent,
        // which is stronger than what was asked.
        switch (successOrdering, failureOrdering) {
        case (.relaxed, .relaxed): exchanged = cwiring_atomic_compare_exchange_relaxed_relaxed(word, &original, new)
        case (.acquiring, .relaxed): exchanged = cwiring_atomic_compare_exchange_acquiring_relaxed(word, &original, new)
        case (.acquiring, .acquiring): exchanged = cwiring_atomic_compare_exchange_acquiring_acquiring(word, &original, new)
        case (.releasing, .relaxed): exchanged = cwiring_atomic_compare_exchange_releasing_relaxed(word, &original, new)
        case (.acquiringAndReleasing, .relaxed):
            exchanged = cwiring_atomic_compare_exchange_acquiring_and_releasing_relaxed(word, &original, new)
        case (.acquiringAndReleasing, .acquiring):
            exchanged = cwiring_atomic_compare_exchange_acquiring_and_releasing_acquiring(word, &original, new)
        case (.sequentiallyConsistent, .relaxed):
            exchanged = cwiring_atomic_compare_exchange_sequentially_consistent_relaxed(word, &original, new)
        case (.sequentiallyConsistent, .acquiring):
            exchanged = cwiring_atomic_compare_exchange_sequentially_consistent_acquiring(word, &original, new)
        default:
            exchanged = cwiring_atomic_compare_exchange_sequentially_consistent_sequentially_consistent(word, &original, new)
        }
        return (exchanged, Value.fromAtomicWord(original))
    }
}

extension AtomicView where Value: AtomicWordInteger {
    /// Adds `operand`, wrapping around on overflow; returns the values before and after.
    @inlinable @inline(__always) @discardableResult
    package func add(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value.fromAtomicWord(fetchAdd(operand.atomicWord, ordering: ordering))
        return (old, old &+ operand)
    }

    /// Subtracts `operand`, wrapping around on overflow; returns the values before and after.
    @inlinable @inline(__always) @discardableResult
    package func subtract(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value.fromAtomicWord(fetchAdd((0 &- operand).atomicWord, ordering: ordering))
        return (old, old &- operand)
    }

    /// ``add(_:ordering:)``, as `Synchronization.Atomic` names the wrapping form.
    @inlinable @inline(__always) @discardableResult
    package func wrappingAdd(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        add(operand, ordering: ordering)
    }

    /// ``subtract(_:ordering:)``, as `Synchronization.Atomic` names the wrapping form.
    @inlinable @inline(__always) @discardableResult
    package func wrappingSubtract(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        subtract(operand, ordering: ordering)
    }

    /// Stores the smaller of the value and `operand`; returns the values before and after.
    @inlinable @discardableResult
    package func min(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        update(ordering: ordering) { Swift.min($0, operand) }
    }

    /// Stores the larger of the value and `operand`; returns the values before and after.
    @inlinable @discardableResult
    package func max(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        update(ordering: ordering) { Swift.max($0, operand) }
    }

    /// Stores `change(value)` in one compare-and-exchange loop.
    @inlinable
    func update(ordering: AtomicUpdateOrdering, _ change: (Value) -> Value) -> (oldValue: Value, newValue: Value) {
        var current = load(ordering: .relaxed)
        while true {
            let next = change(current)
            if next == current { return (current, current) }
            let (exchanged, original) = compareExchange(expected: current, desired: next, ordering: ordering)
            if exchanged { return (current, next) }
            current = original
        }
    }
}

/// One atomic word, as an object keeps it inline: `AtomicWordStorage(0)`.
///
/// A class keeps its atomics as a tuple of these, declared as its **first stored property**, in
/// a **root class** (one with no superclass), and reads each through
/// ``AtomicView/init(inline:word:)``:
///
/// ```swift
/// final class Gate {
///     private let atomics = (AtomicWordStorage(UInt(0)), AtomicWordStorage(false))
///     private var owner: AtomicView<UInt> { AtomicView(inline: self, word: 0) }
///     private var contended: AtomicView<Bool> { AtomicView(inline: self, word: 1) }
/// }
/// ```
///
/// Swift never reads or writes the tuple itself after `init`: every access is one of the C11
/// atomic functions, through the word's address. That address is where a root class's stored
/// properties start (`_getUnsafePointerToStoredProperties`, as swift-atomics' `ManagedAtomic`
/// finds its storage), since Swift lays out a class's stored properties in the order they are
/// declared; `AtomicsTests` checks it for plain and generic classes, and `InlineAtomicsLayoutTests`
/// checks every class in the sources that reads words so (found by `AtomicView(inline: self`):
/// a root class, the words its first stored property, with room for each word it reads.
package typealias AtomicWordStorage = cwiring_atomic_word

extension AtomicWordStorage {
    /// A word holding `value`.
    @inlinable @inline(__always)
    package init<Value: AtomicWordValue>(_ value: Value) {
        self = cwiring_atomic_word_make(value.atomicWord)
    }
}

extension AtomicView {
    /// The word at `index` of the atomic words that `object` keeps inline, as its class's first
    /// stored property (``AtomicWordStorage``). The caller holds `object` for as long as it uses
    /// the view.
    @inlinable @inline(__always)
    package init(inline object: AnyObject, word index: Int) {
        self.init(_getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: cwiring_atomic_word.self) + index)
    }
}

/// Contiguous atomic words that their user allocates and frees (the registry's table slots, the
/// reclamation's counters): `UnsafeMutablePointer<Atomic<Value>>`, as it was.
@usableFromInline
package struct AtomicWords<Value: AtomicWordValue> {
    // The pointer: `allocate` makes and initialises the words; their user keeps them until it
    // calls `deallocate`, and reaches them only through `AtomicView`'s atomic operations.
    @usableFromInline let base: UnsafeMutablePointer<cwiring_atomic_word>

    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<cwiring_atomic_word>) {
        self.base = base
    }

    /// `count` words, each holding `initial`.
    package static func allocate(capacity count: Int, initializedTo initial: Value) -> AtomicWords {
        let base = UnsafeMutablePointer<cwiring_atomic_word>.allocate(capacity: count)
        for index in 0..<count { AtomicView.initialize(base + index, to: initial) }
        return AtomicWords(base: base)
    }

    /// Frees the words; no view of them may be used afterwards.
    package func deallocate() {
        base.deallocate()
    }

    /// The word at `offset`.
    @inlinable @inline(__always)
    package subscript(offset: Int) -> AtomicView<Value> { AtomicView(base + offset) }

    /// The first word.
    @inlinable @inline(__always)
    package var pointee: AtomicView<Value> { AtomicView(base) }

    /// The words from `offset` on.
    @inlinable @inline(__always)
    package static func + (words: AtomicWords, offset: Int) -> AtomicWords { AtomicWords(base: words.base + offset) }
}

/// An atomic value that owns its word: allocated with the cell, freed when the cell goes. What a
/// `static` or global atomic is (`static let count = AtomicCell<Int>(0)`); an object's own
/// atomics are kept inline instead (``AtomicWordStorage``), with no allocation of their own.
@usableFromInline
package struct AtomicCell<Value: AtomicWordValue>: ~Copyable {
    // The pointer: allocated and initialised in `init`, freed in `deinit`, when the cell, which
    // cannot be copied, goes; every access before that goes through `view`.
    @usableFromInline let view: AtomicView<Value>

    /// A cell holding `initial`.
    @inlinable
    package init(_ initial: Value) {
        let word = UnsafeMutablePointer<cwiring_atomic_word>.allocate(capacity: 1)
        AtomicView.initialize(word, to: initial)
        view = AtomicView(word)
    }

    deinit {
        view.word.deallocate()
    }

    @inlinable @inline(__always)
    package func load(ordering: AtomicLoadOrdering) -> Value { view.load(ordering: ordering) }

    @inlinable @inline(__always)
    package func store(_ value: Value, ordering: AtomicStoreOrdering) { view.store(value, ordering: ordering) }

    @inlinable @inline(__always)
    package func exchange(_ value: Value, ordering: AtomicUpdateOrdering) -> Value { view.exchange(value, ordering: ordering) }

    @inlinable @inline(__always)
    package func compareExchange(expected: Value, desired: Value, ordering: AtomicUpdateOrdering)
        -> (exchanged: Bool, original: Value)
    {
        view.compareExchange(expected: expected, desired: desired, ordering: ordering)
    }

    @inlinable @inline(__always)
    package func compareExchange(
        expected: Value, desired: Value, successOrdering: AtomicUpdateOrdering, failureOrdering: AtomicLoadOrdering
    ) -> (exchanged: Bool, original: Value) {
        view.compareExchange(expected: expected, desired: desired, successOrdering: successOrdering, failureOrdering: failureOrdering)
    }
}

extension AtomicCell where Value: AtomicWordInteger {
    /// Adds `operand`, wrapping around on overflow (``AtomicView/add(_:ordering:)``).
    @inlinable @inline(__always) @discardableResult
    package func add(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        view.add(operand, ordering: ordering)
    }

    /// Subtracts `operand`, wrapping around on overflow (``AtomicView/subtract(_:ordering:)``).
    @inlinable @inline(__always) @discardableResult
    package func subtract(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        view.subtract(operand, ordering: ordering)
    }

    @inlinable @discardableResult
    package func min(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        view.min(operand, ordering: ordering)
    }

    @inlinable @discardableResult
    package func max(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        view.max(operand, ordering: ordering)
    }
}

// @unchecked: the word is accessed only through C11 atomic operations (see `AtomicView`), so any
// number of threads may use the cell at once; values are `AtomicWordValue`s, plain bits.
extension AtomicCell: @unchecked Sendable {}
extension AtomicView: @unchecked Sendable {}
extension AtomicWords: @unchecked Sendable {}
