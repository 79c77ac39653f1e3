import Wiring

/// How the definition found for a resolve turns into a value.
@usableFromInline
enum Invocation {
    /// Call its factory with the runtime arguments of this type (`Void` for none, a tuple for
    /// several) at this address, which stays valid for the resolve (the caller's stack).
    case arguments(Any.Type, UnsafeRawPointer)
    /// Call its auto-wiring factory: the arguments are resolved by type, with the frame's tag.
    case autowiring
    /// Hand its factory (taking the runtime-argument tuple) to a `builder:`
    /// (``DependencyContainer/resolve(tag:builder:)``).
    case builder((_ factory: (Any) throws -> Any) throws -> Any)
}

extension Invocation {
    /// No runtime arguments. Reading a `Void` reads no memory, so any non-null address serves.
    @usableFromInline
    static var none: Invocation { .arguments(Void.self, UnsafeRawPointer(bitPattern: 1).unsafelyUnwrapped) }
}

/// One Dip resolve in progress on a thread.
struct ResolutionFrame {
    /// The container that resolves (a collaborator, during collaboration). Unowned and
    /// unretained: a frame lives only during a call to one of this container's methods, which
    /// keeps it alive (Swift guarantees `self` for the call), so the reference cannot dangle.
    unowned(unsafe) let container: DependencyContainer
    /// The key being resolved, with the tag that was asked for.
    let key: DefinitionKey
    let invocation: Invocation
    /// Whether the container resolves on behalf of a collaborator: the context then has no
    /// `injectedInType`.
    var inCollaboration = false
    /// The forwarding definition the resolve went through, whose property blocks run after the
    /// forwarded-to definition's.
    var forwardedBy: (any DefinitionCore)?
    /// The label of the auto-injected property being resolved from this frame, if any.
    var injectingProperty: String?
}

/// A `.shared` instance of the current graph: per definition *and* requested tag, as in Dip, so
/// that one definition resolved under two tags builds two instances.
struct SharedBuildKey: Hashable {
    let definition: ObjectIdentifier
    let tag: DependencyContainer.Tag?
}

/// The per-thread state of Dip resolves, kept in the engine's per-thread context (no thread-local
/// of the facade's own): the stack of resolves in progress (Dip kept it on the container, behind
/// a lock held for the whole object graph; one stack per thread gives the same answers without
/// serialising threads), and what the outermost resolve must finish.
///
/// Its properties skip the run-time exclusivity checks (`@exclusivity(unchecked)`): a stack is
/// reached only from its own thread, and no access to them spans a call to user code (each is
/// one append, removal or field update), so no two accesses ever overlap.
@usableFromInline
final class ResolutionStack {
    @exclusivity(unchecked) var frames: [ResolutionFrame] = []
    /// The `Resolvable` instances created during the outermost resolve.
    @exclusivity(unchecked) var created: [any Resolvable] = []
    /// The `.shared` instances built during the outermost resolve: when a cycle through an
    /// initializer built a second instance, the one stored first is kept (Dip's rule).
    @exclusivity(unchecked) var sharedBuilt: [SharedBuildKey: Any] = [:]
    /// Builds whose factory just returned an instance built earlier in the graph, whose hooks
    /// must not run again.
    @exclusivity(unchecked) var discarding: Set<SharedBuildKey> = []

    /// The calling thread's stack, created on first use and released when the thread exits.
    static var current: ResolutionStack {
        ResolutionInProgress.threadState(ResolutionStack.init)
    }

    /// `stack` as the pointer an engine resolve passes to the factory it runs, so that the
    /// factory need not look the thread's stack up again. Unretained: the thread's engine context
    /// holds the stack until the thread exits, and the factory runs on this thread.
    @usableFromInline
    static func pass(_ stack: ResolutionStack) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(stack).toOpaque())
    }

    /// The stack ``pass(_:)`` passed, or, from a resolve that passed none, the calling thread's.
    static func passed(_ pointer: UnsafeRawPointer?) -> ResolutionStack {
        guard let pointer else { return current }
        return Unmanaged<ResolutionStack>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The innermost frame, borrowed rather than copied (a frame holds several references).
    /// Requires a resolve in progress on this thread.
    var innermost: ResolutionFrame {
        @inline(__always) _read {
            if frames.isEmpty { Self.outsideResolve() }
            yield frames[frames.count - 1]
        }
        @inline(__always) _modify {
            if frames.isEmpty { Self.outsideResolve() }
            yield &frames[frames.count - 1]
        }
    }

    private static func outsideResolve() -> Never {
        fatalError("WiringDip internal error: a definition was built outside a resolve. Please report it with this message.")
    }

    /// The innermost frame of `container`, if it is resolving on this thread.
    func innermostFrame(of container: DependencyContainer) -> ResolutionFrame? {
        frames.last { $0.container === container }
    }

    /// What factories see as `container.context` for the innermost frame of `container`: made
    /// when asked, from that frame and the one below it (which, while that frame is on the
    /// stack, still has the property it was injecting).
    func context(of container: DependencyContainer) -> DependencyContainer.Context? {
        guard let index = frames.lastIndex(where: { $0.container === container }) else { return nil }
        return context(at: index)
    }

    /// The context of the frame at `index`.
    func context(at index: Int) -> DependencyContainer.Context {
        let parent = index > 0 ? frames[index - 1] : nil
        return DependencyContainer.Context(
            key: frames[index].key,
            injectedInType: frames[index].inCollaboration ? nil : parent?.key.type,
            injectedInProperty: parent?.injectingProperty
        )
    }
}
