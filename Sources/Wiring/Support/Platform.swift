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

/// A thread-local slot whose destructor releases the object a thread stored in it (retained with
/// `Unmanaged.passRetained`) when the thread exits. The engine's only thread-local: the facades
/// keep their per-thread state in it (``ResolutionInProgress/threadState(_:)``). `owner` names
/// the module in the message if the system is out of keys.
func makeReleasingThreadLocalKey(owner: StaticString) -> pthread_key_t {
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { raw in
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
    #else
        let status = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
        }
    #endif
    precondition(status == 0, "\(owner): pthread_key_create failed with \(status)")
    return key
}

/// Writes `message` and a newline to standard error: for warnings the engine prints in debug
/// builds, where there is no error to throw.
func printWarning(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Nanoseconds on the clock `ContinuousClock` reads, from an arbitrary origin: for measuring how
/// long something took where `ContinuousClock.now` and `Duration` arithmetic cost too much (a
/// filtered trace times every build).
func monotonicNanoseconds() -> UInt64 {
    #if canImport(Darwin)
        clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW)
    #else
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        // The monotonic clock is never negative: no check needed on the conversions.
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    #endif
}
