#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if !canImport(Darwin)
    import Dispatch
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

/// Whether the caller runs on the main actor's executor, where a `@MainActor` factory may be
/// called synchronously. Used only when a main-actor factory is about to run.
///
/// On Apple platforms the main actor is the main thread. On Linux, once an async `main` hands
/// the main thread to `dispatch_main()`, the main actor's jobs run on the main *queue*, serviced
/// by another thread; so there the check is "on the main thread, or on the main queue", the
/// latter read from a queue-specific value Wiring sets on the main queue.
var isOnMainActorExecutor: Bool {
    #if canImport(Darwin)
        pthread_main_np() != 0
    #else
        if mainQueueMarked, DispatchQueue.getSpecific(key: mainQueueKey) != nil { return true }
        guard let gettid = linuxGettid else { return false }
        return gettid() == getpid()
    #endif
}

#if !canImport(Darwin)
    private let mainQueueKey = DispatchSpecificKey<Bool>()
    private let mainQueueMarked: Bool = {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        return true
    }()

    /// glibc's and musl's `gettid`, which the Swift overlay does not import.
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
