import Wiring

/// A registration in a ``DependencyContainer``: how to build a `T` from runtime arguments of
/// type `U`, with its scope, forwarded types and property blocks.
///
/// `register` returns it; refine it by chaining:
///
/// ```swift
/// container.register { ServerImp() as Server }
///     .resolvingProperties { container, server in server.client = try container.resolve() }
///     .implements(Service.self)
/// ```
public final class Definition<T, U>: DefinitionType, DefinitionCore, CustomStringConvertible, Sendable {
    /// The factory's type: it takes the runtime arguments (a tuple when there are several).
    public typealias F = (U) throws -> T

    struct State: Sendable {
        var implementingTypes: [Any.Type] = [T?.self]
        var propertyBlocks: [UncheckedBox<(DependencyContainer, Any) throws -> Void>] = []
        var autoInjectProperties: Bool?
        var container = WeakContainer()
    }

    let scope: ComponentScope
    let numberOfArguments: Int
    private let factory: UncheckedBox<F>
    private let autoWiringFactory: UncheckedBox<((DependencyContainer, DependencyContainer.Tag?) throws -> T)?>
    /// For a forwarding definition (made by `implements`): the definition it forwards to.
    let forwardsTo: (any DefinitionCore)?
    /// The engine registration that holds the instances of a non-forwarding definition: one
    /// container per definition, so that every key it is registered under shares its instance,
    /// and so do the containers that collaborate with its own.
    /// The engine lifetime of `scope`.
    private let lifetime: Lifetime
    /// The tags resolves have asked this definition for. Instances are kept per requested tag,
    /// as Dip did: a `.singleton` untagged definition resolved with the tags "dev" and "prod"
    /// (through the untagged fallback) builds one instance for each.
    private let state = Lock(State())

    init(
        scope: ComponentScope,
        factory: @escaping F,
        numberOfArguments: Int,
        autoWiringFactory: ((DependencyContainer, DependencyContainer.Tag?) throws -> T)?
    ) {
        self.scope = scope
        self.factory = UncheckedBox(factory)
        self.numberOfArguments = numberOfArguments
        self.autoWiringFactory = UncheckedBox(autoWiringFactory)
        self.forwardsTo = nil
        self.lifetime =
            switch scope {
            case .unique: .transient
            case .shared: .graph
            case .singleton, .eagerSingleton: .singleton
            case .weakSingleton: .weakSingleton
            }
    }

    /// A forwarding definition: resolving `T` builds (or reuses) `source`'s instance.
    init<S>(forwardingTo source: Definition<S, U>) {
        self.scope = source.scope
        self.numberOfArguments = source.numberOfArguments
        self.forwardsTo = source
        self.lifetime = .transient
        self.factory = UncheckedBox { arguments in
            let value = try source.callFactory(arguments)
            guard let typed = value as? T else {
                throw DipError.invalidType(resolved: value, key: DefinitionKey(type: T.self, typeOfArguments: U.self, tag: nil))
            }
            return typed
        }
        self.autoWiringFactory = UncheckedBox(nil)
        self.state.withLock { $0.container = source.state.withLock { $0.container } }
    }

    // MARK: Refining

    /// Adds a block that sets the instance's properties after it is built, once per instance
    /// (a reused `.shared` or singleton instance does not run it again).
    ///
    /// The instance is already stored for its scope when the block runs, so two `.shared` (or
    /// singleton) definitions may refer to each other through their properties. Calling it
    /// several times chains the blocks in order.
    ///
    /// - Parameter block: Receives the resolving container and the new instance; what it throws
    ///   reaches the caller of `resolve` unchanged.
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func resolvingProperties(_ block: @escaping (DependencyContainer, T) throws -> Void) -> Definition {
        state.withLock { state in
            state.propertyBlocks.append(
                UncheckedBox { container, instance in
                    guard let typed = instance as? T else { return }
                    try block(container, typed)
                })
        }
        return self
    }

    /// Sets a property of the new instance to a value resolved by type.
    ///
    /// ```swift
    /// container.register { ClientImp() }.resolvingProperty(\ClientImp.server, as: Server.self)
    /// ```
    ///
    /// A mismatch between the instance and `Root`, or between the resolved value and `V`, is a
    /// programming error and stops the program.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - type: The type to resolve; `V` by default.
    ///   - tag: The tag to resolve with.
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func resolvingProperty<Root, V>(
        _ keyPath: ReferenceWritableKeyPath<Root, V>,
        as type: Any.Type = V.self,
        tag: (any DependencyTagConvertible)? = nil
    ) -> Definition {
        let tag = tag?.dependencyTag
        return resolvingProperty(keyPath) { container in
            let value = try container.resolve(type, tag: tag)
            guard let typed = value as? V else {
                fatalError(
                    """
                    WiringDip: resolvingProperty(\\\(Root.self).\(V.self)) resolved a \(Swift.type(of: value)), which is not a \(V.self).
                      resolved as: \(type), tag: \(tag.map(\.description) ?? "nil")
                    To fix: pass `as:` a type whose instances are \(V.self), or leave it out.
                    """
                )
            }
            return typed
        }
    }

