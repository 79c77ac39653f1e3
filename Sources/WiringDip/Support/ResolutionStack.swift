import Wiring

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the definition found for a resolve turns into a value: call its factory with the runtime
/// arguments, hand its factory to a `builder:`, or call its auto-wiring factory.
typealias Invocation = (any DefinitionCore) throws -> Any

/// One resolve in progress on a thread.
struct ResolutionFrame {
    /// The container that resolves (a collaborator, during collaboration).
    let container: DependencyContainer
    /// What factories see as `container.context`.
    var context: DependencyContainer.Context
    let invocation: Invocation
    /// Whether the container resolves on behalf of a collaborator.
    let inCollaboration: Bool
    /// The forwarding definition the resolve went through, whose property blocks run after the
    /// forwarded-to definition's.
    var forwardedBy: (any DefinitionCore)?
    /// The label of the auto-injected property being resolved from this frame, if any.
    var injectingProperty: String?
}

/// The per-thread state of Dip resolves: the stack of resolves in progress (Dip kept it on the
/// container, behind a lock held for the whole object graph; one stack per thread gives the same
/// answers without serialising threads), and the `Resolvable` instances created during the
/// outermost resolve.
/// A `.shared` instance of the current graph: per definition *and* requested tag, as in Dip, so
/// that one definition resolved under two tags builds two instances.
struct SharedBuildKey: Hashable {
    let definition: ObjectIdentifier
    let tag: DependencyContainer.Tag?
}

final class ResolutionStack {
    var frames: [ResolutionFrame] = []
    var created: [any Resolvable] = []
    /// The `.shared` instances built during the outermost resolve, by definition: when a cycle
    /// through an initializer built a second instance, the one stored first is kept (Dip's rule).
    var sharedBuilt: [SharedBuildKey: Any] = [:]
    /// Definitions whose factory just returned an instance built earlier in the graph, whose
    /// hooks must not run again.
    var discarding: Set<SharedBuildKey> = []
    /// The work of the outermost resolve, run inside an engine build (see `OutermostResolve`).
    var outermostWork: (() throws -> Any)?
    var outermostResult: Result<Any, any Error>?

    /// The calling thread's stack, created on first use and released when the thread exits.
    static var current: ResolutionStack {
        if let raw = pthread_getspecific(stackKey) {
            return Unmanaged<ResolutionStack>.fromOpaque(raw).takeUnretainedValue()
        }
        let stack = ResolutionStack()
        let status = pthread_setspecific(stackKey, Unmanaged.passRetained(stack).toOpaque())
        precondition(status == 0, "WiringDip: pthread_setspecific failed with \(status)")
        return stack
    }

    /// The innermost frame of `container`, if it is resolving on this thread.
    func innermostFrame(of container: DependencyContainer) -> ResolutionFrame? {
        frames.last { $0.container === container }
    }
}

/// The key of the thread-local slot; its destructor releases a thread's stack at thread exit.
private let stackKey = makeReleasingThreadLocalKey(owner: "WiringDip")
