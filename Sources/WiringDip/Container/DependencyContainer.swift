public import Wiring

/// Dip's container: definitions keyed by type, runtime-argument types and tag, resolved with
/// scopes, forwarding, auto-wiring, auto-injection and collaboration — on Wiring's engine.
///
/// ```swift
/// let container = DependencyContainer { container in
///     container.register(.singleton) { ServerImp() as Server }
///     container.register { ClientImp(server: try container.resolve()) as Client }
/// }
/// let client = try container.resolve() as Client
/// ```
///
/// The container is `Sendable`: register and resolve from any thread. Singletons are built
/// exactly once under contention. Resolution problems throw ``DipError``; misuse (changing
/// definitions after ``bootstrap()``) stops the program with a message.
public final class DependencyContainer: CustomStringConvertible, Sendable {
    struct Registered: Sendable {
        let definition: any DefinitionCore
        /// Registration order, so that searches are deterministic.
        let sequence: Int
    }

    struct State: Sendable {
        var definitions: [DefinitionKey: Registered] = [:]
        var nextSequence = 0
        /// The engine tags of each definition's instances resolved with a tag other than the
        /// one it is registered under, by definition and requested tag.
        var instanceTags: [ObjectIdentifier: [Tag?: InstanceTag]] = [:]
        /// How many keys each definition is registered under, counting once more for each
        /// registered forwarding definition that forwards to it.
        var registrations: [ObjectIdentifier: Int] = [:]
        var nextSerial = 0
        var bootstrapped = false
        var bootstrapQueue: [UncheckedBox<() throws -> Void>] = []
        var collaborators: [WeakContainer] = []
    }

    let state = Lock(State())
    /// The engine container that builds and caches this container's instances. Each definition
    /// is registered in it under its key (type, argument type, tag); the same definition
    /// resolved with another tag gets a registration of its own (an ``InstanceTag``), made on
    /// first use. Dip may build a definition again inside its own build (see
    /// `Definition.construct`); its real loops stop at this depth.
    @usableFromInline let engine = Container(maximumDepth: 128)
    /// Whether instances' `Injected` properties are resolved unless their definition says otherwise.
    let autoInjectProperties: Bool
    /// What definitions and collaborators refer to weakly (see ``WeakContainer``).
    let token = ContainerToken()

    /// Creates a container and lets `configBlock` register its definitions.
    ///
    /// - Parameters:
    ///   - autoInjectProperties: Whether the container resolves the ``Injected`` and
    ///     ``InjectedWeak`` properties of the instances it builds; a definition may override it
    ///     with ``Definition/autoInjectingProperties(_:)``.
    ///   - threadSafe: Accepted for source compatibility. The container is always thread-safe:
    ///     `false` changes nothing, and costs nothing either.
    ///   - configBlock: Called with the new container at the end of `init`.
    public init(
        autoInjectProperties: Bool = true,
        threadSafe: Bool = true,
        configBlock: (DependencyContainer) -> Void = { _ in }
    ) {
        self.autoInjectProperties = autoInjectProperties
        configBlock(self)
    }

    /// The resolve in progress on the calling thread, as factories and property blocks see it;
    /// `nil` outside a resolve.
    ///
    /// Dip kept one context per container behind a lock held for the whole object graph; here each
    /// thread has its own, so concurrent resolves never see each other's context.
    public var context: Context! {
        ResolutionStack.current.context(of: self)
    }

    /// Builds every `.eagerSingleton` in registration order and locks the definitions.
    ///
    /// Afterwards, registering or removing a definition is a programming error that stops the
    /// program; ``reset()`` unlocks the container.
    ///
    /// - Throws: The first error an eager singleton's resolve throws.
    public func bootstrap() throws {
        let queue = state.withLock { state in
            state.bootstrapped = true
            return state.bootstrapQueue
        }
        for resolve in queue { try resolve.value() }
        state.withLock { $0.bootstrapQueue.removeFirst(min(queue.count, $0.bootstrapQueue.count)) }
    }

    /// Removes every definition, releases every singleton, forgets the eager singletons waiting
    /// for ``bootstrap()`` (Dip kept them, and built removed definitions), and unlocks the
    /// definitions.
    public func reset() {
        _ = changingDefinitions { state in
            defer { state = State(collaborators: state.collaborators) }
            engine.removeAll()
            return state.definitions
        }
    }

