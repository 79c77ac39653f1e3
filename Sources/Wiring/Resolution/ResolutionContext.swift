#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Per-thread state of the resolve that is running on this thread.
///
/// A synchronous resolve never leaves its thread, so a thread-local is exact and costs one
/// `pthread_getspecific` per *built* instance (cached singleton reads do not touch it). It tracks:
/// - the nesting depth, which bounds recursion so that a cycle between transient registrations
///   throws instead of overflowing the stack, whichever API the factories resolve through;
/// - the instances of `.graph` registrations built during the outermost resolve;
/// - weak singletons built during the outermost resolve, held until it returns so that the graph
///   sees one instance;
/// - the container and scope of the factory that is running, so that `wired()` and the property
///   wrappers called from inside a factory (an initializer's default arguments) resolve where
///   that factory resolves. Unretained: the building ``Resolver`` holds both for the duration.
@usableFromInline
final class ResolutionContext {
    @usableFromInline var depth = 0
    @usableFromInline var buildingContainer: Unmanaged<Container>?
    @usableFromInline var buildingScope: Unmanaged<Scope>?
    @usableFromInline var graphInstances: [ObjectIdentifier: AnyObject] = [:]
    @usableFromInline var keptAlive: [AnyObject] = []

    /// Called when the outermost resolve on this thread returns (or throws).
    @usableFromInline
    func endOutermost() {
        if !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
        if !keptAlive.isEmpty { keptAlive.removeAll(keepingCapacity: true) }
    }

    /// The calling thread's context if it has one; never creates one.
    static var existing: ResolutionContext? {
        pthread_getspecific(contextKey).map { Unmanaged<ResolutionContext>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The calling thread's context, created on first use and released when the thread exits.
    @usableFromInline
    static var current: ResolutionContext {
        if let raw = pthread_getspecific(contextKey) {
            return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
        }
        let context = ResolutionContext()
        let status = pthread_setspecific(contextKey, Unmanaged.passRetained(context).toOpaque())
        precondition(status == 0, "Wiring: pthread_setspecific failed with \(status)")
        return context
    }
}

/// The key of the thread-local slot; its destructor releases a thread's context at thread exit.
private let contextKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { raw in
            Unmanaged<ResolutionContext>.fromOpaque(raw).release()
        }
    #else
        let status = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
        }
    #endif
    precondition(status == 0, "Wiring: pthread_key_create failed with \(status)")
    return key
}()
