// Public: the resolves are inlinable, so that a call site is specialized for its type and
// reaches the engine's lock-free read without generic metadata lookups.
public import Wiring

/// A set of components to resolve from: DIKit's container, on the Wiring engine.
///
/// Make one with a bootstrap block, with ``module(makeChildren:)``, or by merging others with
/// ``derive(from:)-(DependencyContainer...)`` or ``modules(makeChildren:)``; set the app's root
/// with ``defined(by:)`` and resolve with the global ``resolve(tag:)`` or the property wrappers.
///
/// ```swift
/// let container = DependencyContainer { c in
///     c.register { Backend() as BackendProtocol }
///     c.register(lifetime: .factory) { StopWatch() as StopWatchProtocol }
/// }
/// let backend: BackendProtocol = container.resolve()
/// ```
///
/// A container is bootstrapped when its initializer returns: registering later stops the
/// program. The container is `Sendable`; its singletons are built exactly once, even under
/// concurrent first use.
public final class DependencyContainer: Sendable {
    /// Registers the container's components; it receives the container being made.
    public typealias BootstrapBlock = (DependencyContainer) -> Void

    /// The engine container that builds and caches the instances.
    @usableFromInline let engine = Container()

    private let state = Lock(State())

    struct State: Sendable {
        var components: [UncheckedBox<any ComponentProtocol>] = []
        var identifiers: Set<LegacyHashable> = []
        var bootstrapped = false
    }

    /// Makes a container and registers its components with `boostrapBlock`.
    ///
    /// The label keeps DIKit's spelling; the usual form is a trailing closure:
    /// `DependencyContainer { c in c.register { Backend() as BackendProtocol } }`. Once the block
    /// returns the container is bootstrapped, and registering stops the program.
    ///
    /// - Parameter boostrapBlock: Registers the components, with the `register` methods.
    public init(boostrapBlock: BootstrapBlock) {
        boostrapBlock(self)
        state.withLock { $0.bootstrapped = true }
    }

    /// The components registered in this container, in registration order.
    var components: [any ComponentProtocol] {
        state.withLock { $0.components }.map(\.value)
    }

    /// Registers `factory` as a component of type `T` without a tag.
    ///
    /// Call it inside the bootstrap block. Register a protocol by casting:
    /// `c.register { Backend() as BackendProtocol }`.
    ///
    /// Registering after bootstrap, or the same type twice, stops the program with a message.
    ///
    /// - Parameters:
    ///   - lifetime: ``Lifetime/singleton`` (the default) or ``Lifetime/factory``.
    ///   - factory: Builds the instance; it may resolve its own dependencies with `resolve()`.
    public func register<T>(lifetime: Lifetime = .singleton, _ factory: @escaping () -> T) {
        register(Component(lifetime: lifetime, tag: nil, make: factory))
    }

    /// Registers `factory` as a component of type `T` under `tag`.
    ///
    /// A tagged component is found only by a resolve with the same tag: there is no fallback to
    /// the untagged one, nor the other way round. Registering after bootstrap, or the same type
    /// and tag twice, stops the program with a message.
    ///
    /// - Parameters:
    ///   - lifetime: ``Lifetime/singleton`` (the default) or ``Lifetime/factory``.
    ///   - tag: Distinguishes several components of one type; any `Hashable` value.
    ///   - factory: Builds the instance.
    public func register<T>(lifetime: Lifetime = .singleton, tag: AnyHashable, _ factory: @escaping () -> T) {
        register(Component(lifetime: lifetime, tag: tag, make: factory))
    }

    /// Registers a component made by ``resolvable(lifetime:_:)`` or taken from another
    /// container.
    ///
    /// Registering after bootstrap, or a component whose identifier is already registered,
    /// stops the program with a message (programmer errors, as in DIKit).
    ///
    /// - Parameter component: The component to register.
    public func register(_ component: any ComponentProtocol) {
        register(component, context: nil)
    }

    /// Registers `component`; `context` names the merge it comes from, for the messages.
    func register(_ component: any ComponentProtocol, context: String?) {
        let identifier = LegacyHashable(component.identifier)
        let boxed = UncheckedBox(component)
        state.withLock { state in
            if state.bootstrapped {
                stop(Diagnostics.registeredAfterBootstrap(component))
            }
            if !state.identifiers.insert(identifier).inserted {
                stop(Diagnostics.duplicate(component, existing: state.components.count, context: context))
            }
            state.components.append(boxed)
        }
        install(boxed)
    }

    /// Registers `component` in the engine under its type and tag.
    private func install(_ boxed: UncheckedBox<any ComponentProtocol>) {
        let component = boxed.value
        // Only identifiers this module makes say which tag to resolve by; DIKit could not
        // resolve other components either.
        guard let identifier = component.identifier.base as? ComponentIdentifier else { return }
        let tag = identifier.tag.map(LegacyHashable.init)
        let lifetime: Wiring.Lifetime = component.lifetime == .singleton ? .singleton : .transient
        // The facade's own components register with their type: no `Any` box and no cast per build.
        if let typed = component as? any EngineInstallable {
            typed.install(in: engine, tag: tag, lifetime: lifetime)
            return
        }
        let factory = UncheckedBox(component.componentFactory)
        func registerOpened<T>(_ type: T.Type) {
            // DIKit never asked for Sendable; its users vouch for their types as they did before.
            engine.registerUncheckedSendable(T.self, tag: tag, lifetime: lifetime) { _ in
                let value = factory.value()
                guard let typed = value as? T else { stop(Diagnostics.wrongType(value, expected: T.self, tag: tag?.base)) }
                return typed
            }
        }
        registerOpened(component.type)
    }

    /// Resolves the component of type `T` registered with `tag` (or without a tag when `tag`
    /// is `nil`).
    ///
    /// A singleton is built on first resolve and then reused; a factory component is built
    /// anew. Nothing registered under that type and tag, or a circular dependency, stops the
    /// program with a message naming the near misses.
    ///
    /// - Parameter tag: The tag the component was registered with, or `nil`.
    /// - Returns: The instance.
    @inlinable
    public func resolve<T>(tag: AnyHashable? = nil) -> T {
        do {
            if let tag { return try engine.resolve(T.self, tag: LegacyHashable(tag)) }
            return try engine.resolve(T.self)
        } catch {
            stopResolving(T.self, tag: tag, error: error)
        }
    }

    /// Resolves like ``resolve(tag:)``, and gives `nil` when nothing is registered.
    @inlinable
    func resolveOptional<T>(tag: AnyHashable?) -> T? {
        do {
            if let tag { return try engine.resolveIfRegistered(T.self, tag: LegacyHashable(tag)) }
            return try engine.resolveIfRegistered(T.self)
        } catch {
            stopResolving(T.self, tag: tag, error: error)
        }
    }

    /// Stops with the message for a resolve of `T` and `tag` that threw `error`. The path is the
    /// engine's builds in progress on this thread (every component resolves through the engine),
    /// then the requested component.
    @usableFromInline
    func stopResolving<T>(_ type: T.Type, tag: AnyHashable?, error: WiringError) -> Never {
        let path = ResolutionInProgress.buildPath + [keyDisplayName(T.self, tag: tag)]
        if error.code == .notRegistered {
            stop(Diagnostics.notRegistered(T.self, tag: tag, in: self, path: path))
        }
        stop(Diagnostics.engineFailure(error, type: T.self, tag: tag, path: path))
    }
}

/// Stops the program with `message`, in debug and release builds alike.
func stop(_ message: String) -> Never {
    fatalError(message)
}
