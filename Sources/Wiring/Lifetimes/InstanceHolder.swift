/// An immutable record of one built instance, published to lock-free readers.
///
/// Cached reads must not take a lock, yet a reset or a re-registration must release the
/// instance. Releasing memory that a concurrent lock-free reader may be about to retain is a
/// use-after-free, so for class instances the holder keeps only a *weak* reference (plus the
/// bit pattern of the `T` value around it); the strong reference lives in ``InstanceCell`` and
/// is dropped on reset. A weak load is safe against a concurrent last release: the reader gets
/// the instance or `nil`, and `nil` sends it to the slow path. Holders themselves are never
/// freed while a reader could reach them (see ``InstanceCell/retired``).
///
/// Value types cannot be referenced weakly; their holder stores the value, and a reset value
/// is released when its cell is (for container singletons: with the container).
@usableFromInline
final class InstanceHolder<T>: @unchecked Sendable {
    // @unchecked: every stored property is set in `init` and never mutated afterwards; the weak
    // reference is only ever loaded, which the Swift runtime makes safe from any thread.
    @usableFromInline let stored: T?
    @usableFromInline weak var object: AnyObject?
    /// The bytes of the `T` value whose first word is `object`; owns nothing.
    @usableFromInline let template: UnsafeMutableRawPointer?

    /// Makes a holder for `value`; `classObject` is the object that `value` is (or wraps as an
    /// existential), as found by ``classObject(of:)``.
    init(_ value: T, classObject: AnyObject?) {
        if let classObject {
            stored = nil
            object = classObject
            let bytes = UnsafeMutableRawPointer.allocate(
                byteCount: MemoryLayout<T>.size,
                alignment: MemoryLayout<T>.alignment
            )
            withUnsafeBytes(of: value) { bytes.copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: $0.count) }
            template = bytes
        } else {
            stored = value
            object = nil
            template = nil
        }
    }

    deinit {
        template?.deallocate()
    }

    /// The instance, or `nil` if it was a class instance that has been released.
    @inlinable
    func value() -> T? {
        if let stored { return stored }
        guard let object, let template else { return nil }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            let slot = buffer.baseAddress.unsafelyUnwrapped
            let raw = UnsafeMutableRawPointer(slot)
            raw.copyMemory(from: template, byteCount: MemoryLayout<T>.size)
            // Word 0 is the object reference; give the value its own +1 on it.
            raw.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
            return slot.move()
        }
    }

    /// The object `value` consists of, when `T` is a class, a class-bound existential, or an
    /// existential holding a class instance: exactly the cases whose first word is the only
    /// reference the value owns. Returns `nil` for every other value (structs, enums, tuples,
    /// boxed existentials), which are then stored as they are.
    static func classObject(of value: T) -> AnyObject? {
        guard MemoryLayout<T>.size >= MemoryLayout<UInt>.size else { return nil }
        let object = value as AnyObject
        let firstWord = withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
        return firstWord == UInt(bitPattern: ObjectIdentifier(object)) ? object : nil
    }
}