    /// Removes the definition registered for `definition`'s types with `tag`, and releases its
    /// singleton.
    ///
    /// - Parameters:
    ///   - definition: A definition of the types to remove (usually the one `register` returned).
    ///   - tag: The tag it was registered with.
    public func remove<T, U>(_ definition: Definition<T, U>, tag: (any DependencyTagConvertible)? = nil) {
        let key = DefinitionKey(type: T.self, typeOfArguments: U.self, tag: tag?.dependencyTag)
        _ = changingDefinitions { state in
            checkNotBootstrapped(state, change: "remove the definition \(key)")
            return unregister(key, in: &state)
        }
    }

    /// Runs `body` on the definitions under the lock, with the engine changes it makes. What those
    /// changes retire (registrations, the instances they cached) is released after unlocking,
    /// and so is what `body` returns: a `deinit` may call back into this container.
    func changingDefinitions<R>(_ body: (inout State) -> R) -> R {
        let (result, released) = ResolutionInProgress.collectingReleases { state.withLock(body) }
        released.release()
        return result
    }

    /// Removes the definition registered under `key`, with the engine registrations of its
    /// instances under other tags, and the engine registration of `key` unless the caller
    /// replaces it (replacing it in one step leaves no moment without one for a concurrent
    /// resolve). Requires the lock, inside `collectingReleases`: the instances they held are
    /// released after unlocking.
    func unregister(_ key: DefinitionKey, in state: inout State, replacing: Bool = false) -> Registered? {
        guard let removed = state.definitions.removeValue(forKey: key) else { return nil }
        if !replacing { engine.remove(key.type, tag: key.tag, argumentsType: key.typeOfArguments) }
        let definition = removed.definition
        release(definition, in: &state, droppingInstances: true)
        if let source = definition.forwardsTo { release(source, in: &state, droppingInstances: false) }
        return removed
    }

    /// Counts `definition` as registered once more (a forwarding definition keeps the one it
    /// forwards to registered too). Requires the lock.
    func retain(_ definition: any DefinitionCore, in state: inout State) {
        state.registrations[ObjectIdentifier(definition), default: 0] += 1
        if let source = definition.forwardsTo { state.registrations[ObjectIdentifier(source), default: 0] += 1 }
    }

    /// Counts `definition` as registered once less, and removes the engine registrations of its
    /// instances under other tags when asked or when nothing registers it any more. Requires the
    /// lock.
    private func release(_ definition: any DefinitionCore, in state: inout State, droppingInstances: Bool) {
        let id = ObjectIdentifier(definition)
        let remaining = (state.registrations[id] ?? 1) - 1
        state.registrations[id] = remaining > 0 ? remaining : nil
        guard droppingInstances || remaining == 0, let tags = state.instanceTags.removeValue(forKey: id) else { return }
        definition.remove(from: engine, tags: Array(tags.values))
    }

    /// Makes this container and `containers` resolve from one another what they cannot resolve
    /// themselves. The links are weak and go both ways; singletons are shared.
    ///
    /// - Parameter containers: The collaborators. The container itself is ignored.
    public func collaborate(with containers: DependencyContainer...) {
        collaborate(with: containers)
    }

    /// Makes this container and `containers` resolve from one another what they cannot resolve
    /// themselves. The links are weak and go both ways; singletons are shared.
    ///
    /// - Parameter containers: The collaborators. The container itself is ignored.
    public func collaborate(with containers: [DependencyContainer]) {
        for other in containers where other !== self {
            addCollaborator(other)
            other.addCollaborator(self)
        }
    }

    private func addCollaborator(_ other: DependencyContainer) {
        state.withLock { state in
            state.collaborators.removeAll { $0.container == nil }
            if !state.collaborators.contains(where: { $0.container === other }) {
                state.collaborators.append(WeakContainer(other))
            }
        }
    }

    /// The live collaborators.
    var collaborators: [DependencyContainer] {
        state.withLock { $0.collaborators.compactMap(\.container) }
    }

    /// The definitions, one per line, in registration order.
    public var description: String {
        let definitions = state.withLock { $0.definitions.sorted { $0.value.sequence < $1.value.sequence } }
        let lines = definitions.map { "  \($0.key): \($0.value.definition)" }
        return "DependencyContainer with \(definitions.count) definition\(definitions.count == 1 ? "" : "s")"
            + (lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))
    }

    /// Stops with a three-part message if the container was bootstrapped.
    func checkNotBootstrapped(_ state: State, change: String) {
        // fatalError, not precondition: its message is printed in release builds too.
        guard !state.bootstrapped else {
            fatalError(
                """
                WiringDip: You can not modify container's definitions after it was bootstrapped.
                  attempted: \(change)
                To fix: register and remove definitions before calling bootstrap(), or call reset() first.
                """
            )
        }
    }
}
