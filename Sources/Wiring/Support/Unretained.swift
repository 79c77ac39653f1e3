/// A reference that does not keep its object alive: `Unmanaged` with the object's type in the
/// signature, so that the hot path's pointers cannot be read as the wrong type, as swift-collections
/// wraps its unmanaged storage.
///
/// `@unchecked Sendable`: it is only an address. Every stored `Unretained` names who keeps the
/// object alive for as long as the reference is read (a strong `let` beside it, or a read
/// section), and the object it refers to is itself `Sendable`.
@usableFromInline @frozen
struct Unretained<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline let unmanaged: Unmanaged<Object>

    /// A reference to `object`; the caller keeps `object` alive by other means.
    @inlinable
    init(_ object: Object) {
        unmanaged = .passUnretained(object)
    }

    /// The reference whose address is `opaque`: the inverse of ``opaque``.
    @inlinable
    init(opaque: UnsafeRawPointer) {
        unmanaged = .fromOpaque(opaque)
    }

    /// The object's address.
    @inlinable
    var opaque: UnsafeRawPointer { UnsafeRawPointer(unmanaged.toOpaque()) }

    /// Runs `body` with the object, without retaining it.
    @inlinable @inline(__always)
    func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The object, retained (+0 handed to the caller, which retains it if it keeps it).
    @inlinable
    var object: Object { unmanaged.takeUnretainedValue() }
}

/// Not API: an unretained reference to a container's registry, which the inlined resolve path of
/// ``Resolving`` reads so that a cached resolve does no reference counting.
@frozen
public struct _RegistryReference: Sendable {
    @usableFromInline let registry: Unretained<Registry>

    @inlinable
    init(_ registry: Unretained<Registry>) {
        self.registry = registry
    }
}

/// A reference set at most once, then read without a lock: a view of an atomic word that its
/// holder keeps inline (``AtomicWordStorage``, initially `nil`), holding a retained object. The
/// holder calls ``releaseStored()`` in its `deinit`.
struct SetOnce<Object: AnyObject> {
    // The word holds `nil` or a pointer retained by the one store that won, never replaced; it is
    // released by `releaseStored()`, when no thread can read it any more.
    private let word: AtomicView<UnsafeRawPointer?>

    init(_ word: AtomicView<UnsafeRawPointer?>) {
        self.word = word
    }

    /// The object, if one was stored.
    func load() -> Object? {
        word.load(ordering: .acquiring).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Stores `object` unless one is stored already.
    func storeIfNil(_ object: Object) {
        let raw = UnsafeRawPointer(Unmanaged.passRetained(object).toOpaque())
        let (exchanged, _) = word.compareExchange(expected: nil, desired: raw, ordering: .acquiringAndReleasing)
        if !exchanged { Unmanaged<Object>.fromOpaque(raw).release() }
    }

    /// Releases the stored object: its holder's `deinit`.
    func releaseStored() {
        if let raw = word.load(ordering: .acquiring) { Unmanaged<Object>.fromOpaque(raw).release() }
    }
}
