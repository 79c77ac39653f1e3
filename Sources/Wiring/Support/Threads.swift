#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread-local slot that holds one object per thread, retained, and released when the thread
/// exits: the engine's per-thread state (``ResolutionContext``).
struct ThreadLocalObject<Object: AnyObject>: Sendable {
    private let key: pthread_key_t

    /// A new slot; `owner` names it in the message if the platform refuses one.
    init(owner: StaticString) {
        key = makeReleasingThreadLocalKey(owner: owner)
    }

    /// The calling thread's object, not retained: the slot holds it (+1) until the thread exits.
    @inline(__always)
    var unretained: Unmanaged<Object>? {
        pthread_getspecific(key).map { Unmanaged<Object>.fromOpaque($0) }
    }

    /// Stores `object` for the calling thread, retained until the thread exits. Call it once
    /// per thread, when ``unretained`` is `nil`.
    func store(_ object: Object) {
        let status = pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        precondition(status == 0, "Wiring: pthread_setspecific failed with \(status)")
    }
}

/// The lowest address of the calling thread's stack, or `nil` when the platform does not say.
func currentThreadStackBase() -> UInt? {
    #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = UInt(pthread_get_stacksize_np(pthread_self()))
        guard top > size else { return nil }
        return top - size
    #else
        // Uninitialised space that `getattr` initialises (a `pthread_attr_t()` would need the
        // struct's zero initializer, which the C library's module map attributes to whichever
        // module imported the header first).
        return withUnsafeTemporaryAllocation(of: pthread_attr_t.self, capacity: 1) { space -> UInt? in
            let attributes = space.baseAddress!
            guard let getattr = linuxPthreadGetattr, getattr(pthread_self(), attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(attributes, &address, &size) == 0, let address else { return nil }
            return UInt(bitPattern: address)
        }
    #endif
}

#if !canImport(Darwin)
    /// glibc's and musl's `pthread_getattr_np`, which the Swift overlay does not import.
    private let linuxPthreadGetattr: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(
            symbol,
            to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self
        )
    }()
#endif

/// Starts a detached thread with a stack of `stackSize` bytes that runs `body` once; returns
/// `pthread_create`'s status when the platform refuses the thread (then `body` never runs).
func startDetachedThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Int32? {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    // Passed retained to the new thread, which takes it back; released here if no thread starts.
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    // Uninitialised space that `pthread_attr_init` initialises (see `currentThreadStackBase`).
    let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    pthread_attr_init(attributes)
    defer {
        pthread_attr_destroy(attributes)
        attributes.deallocate()
    }
    pthread_attr_setstacksize(attributes, stackSize)
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let status = pthread_create(
        &thread, attributes,
        { raw in
            #if canImport(Darwin)
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            #else
                Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            #endif
            return nil
        }, context)
    guard status == 0 else {
        Unmanaged<Body>.fromOpaque(context).release()
        return status
    }
    #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
    #else
        pthread_detach(thread)
    #endif
    return nil
}
