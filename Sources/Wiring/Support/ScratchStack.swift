/// Per-thread memory for a value held across a call by code generic over its type: a traced
/// build's instance while the instruments' chain runs (``Tracer/build(_:_:in:_:)``).
///
/// A local `T?` or `Result<T, any Error>` there would cost a run-time metadata lookup on every
/// build, since that code is not specialised; memory taken from here costs a few instructions.
/// Reservations are released in the reverse order of their making, as the calls that make them
/// nest on one thread. A value too large for what is left is given heap memory instead.
///
/// Why the pointers are safe: a reservation is used only between its ``reserve(_:)`` and its
/// ``release(_:mark:)``, which its caller makes in a `defer`; reservations nest, so releasing one
/// never frees memory that a reservation still in use holds; the memory never moves, and is freed
/// only with the thread's ``ResolutionContext``, when the thread has exited and no build is left.
struct ScratchStack {
    private static let capacity = 4096
    private static let alignment = 16
    /// Allocated on first use: most threads that resolve never trace with a wrapping instrument.
    private var base: UnsafeMutableRawPointer?
    /// The first byte not reserved.
    private var top = 0

    /// Frees the memory; call it once, when no reservation is left.
    func deallocate() {
        base?.deallocate()
    }

    /// Memory for one `T`, not initialised, and the mark to release it with.
    @inline(__always)
    mutating func reserve<T>(_: T.Type) -> (pointer: UnsafeMutablePointer<T>, mark: Int) {
        let alignment = MemoryLayout<T>.alignment
        let start = (top + alignment - 1) & ~(alignment - 1)
        let end = start + MemoryLayout<T>.size
        guard alignment <= Self.alignment, end <= Self.capacity else { return (.allocate(capacity: 1), -1) }
        let memory = base ?? allocateBase()
        let mark = top
        top = end
        return ((memory + start).bindMemory(to: T.self, capacity: 1), mark)
    }

    /// Allocates the memory, on first use.
    private mutating func allocateBase() -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: Self.alignment)
        base = memory
        return memory
    }

    /// Releases what ``reserve(_:)`` returned, after its value has been moved out or destroyed.
    @inline(__always)
    mutating func release<T>(_ pointer: UnsafeMutablePointer<T>, mark: Int) {
        if mark < 0 { pointer.deallocate() } else { top = mark }
    }
}
