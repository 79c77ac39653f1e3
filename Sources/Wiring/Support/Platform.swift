#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An identifier of the calling thread, stable while the thread lives.
///
/// Used only on slow paths (building an instance), never on cached reads.
@usableFromInline
var currentThreadID: UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}

/// Whether the calling thread is the process's main thread, where the main actor runs.
/// Used only when a main-actor factory is about to run.
var isMainThread: Bool {
    #if canImport(Darwin)
        pthread_main_np() != 0
    #else
        guard let gettid = linuxGettid else { return false }
        return gettid() == getpid()
    #endif
}

#if !canImport(Darwin)
    /// glibc's and musl's `gettid`, which the Swift overlay does not import; `nil` on a C library
    /// without it, in which case no thread counts as the main thread and main-actor factories
    /// run only through `resolveAsync`.
    private let linuxGettid: (@convention(c) () -> pid_t)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> pid_t).self)
    }()
#endif

/// A plain mutex with explicit `lock()`/`unlock()`.
///
/// The build path of a once-cell must hold a lock across a call into user code that returns a
/// value of an arbitrary (possibly non-`Sendable`) type, which `Mutex.withLock`'s `sending`
/// result cannot express. This lock is never held on a cached read.
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
