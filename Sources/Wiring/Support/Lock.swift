#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a `pthread_mutex_t`, with the same `withLock` shape as `Synchronization.Mutex`.
///
/// Wiring uses this instead of `Mutex` because ThreadSanitizer on Linux does not see `Mutex`: it
/// locks through a futex inside `libswiftSynchronization.so`, which is not instrumented, so TSan
/// misses its happens-before edges and reports every access it protects (and a suppression for
/// those reports hides real races too). TSan intercepts `pthread_mutex_lock`/`unlock`, so it
/// checks everything behind this lock. One allocation holds both the value and the mutex; the
/// lock is a struct around it (a class around it was a second allocation per lock), so copies of
/// a `Lock` share that one mutex.
///
/// Shared with the facades through `package` access.
package struct Lock<State> {
    private let storage: Storage

    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    /// Creates a lock that protects `initial`.
    package init(_ initial: State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "Wiring: pthread_mutex_init failed with \(result)")
        }
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not call back into code that takes this lock, must not run user code, and must
    /// not release user objects: return them and let them go after the lock is dropped.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (state, mutex) throws(Failure) -> Result in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}

// @unchecked: the state and the mutex live in `storage`; the state is read and written only inside
// `withLock`, between `pthread_mutex_lock` and `pthread_mutex_unlock` on that mutex, so at most one
// thread touches it at a time. Only `Sendable` states, which may cross threads, make it `Sendable`.
extension Lock: @unchecked Sendable where State: Sendable {}

/// A lock with explicit `lock()`/`unlock()`, for the one place that must hold a lock across a call
/// into user code that returns a value of an arbitrary (possibly non-`Sendable`) type: the build
/// path of a once-cell (see ``InstanceCell``). Never held on a cached read.
final class PlatformLock: @unchecked Sendable {
    // @unchecked: the pthread mutex is designed for concurrent use; the pointer is created once in
    // `init`, never reassigned, and destroyed only in `deinit`, when no thread can hold a reference.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "Wiring: pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() {
        let result = pthread_mutex_lock(mutex)
        precondition(result == 0, "Wiring: pthread_mutex_lock failed with \(result)")
    }

    func unlock() {
        let result = pthread_mutex_unlock(mutex)
        precondition(result == 0, "Wiring: pthread_mutex_unlock failed with \(result)")
    }
}