    /// Sets a property of the new instance to what `factory` returns.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - factory: Makes the value; by default resolves `V` from the container.
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func resolvingProperty<Root, V>(
        _ keyPath: ReferenceWritableKeyPath<Root, V>,
        factory: @escaping (DependencyContainer) throws -> V = { try $0.resolve() }
    ) -> Definition {
        resolvingProperties { container, resolved in
            guard let root = resolved as? Root else {
                fatalError(
                    """
                    WiringDip: resolvingProperty(\\\(Root.self).…) was set on a definition of \(T.self), whose instance \(Swift.type(of: resolved)) is not a \(Root.self).
                      definition: \(self)
                    To fix: use a key path rooted in the type the factory builds.
                    """
                )
            }
            root[keyPath: keyPath] = try factory(container)
        }
    }

    /// Chooses whether the container auto-injects the properties of this definition's
    /// instances, overriding the container's `autoInjectProperties`.
    ///
    /// - Parameter shouldAutoInject: Whether to auto-inject; `true` by default.
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func autoInjectingProperties(_ shouldAutoInject: Bool = true) -> Definition {
        state.withLock { $0.autoInjectProperties = shouldAutoInject }
        return self
    }

    // MARK: Forwarding

    /// Makes resolving `type` (with `tag`) build or reuse this definition's instance.
    ///
    /// The definition must already be registered; calling this on an unregistered definition is a
    /// programming error and stops the program.
    ///
    /// - Parameters:
    ///   - type: A type the instance conforms to.
    ///   - tag: The tag to register the forwarding under; untagged by default.
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func implements<F>(_ type: F.Type, tag: (any DependencyTagConvertible)? = nil) -> Definition {
        registeredContainer(for: "implements(\(F.self).self)").register(self, type: F.self, tag: tag)
        return self
    }

    /// Makes resolving `type` build or reuse this definition's instance, and adds a property
    /// block that runs when the instance is built through `type`, after this definition's own.
    ///
    /// - Parameters:
    ///   - type: A type the instance conforms to.
    ///   - tag: The tag to register the forwarding under; untagged by default.
    ///   - resolvingProperties: Sets properties of the instance, seen as an `F`.
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func implements<F>(
        _ type: F.Type,
        tag: (any DependencyTagConvertible)? = nil,
        resolvingProperties: @escaping (DependencyContainer, F) throws -> Void
    ) -> Definition {
        registeredContainer(for: "implements(\(F.self).self)")
            .register(self, type: F.self, tag: tag)
            .resolvingProperties(resolvingProperties)
        return self
    }

    /// Makes resolving either type build or reuse this definition's instance.
    ///
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func implements<A, B>(_ a: A.Type, _ b: B.Type) -> Definition {
        implements(a).implements(b)
    }

    /// Makes resolving any of the three types build or reuse this definition's instance.
    ///
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func implements<A, B, C>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Definition {
        implements(a).implements(b).implements(c)
    }

    /// Makes resolving any of the four types build or reuse this definition's instance.
    ///
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func implements<A, B, C, D>(_ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type) -> Definition {
        implements(a).implements(b).implements(c).implements(d)
    }

    /// `type: Server, factory: (()) throws -> Server, scope: shared`.
    public var description: String {
        let forwarding = forwardsTo.map { ", forwards to: (\($0))" } ?? ""
        return "type: \(T.self), factory: \(F.self), scope: \(scope)\(forwarding)"
    }

    // MARK: The container's side

    var typeOfArguments: Any.Type { U.self }

    var canAutoWire: Bool { numberOfArguments > 0 && (forwardsTo?.canAutoWire ?? (autoWiringFactory.value != nil)) }

    /// The container this definition is registered in, or a stop with a three-part message.
    private func registeredContainer(for call: String) -> DependencyContainer {
        guard let container = state.withLock({ $0.container.container }) else {
            fatalError(
                """
                WiringDip: \(call) was called on a definition that is not registered in a container.
                  definition: \(self)
                To fix: register the definition first and chain on what register returns: \
                container.register { … }.\(call)
                """
            )
        }
        return container
    }

    func addImplementingType(_ type: Any.Type) {
        if let forwardsTo = forwardsTo as? any ForwardTarget {
            forwardsTo.addImplementingType(type)
            return
        }
        state.withLock { state in
            if !state.implementingTypes.contains(where: { $0 == type }) { state.implementingTypes.append(type) }
        }
    }

    func doesImplement(_ type: Any.Type) -> Bool {
        state.withLock { $0.implementingTypes.contains { $0 == type } }
    }

