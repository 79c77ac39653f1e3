import Dispatch
import Foundation
import Synchronization
import Wiring

/// How a provider keeps its instance.
enum ProviderKind: Sendable {
    case singleton, transient, weakSingleton
}

/// The tag under which a provider registers its instance type in the engine: unique per
/// provider, so that two providers of one instance type never collide.
struct ProviderTag: Hashable, Sendable {
    let id: Int
}

private let nextProviderID = Atomic<Int>(0)

/// One provider: a registration in a Wiring container, shared by every key type it serves and,
/// when an environment is derived from another, by both environments. The engine gives it
/// exactly-once singletons, weak singletons and cycle detection.
class AnyProvider: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type, or `created`, which is
    // behind a Lock; subclasses add only `let`s.
    let id = nextProviderID.add(1, ordering: .relaxed).newValue
    let instanceType: Any.Type
    let kind: ProviderKind

    init(instanceType: Any.Type, kind: ProviderKind) {
        self.instanceType = instanceType
        self.kind = kind
    }

    /// Builds or returns the instance.
    func resolveInstance() throws -> Any { fatalError("WiringImpose: AnyProvider is abstract") }

    /// Whether the instance type is `X` or a subclass of it.
    func instanceIs<X>(_ type: X.Type) -> Bool { fatalError("WiringImpose: AnyProvider is abstract") }

    /// The instance, if it is a singleton already built or a weak singleton still alive.
    func createdInstance() -> Any? { nil }

    /// Whether this provider may serve `T`: its instance type is `T` or a subclass of it, or the
    /// instance it already holds is a `T`.
    final func canResolve<T>(_ type: T.Type) -> Bool {
        instanceIs(T.self) || createdInstance() is T
    }

    /// Whether this provider's instance type derives from `other`'s: such a provider is the
    /// nearer match and is tried first.
    final func isMoreDerived(than other: AnyProvider) -> Bool {
        other.isAncestorType(of: self) && !isAncestorType(of: other)
    }

    /// Whether `other`'s instance type is this provider's instance type or a subclass of it.
    func isAncestorType(of other: AnyProvider) -> Bool { fatalError("WiringImpose: AnyProvider is abstract") }
}

final class Provider<Instance>: AnyProvider, @unchecked Sendable {
    // @unchecked: see AnyProvider; `container` is Sendable, `created` is behind a Lock.
    private let container: Container
    private let created = Lock<CreatedInstance>(CreatedInstance())

    /// - Parameters:
    ///   - container: The engine container the provider registers in (its resolver's).
    ///   - queue: Where the factory runs (`resolveOn:`), or `nil` for the resolving thread.
    ///   - factory: The user's closure, not `@Sendable` in Impose's API.
    init(container: Container, kind: ProviderKind, queue: DispatchQueue?, factory: @escaping () -> Instance) {
        self.container = container
        super.init(instanceType: Instance.self, kind: kind)
        // Impose's closures are not @Sendable; it called them on the resolving thread (or the
        // `resolveOn:` queue), as the facade does (see UncheckedBox and the migration notes).
        let closure = UncheckedBox(factory)
        let affinity = queue.map(QueueAffinity.init)
        let lifetime: Lifetime =
            switch kind {
            case .singleton: .singleton
            case .transient: .transient
            case .weakSingleton: .weakSingleton
            }
        // Impose never asked for Sendable; its users vouch for their types as they did before.
        container.registerUncheckedSendable(Instance.self, tag: ProviderTag(id: id), lifetime: lifetime) { _ in
            affinity?.run(closure.value) ?? closure.value()
        }
    }

    override func resolveInstance() throws -> Any {
        let instance: Instance
        do {
            instance = try container.resolve(Instance.self, tag: ProviderTag(id: id))
        } catch  where error.code == .cycle {
            throw ImposeError(
                "Impose Error: circular dependency while resolving \(Instance.self)",
                failureReason: "\(error)",
                isCycle: true
            )
        } catch {
            // A factory's own failure is an ImposeError from a nested injection: pass it on.
            if let nested = error.underlyingError as? ImposeError { throw nested }
            throw ImposeError("Impose Error: fail when resolving instance of \(Instance.self)", failureReason: "\(error)")
        }
        if kind != .transient { created.withLock { $0.remember(instance) } }
        return instance
    }

    override func instanceIs<X>(_ type: X.Type) -> Bool {
        Instance.self == X.self || Instance.self is X.Type
    }

    override func isAncestorType(of other: AnyProvider) -> Bool {
        other.instanceIs(Instance.self)
    }

    override func createdInstance() -> Any? {
        created.withLock { $0.value }
    }
}

/// The instance a singleton or weak singleton provider has handed out: held weakly for class
/// instances (the engine owns singletons), so that this record never keeps one alive.
struct CreatedInstance: @unchecked Sendable {
    // @unchecked: it only records an instance the engine already shares across threads.
    private weak var object: AnyObject?
    private var valueType: Any?

    mutating func remember(_ instance: Any) {
        if type(of: instance) is AnyClass {
            object = instance as AnyObject
        } else {
            valueType = instance
        }
    }

    var value: Any? { object ?? valueType }
}

/// Runs a factory on the queue given as `resolveOn:`. The queue is recognised by a
/// queue-specific token, not by the identity of its `DispatchQueue` object (on Linux
/// `DispatchQueue.main` is a new wrapper object on every access).
struct QueueAffinity: @unchecked Sendable {
    // @unchecked: DispatchQueue is thread-safe; `token` is immutable.
    private static let key = DispatchSpecificKey<Int>()
    private let queue: DispatchQueue
    private let token: Int

    init(_ queue: DispatchQueue) {
        self.queue = queue
        if let existing = queue.getSpecific(key: Self.key) {
            token = existing
        } else {
            token = nextProviderID.add(1, ordering: .relaxed).newValue
            queue.setSpecific(key: Self.key, value: token)
        }
    }

    /// Runs `body` inline when already on the queue, else synchronously on it.
    func run<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: Self.key) == token { return body() }
        return queue.sync(execute: body)
    }
}
