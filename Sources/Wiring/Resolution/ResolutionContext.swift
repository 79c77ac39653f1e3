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
    /// The fields every build reads and writes, behind a pointer: stored properties of a class
    /// would cost a dynamic exclusivity check on each access, which was about 15% of a
    /// transient resolve.
    @usableFromInline let frame: UnsafeMutablePointer<BuildFrame>
    @usableFromInline var graphInstances: [ObjectIdentifier: AnyObject] = [:]
    @usableFromInline var keptAlive: [AnyObject] = []

    init() {
        frame = .allocate(capacity: 1)
        frame.initialize(to: BuildFrame(depth: 0, container: nil, scope: nil))
    }

    deinit {
        frame.deinitialize(count: 1)
        frame.deallocate()
    }

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

/// The state of the build running on a thread: how deeply builds nest, and the container and
/// scope of the innermost factory (unretained: the building ``Resolver`` holds both while its
/// factory runs).
@usableFromInline
struct BuildFrame {
    @usableFromInline var depth: Int
    @usableFromInline var container: Unmanaged<Container>?
    @usableFromInline var scope: Unmanaged<Scope>?

    @usableFromInline
    init(depth: Int, container: Unmanaged<Container>?, scope: Unmanaged<Scope>?) {
        self.depth = depth
        self.container = container
        self.scope = scope
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