    func callFactory(_ arguments: Any) throws -> Any {
        guard let typed = arguments as? U else {
            throw DipError.invalidType(resolved: arguments, key: DefinitionKey(type: U.self, typeOfArguments: U.self, tag: nil))
        }
        return try factory.value(typed)
    }

    func callAutoWiringFactory(_ container: DependencyContainer, tag: DependencyContainer.Tag?) throws -> Any {
        if let forwardsTo { return try forwardsTo.callAutoWiringFactory(container, tag: tag) }
        guard let autoWiring = autoWiringFactory.value else {
            throw DipError.definitionNotFound(key: DefinitionKey(type: T.self, typeOfArguments: Void.self, tag: tag))
        }
        return try autoWiring(container, tag)
    }

    func produce() throws -> Any {
        if let forwardsTo {
            let stack = ResolutionStack.current
            stack.frames[stack.frames.count - 1].forwardedBy = self
            let value = try forwardsTo.produce()
            guard let typed = value as? T else {
                throw DipError.invalidType(resolved: value, key: stack.frames[stack.frames.count - 1].context.key)
            }
            return typed
        }
        let stack = ResolutionStack.current
        let frame = stack.frames[stack.frames.count - 1]
        let tag = frame.context.tag
        // The container resolving owns the instances: a definition registered in two containers
        // has a singleton in each.
        let slot = frame.container.engine(for: self)
        registerInEngine(slot, tag: tag)
        do {
            return try slot.engine.resolve(T.self, tag: tag)
        } catch {
            // The engine reports what a factory or hook threw as `factoryFailed`: pass the
            // original error on, as Dip did. Cycles and lifetime errors stay engine errors.
            if error.code == .factoryFailed, let underlying = error.underlyingError { throw underlying }
            throw error
        }
    }

    /// Registers the engine entry that holds the instances resolved with `tag`, once.
    private func registerInEngine(_ slot: DefinitionEngine, tag: DependencyContainer.Tag?) {
        let engine = slot.engine
        slot.tags.withLock { tags in
            guard tags.insert(tag).inserted else { return }
            // The hook runs after the engine has stored the instance for its scope, so a cycle
            // closed by property injection finds it (Dip's rule for `.shared` and singletons).
            // Dip never asked for Sendable; its users vouch for their types as they did before.
            // Strong: the engine belongs to the container's slot for this definition, and the
            // definition refers to neither, so there is no cycle (a weak reference would give
            // the definition a side table, which slows every retain and release of it).
            engine.registerUncheckedSendable(T.self, tag: tag, lifetime: lifetime) { _ in
                try self.construct()
            }
            .onResolved { _, instance in
                try self.didConstruct(instance)
            }
            .allowingReentry()
        }
    }

    func runOwnPropertyBlocks(_ instance: Any, container: DependencyContainer) throws {
        for block in state.withLock({ $0.propertyBlocks }) { try block.value(container, instance) }
    }

    func attach(to container: DependencyContainer) {
        state.withLock { $0.container = WeakContainer(container: container) }
    }

    /// The engine factory: builds through the innermost frame's invocation.
    private func construct() throws -> T {
        let stack = ResolutionStack.current
        guard let frame = stack.frames.last else {
            fatalError("WiringDip: a definition was built outside a resolve")
        }
        let value = try frame.invocation(self)
        let id = SharedBuildKey(definition: ObjectIdentifier(self), tag: frame.context.tag)
        if scope == .shared, let existing = stack.sharedBuilt[id] as? T {
            // A cycle through this initializer built and stored another instance meanwhile:
            // keep that one, as Dip did, so that the graph has one instance.
            stack.discarding.insert(id)
            return existing
        }
        guard let typed = value as? T else { throw DipError.invalidType(resolved: value, key: frame.context.key) }
        return typed
    }

    /// The engine hook: `Resolvable`, auto-injection, then the property blocks (this
    /// definition's, then those of the forwarding definition the resolve went through).
    private func didConstruct(_ instance: T) throws {
        let stack = ResolutionStack.current
        guard let frame = stack.frames.last else { return }
        let id = SharedBuildKey(definition: ObjectIdentifier(self), tag: frame.context.tag)
        if stack.discarding.remove(id) != nil { return }
        if scope == .shared { stack.sharedBuilt[id] = instance }
        let container = frame.container
        if let resolvable = instance as? any Resolvable {
            stack.created.append(resolvable)
            resolvable.resolveDependencies(container)
        }
        if state.withLock({ $0.autoInjectProperties }) ?? container.autoInjectProperties {
            try container.autoInjectProperties(in: instance)
        }
        try runOwnPropertyBlocks(instance, container: container)
        if let forwardedBy = frame.forwardedBy, forwardedBy !== self {
            try forwardedBy.runOwnPropertyBlocks(instance, container: container)
        }
    }
}

/// A definition that others forward to: records the types they add.
protocol ForwardTarget: DefinitionCore {
    func addImplementingType(_ type: Any.Type)
}

extension Definition: ForwardTarget {}
