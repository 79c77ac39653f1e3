import Dispatch
import Foundation
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

private let nextProviderID = AtomicCell<Int>(0)

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

    /// Registers `type` in `container` under its plain key, answering with this provider's
    /// instance (the same one, for a singleton).
    func registerAlias<X>(of type: X.Type, in container: Container) {
        fatalError("WiringImpose: AnyProvider is abstract")
    }

    /// An engine failure as Impose reports it: a loop, a nested injection's own error, or a
    /// failure to build `type`.
    static func imposeError<T>(_ error: WiringError, resolving type: T.Type) -> ImposeError {
        if error.code == .cycle {
            return ImposeError(
                "Impose Error: circular dependency while resolving \(T.self)",
                failureReason: "\(error)",
                isCycle: true
            )
        }
        // A factory's own failure is an ImposeError from a nested injection: pass it on.
        if let nested = error.underlyingError as? ImposeError { return nested }
        return ImposeError("Impose Error: fail when resolving instance of \(T.self)", failureReason: "\(error)")
    }

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
    private let created: Lock<CreatedInstance>
    /// Builds an instance: the user's factory, on its queue, recorded for the nearest-type lookup.
    private let make: UncheckedBox<() -> Instance>

    /// - Parameters:
    ///   - container: The engine container the provider registers in (its resolver's).
    ///   - queue: Where the factory runs (`resolveOn:`), or `nil` for the resolving thread.
    ///   - factory: The user's closure, not `@Sendable` in Impose's API.
    init(container: Container, kind: ProviderKind, queue: DispatchQueue?, factory: @escaping () -> Instance) {
        self.container = container
        // Impose's closures are not @Sendable; it called them on the resolving thread (or the
        // `resolveOn:` queue), as the facade does (see UncheckedBox and the migration notes).
        let closure = UncheckedBox(factory)
        let affinity = queue.map(QueueAffinity.init)
        let created = Lock(CreatedInstance())
        self.created = created
        let remembers = kind != .transient
        let make = UncheckedBox { () -> Instance in
            // No `??` on an `Instance?`: in this unspecialized code it would look up the
            // metadata of `Optional<Instance>` on every build.
            let instance: Instance
            if let affinity { instance = affinity.run(closure.value) } else { instance = closure.value() }
            // Recorded once per build, for the nearest-type lookup.
            if remembers { created.withLock { $0.remember(instance) } }
            return instance
        }
        self.make = make
        super.init(instanceType: Instance.self, kind: kind)
        // Impose never asked for Sendable; its users vouch for their types as they did before.
        container.registerUncheckedSendable(Instance.self, tag: ProviderTag(id: id), lifetime: lifetime) { _ in
            make.value()
        }
    }

    /// The engine lifetime of the provider's registration, and of its aliases.
    private var lifetime: Lifetime {
        switch kind {
        case .singleton: .singleton
        case .transient: .transient
        case .weakSingleton: .weakSingleton
        }
    }

    /// The instance, typed.
    private func resolveTyped() throws -> Instance {
        do {
            return try container.resolve(Instance.self, tag: ProviderTag(id: id))
        } catch {
            throw Self.imposeError(error, resolving: Instance.self)
        }
    }

    override func registerAlias<X>(of type: X.Type, in aliasContainer: Container) {
        if kind == .transient {
            // A transient shares nothing: the alias builds with the provider's factory itself.
            let make = self.make
            aliasContainer.registerUncheckedSendable(X.self, lifetime: .transient) { _ in
                try Self.cast(make.value(), to: X.self)
            }
            return
        }
        // Weak: the alias lives in an engine container that this provider may belong to.
        aliasContainer.registerUncheckedSendable(X.self, lifetime: lifetime) { [weak self] _ in
            guard let self else { throw ImposeError("Impose Error: provider released", failureReason: "the injector was reset") }
            return try Self.cast(try self.resolveTyped(), to: X.self)
        }
    }

    /// `instance` as an `X`: without a dynamic cast when `X` is the instance type itself, the
    /// usual case (`addTransient(for: P.self) { Impl() as P }`).
    private static func cast<X>(_ instance: Instance, to type: X.Type) throws -> X {
        // Same type, same layout: the metatype comparison proves the bit cast exact.
        if X.self == Instance.self { return unsafeBitCast(instance, to: X.self) }
        // `is` then `as!`, the same cast twice, instead of `as?`: unspecialised, `as? X` looks up
        // `Optional<X>` at run time on every resolve, which costs more than the second cast.
        guard instance is X else {
            throw ImposeError(
                "Impose Error: fail when resolving instance",
                failureReason: "Provider instance type \(Swift.type(of: instance)) is not compatible for \(X.self)"
            )
        }
        return instance as! X
    }

    override func resolveInstance() throws -> Any {
        try resolveTyped()
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
    /// Whether `queue` is the main queue, whose work runs on the main thread: there a thread
    /// check is enough, and much cheaper than reading the queue-specific token.
    private let isMain: Bool

    /// Serializes giving queues their tokens: two providers made at once for one queue must get
    /// the same token, or one of them would dispatch synchronously onto the queue it runs on.
    /// It counts the providers made, only so that its state is not `Void`: TSan reports the
    /// zero-sized state's `inout` access, which shares its address with the mutex, as a race.
    private static let assigning = Lock(0)

    init(_ queue: DispatchQueue) {
        self.queue = queue
        (token, isMain) = Self.assigning.withLock { made in
            made += 1
            let token = Self.token(of: queue)
            return (token, Self.token(of: .main) == token)
        }
    }

    /// The token of `queue`, given to it now if it has none. Under `assigning`.
    private static func token(of queue: DispatchQueue) -> Int {
        if let existing = queue.getSpecific(key: key) { return existing }
        let token = nextProviderID.add(1, ordering: .relaxed).newValue
        queue.setSpecific(key: key, value: token)
        return token
    }

    /// Runs `body` inline when already on the queue (for the main queue: on the main thread),
    /// else synchronously on it.
    func run<T>(_ body: () -> T) -> T {
        if isMain ? Thread.isMainThread : DispatchQueue.getSpecific(key: Self.key) == token { return body() }
        return queue.sync(execute: body)
    }
}
