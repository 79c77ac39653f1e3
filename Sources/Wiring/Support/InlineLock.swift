#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex and condition variable stored inside another allocation: the header of a
/// `ManagedBuffer`, so that an object, its lock and its inline elements are one allocation
/// (a scope's ``Lifespan``). Used only through a pointer to it (``InlineLockPointer``):
/// a pthread mutex must never move or be copied once initialised.
struct InlineLock {
    fileprivate var mutex = pthread_mutex_t()
    fileprivate var condition = pthread_cond_t()

    init() {}
}

/// The address of an ``InlineLock`` inside a live allocation.
///
/// Safe as long as the allocation outlives every use: its owner makes it with ``initialize()``
/// right after allocating, calls ``destroy()`` in its `deinit`, and reaches it only through
/// itself, so no thread can use the pointer before it is initialised or after it is destroyed.
struct InlineLockPointer {
    let pointer: UnsafeMutablePointer<InlineLock>

    init(_ pointer: UnsafeMutablePointer<InlineLock>) {
        self.pointer = pointer
    }

    /// Initialises the mutex and condition in place; once, before any other call.
    func initialize() {
        let mutexResult = pthread_mutex_init(&pointer.pointee.mutex, nil)
        precondition(mutexResult == 0, "Wiring: pthread_mutex_init failed with \(mutexResult)")
        let conditionResult = pthread_cond_init(&pointer.pointee.condition, nil)
        precondition(conditionResult == 0, "Wiring: pthread_cond_init failed with \(conditionResult)")
    }

    /// Destroys them; once, in the owner's `deinit`.
    func destroy() {
        pthread_cond_destroy(&pointer.pointee.condition)
        pthread_mutex_destroy(&pointer.pointee.mutex)
    }

    @inline(__always) func lock() { pthread_mutex_lock(&pointer.pointee.mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(&pointer.pointee.mutex) }

    /// Waits for ``broadcast()``, releasing the mutex meanwhile; requires the mutex, and holds it
    /// again on return (a wake-up may be spurious: look again).
    func wait() { pthread_cond_wait(&pointer.pointee.condition, &pointer.pointee.mutex) }

    /// Wakes every thread in ``wait()``.
    func broadcast() { pthread_cond_broadcast(&pointer.pointee.condition) }
}
