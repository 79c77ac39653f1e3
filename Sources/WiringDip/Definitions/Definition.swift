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
///
/// `@unchecked Sendable`: the factories are immutable, and Dip never asked for `Sendable`
/// closures; its users vouch for them as they did before. Everything mutable is behind `state`'s
/// lock or atomic.
public final class Definition<T, U>: DefinitionType, DefinitionCore, CustomStringConvertible, @unchecked Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (AtomicWordStorage(UInt(0)), AtomicWordStorage(UInt8(0)))
    /// The factory's type: it takes the runtime arguments (a tuple when there are several).
    public typealias F = (U) throws -> T

    let scope: ComponentScope
    let numberOfArguments: Int
    // Plain closures, not boxes: reading a generic box's field from this generic class would
    // look its metadata up at run time on every build.
    private let factory: F
    private let autoWiringFactory: ((DependencyContainer, DependencyContainer.Tag?) throws -> T)?
    /// For a forwarding definition (made by `implements`): the definition it forwards to.
    let forwardsTo: (any DefinitionCore)?
    /// The engine lifetime of `scope`.
    private let lifetime: Lifetime
    /// Not generic, for the same reason as the closures.
    private let state: Lock<DefinitionState>
    /// The identity of a dynamic type this definition built whose instances are neither
    /// `Resolvable` nor hold auto-injected properties: its later instances skip both checks.
    private var plainType: AtomicView<UInt> { AtomicView(inline: self, word: 0) }
    /// What the builds need to know of `state` without taking its lock: whether there are
    /// property blocks, and the auto-injection choice, if any.
    private var refinements: AtomicView<UInt8> { AtomicView(inline: self, word: 1) }
    /// Stores `refinements` for `state`. Requires `state`'s lock.
    private func publishRefinements(of state: DefinitionState) {
        var flags: UInt8 = state.propertyBlocks.isEmpty ? 0 : Self.hasPropertyBlocks
        if let autoInject = state.autoInjectProperties { flags |= autoInject ? Self.autoInjects : Self.doesNotAutoInject }
        refinements.store(flags, ordering: .releasing)
    }

    private static var hasPropertyBlocks: UInt8 { 1 }
    private static var autoInjects: UInt8 { 2 }
    private static var doesNotAutoInject: UInt8 { 4 }

    init(
        scope: ComponentScope,
        factory: @escaping F,
        numberOfArguments: Int,
        autoWiringFactory: ((DependencyContainer, DependencyContainer.Tag?) throws -> T)?
    ) {
        self.scope = scope
        self.factory = factory
        self.numberOfArguments = numberOfArguments
        self.autoWiringFactory = autoWiringFactory
        self.forwardsTo = nil
        self.state = Lock(DefinitionState(implementingTypes: [T?.self]))
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
        self.state = Lock(DefinitionState(implementingTypes: [T?.self]))
        self.factory = { arguments in
            let value = try source.callFactory(arguments)
            guard let typed = value as? T else {
                throw DipError.invalidType(resolved: value, key: DefinitionKey(type: T.self, typeOfArguments: U.self, tag: nil))
            }
            return typed
        }
        self.autoWiringFactory = nil
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
            publishRefinements(of: state)
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
        state.withLock { state in
            state.autoInjectProperties = shouldAutoInject
            publishRefinements(of: state)
        }
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

    /// Makes resolving any of these types build or reuse this definition's instance (Dip took
    /// two to four; any number works here).
    ///
    /// - Returns: This definition, for chaining.
    @discardableResult
    public func implements<A, B, each C>(_ a: A.Type, _ b: B.Type, _ others: repeat (each C).Type) -> Definition {
        implements(a).implements(b)
        for type in repeat (each others) { implements(type) }
        return self
    }

    /// `type: Server, factory: (()) throws -> Server, scope: shared`.
    public var description: String {
        let forwarding = forwardsTo.map { ", forwards to: (\($0))" } ?? ""
        return "type: \(T.self), factory: \(F.self), scope: \(scope)\(forwarding)"
    }

    // MARK: The container's side

    var typeOfArguments: Any.Type { U.self }

    var canAutoWire: Bool { numberOfArguments > 0 && (forwardsTo?.canAutoWire ?? (autoWiringFactory != nil)) }

    /// The container this definition is registered in, or a stop with a three-part message.
    private func registeredContainer(for call: String) -> DependencyContainer {
        guard let container = state.withLock({ $0.container?.container }) else {
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
        if let forwardsTo {
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
        return try factory(typed)
    }

    func produce(in container: DependencyContainer, tag: DependencyContainer.Tag?) throws -> Any {
        let stack = ResolutionStack.current
        if let forwardsTo {
            stack.innermost.forwardedBy = self
            let value = try forwardsTo.produce(in: container, tag: tag)
            guard let typed = value as? T else {
                throw DipError.invalidType(resolved: value, key: stack.innermost.key)
            }
            return typed
        }
        let engineTag = try container.engineTag(of: self, type: T.self, requested: tag)
        do {
            return try DependencyContainer.fromEngine { () throws(WiringError) in
                try container.engine.resolve(T.self, tag: engineTag, argumentsType: U.self, arguments: ResolutionStack.pass(stack))
            }
        } catch let error as WiringError where error.code == .notRegistered && error.path.count <= 1 {
            // The registration itself (not a dependency) went with its definition meanwhile.
            throw DependencyContainer.DefinitionReplaced()
        }
    }

    func register(in engine: Container, tag: (any Hashable & Sendable)?) {
        // Dip never asked for Sendable; its users vouch for their types as they did before.
        // Strong captures: the engine belongs to the container, and the definition refers to
        // neither, so there is no cycle.
        guard forwardsTo == nil else {
            engine.registerUncheckedSendable(T.self, tag: tag, argumentsType: U.self, lifetime: .transient) { _, stack in
                try self.forward(ResolutionStack.passed(stack))
            }
            // A cycle closed by properties may resolve the forwarded type again while the
            // instance it forwards to is being built: that finds the instance (see below).
            .allowingReentry()
            return
        }
        guard lifetime != .transient else {
            // Nothing is cached, so nothing a hook could find: build and complete in one call.
            engine.registerUncheckedSendable(T.self, tag: tag, argumentsType: U.self, lifetime: .transient) { _, passed in
                let stack = ResolutionStack.passed(passed)
                let instance = try self.construct(stack)
                try self.didConstruct(instance, stack)
                return instance
            }
            .allowingReentry()
            return
        }
        engine.registerUncheckedSendable(T.self, tag: tag, argumentsType: U.self, lifetime: lifetime) { _, stack in
            try self.construct(ResolutionStack.passed(stack))
        }
        // The hook runs after the engine has stored the instance for its scope, so a cycle
        // closed by property injection finds it (Dip's rule for `.shared` and singletons).
        .onResolved { _, instance in
            try self.didConstruct(instance, ResolutionStack.current)
        }
        // Dip may build a `.shared` definition again inside its own build (see `construct`).
        .allowingReentry()
    }

    func remove(from engine: Container, tags: [InstanceTag]) {
        for tag in tags { engine.remove(T.self, tag: tag, argumentsType: U.self) }
    }

    func runOwnPropertyBlocks(_ instance: Any, container: DependencyContainer) throws {
        for block in state.withLock({ $0.propertyBlocks }) { try block.value(container, instance) }
    }

    func attach(to container: DependencyContainer) {
        state.withLock { $0.container = WeakContainer(container) }
    }

    /// The engine factory of a forwarding definition registered under its own key: the
    /// forwarded-to definition's instance, for the innermost frame's tag.
    private func forward(_ stack: ResolutionStack) throws -> T {
        let value = try produce(in: stack.innermost.container, tag: stack.innermost.key.tag)
        guard let typed = value as? T else { throw DipError.invalidType(resolved: value, key: stack.innermost.key) }
        return typed
    }

    /// The engine factory: builds through the innermost frame's invocation. No `Optional<T>`
    /// here: in this unspecialised code, its metadata would be looked up on every build.
    private func construct(_ stack: ResolutionStack) throws -> T {
        let value: T
        switch stack.innermost.invocation {
        case .arguments(let type, let arguments):
            guard type == U.self else { throw DipError.invalidType(resolved: type, key: stack.innermost.key) }
            value = try factory(arguments.assumingMemoryBound(to: U.self).pointee)
        case .autowiring:
            guard let autoWiring = autoWiringFactory else { throw DipError.definitionNotFound(key: stack.innermost.key) }
            value = try autoWiring(stack.innermost.container, stack.innermost.key.tag)
        case .builder(let builder):
            value = try build(with: builder, key: stack.innermost.key)
        }
        return scope == .shared ? reuseShared(value, stack, tag: stack.innermost.key.tag) : value
    }

    private func build(with builder: ((Any) throws -> Any) throws -> Any, key: DefinitionKey) throws -> T {
        let built = try builder(callFactory)
        guard let typed = built as? T else { throw DipError.invalidType(resolved: built, key: key) }
        return typed
    }

    /// `value`, unless a cycle through this initializer built and stored another instance
    /// meanwhile: then that one, as Dip did, so that the graph has one instance.
    private func reuseShared(_ value: T, _ stack: ResolutionStack, tag: DependencyContainer.Tag?) -> T {
        let id = SharedBuildKey(definition: ObjectIdentifier(self), tag: tag)
        guard let existing = stack.sharedBuilt[id] as? T else { return value }
        stack.discarding.insert(id)
        return existing
    }

    /// The engine hook: `Resolvable`, auto-injection, then the property blocks (this
    /// definition's, then those of the forwarding definition the resolve went through).
    private func didConstruct(_ instance: T, _ stack: ResolutionStack) throws {
        if scope == .shared {
            let id = SharedBuildKey(definition: ObjectIdentifier(self), tag: stack.innermost.key.tag)
            if stack.discarding.remove(id) != nil { return }
            stack.sharedBuilt[id] = instance
        }
        let container = stack.innermost.container
        let flags = refinements.load(ordering: .acquiring)
        let autoInject =
            flags & Self.autoInjects != 0 ? true : flags & Self.doesNotAutoInject != 0 ? false : container.autoInjectProperties
        let dynamicType = UInt(bitPattern: ObjectIdentifier(type(of: instance)))
        if plainType.load(ordering: .relaxed) != dynamicType {
            var plain = true
            if let resolvable = instance as? any Resolvable {
                plain = false
                stack.created.append(resolvable)
                resolvable.resolveDependencies(container)
            }
            if autoInject {
                if try !container.autoInjectProperties(in: instance) { plain = false }
            } else {
                plain = false
            }
            if plain { plainType.store(dynamicType, ordering: .relaxed) }
        }
        if flags & Self.hasPropertyBlocks != 0 { try runOwnPropertyBlocks(instance, container: container) }
        if let forwardedBy = stack.innermost.forwardedBy, forwardedBy !== self {
            try forwardedBy.runOwnPropertyBlocks(instance, container: container)
        }
    }
}

/// What a definition may change after it is made, whatever its generic parameters.
struct DefinitionState: Sendable {
    var implementingTypes: [Any.Type]
    var propertyBlocks: [UncheckedBox<(DependencyContainer, Any) throws -> Void>] = []
    var autoInjectProperties: Bool?
    var container: WeakContainer?
}
