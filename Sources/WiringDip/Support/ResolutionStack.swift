import Wiring

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
    /// The calling thread's stack, kept in the engine's per-thread context (no thread-local of
    /// the facade's own), created on first use and released when the thread exits.
    static var current: ResolutionStack {
        ResolutionInProgress.threadState(ResolutionStack.init)
    }

    /// The innermost frame of `container`, if it is resolving on this thread.
    func innermostFrame(of container: DependencyContainer) -> ResolutionFrame? {
        frames.last { $0.container === container }
    }
}
