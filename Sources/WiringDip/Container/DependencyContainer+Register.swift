import Wiring

extension DependencyContainer {
    /// Registers a factory without runtime arguments.
    ///
    /// ```swift
    /// container.register { ServerImp() as Server }
    /// container.register(.singleton, tag: "prod") { ProdConfig() as Config }
    /// ```
    ///
    /// Registering the same type, argument types and tag again replaces the definition and
    /// releases its singleton.
    ///
    /// - Parameters:
    ///   - scope: How long instances live; ``ComponentScope/shared`` by default.
    ///   - type: The type to register; inferred from the factory by default.
    ///   - tag: Distinguishes several definitions of one type.
    ///   - factory: Builds an instance; what it throws reaches the caller of `resolve`.
    /// - Returns: The definition, to refine by chaining.
    @discardableResult
    public func register<T>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping (()) throws -> T
    ) -> Definition<T, ()> {
        let definition = Definition<T, ()>(scope: scope, factory: factory, numberOfArguments: 0, autoWiringFactory: nil)
        register(definition, tag: tag)
        return definition
    }

    /// Registers a factory that takes 1 runtime argument, passed to
    /// ``resolve(tag:arguments:_:)`` with exactly the same type (`Int` and `Int?` differ).
    ///
    /// A resolve without arguments may still build it by auto-wiring: each argument is then
    /// resolved from the container by type, with the resolve's tag. With a reusing scope, the
    /// arguments of the first resolve build the instance.
    ///
    /// - Parameters:
    ///   - scope: How long instances live; ``ComponentScope/shared`` by default.
    ///   - type: The type to register; inferred from the factory by default.
    ///   - tag: Distinguishes several definitions of one type.
    ///   - factory: Builds an instance from the argument.
    /// - Returns: The definition, to refine by chaining.
    @discardableResult
    public func register<T, A>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping ((A)) throws -> T
    ) -> Definition<T, A> {
        registerWithArguments(scope, tag, factory)
    }

    /// Registers a factory that takes 2 runtime arguments, as one tuple (a closure literal may
    /// name them: `{ (a: Int, b: String) in … }`); otherwise as the one-argument `register`.
    @discardableResult
    public func register<T, A, B>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping ((A, B)) throws -> T
    ) -> Definition<T, (A, B)> {
        registerWithArguments(scope, tag, factory)
    }

    /// Registers a factory that takes 3 runtime arguments, as one tuple (a closure literal may
    /// name them: `{ (a: Int, b: String) in … }`); otherwise as the one-argument `register`.
    @discardableResult
    public func register<T, A, B, C>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping ((A, B, C)) throws -> T
    ) -> Definition<T, (A, B, C)> {
        registerWithArguments(scope, tag, factory)
    }

    /// Registers a factory that takes 4 runtime arguments, as one tuple (a closure literal may
    /// name them: `{ (a: Int, b: String) in … }`); otherwise as the one-argument `register`.
    @discardableResult
    public func register<T, A, B, C, D>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping ((A, B, C, D)) throws -> T
    ) -> Definition<T, (A, B, C, D)> {
        registerWithArguments(scope, tag, factory)
    }

    /// Registers a factory that takes 5 runtime arguments, as one tuple (a closure literal may
    /// name them: `{ (a: Int, b: String) in … }`); otherwise as the one-argument `register`.
    @discardableResult
    public func register<T, A, B, C, D, E>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping ((A, B, C, D, E)) throws -> T
    ) -> Definition<T, (A, B, C, D, E)> {
        registerWithArguments(scope, tag, factory)
    }

    /// Registers a factory that takes 6 runtime arguments, as one tuple (a closure literal may
    /// name them: `{ (a: Int, b: String) in … }`); otherwise as the one-argument `register`.
    @discardableResult
    public func register<T, A, B, C, D, E, F>(
        _ scope: ComponentScope = .shared,
        type: T.Type = T.self,
        tag: (any DependencyTagConvertible)? = nil,
        factory: @escaping ((A, B, C, D, E, F)) throws -> T
    ) -> Definition<T, (A, B, C, D, E, F)> {
        registerWithArguments(scope, tag, factory)
    }

    /// Registers a factory with any argument type and an explicit auto-wiring factory: the form
    /// the other `register` methods are built on, for factories with more than six arguments.
    ///
    /// - Parameters:
    ///   - scope: How long instances live.
    ///   - type: The type to register.
    ///   - tag: Distinguishes several definitions of one type.
    ///   - factory: Builds an instance from the runtime arguments `U` (a tuple for several).
    ///   - numberOfArguments: How many runtime arguments `U` holds; auto-wiring prefers the
    ///     definition with the most.
    ///   - autoWiringFactory: Builds an instance by resolving the arguments from the container,
    ///     with the tag it receives.
    /// - Returns: The definition, to refine by chaining.
    public func register<T, U>(
        scope: ComponentScope,
        type: T.Type,
        tag: (any DependencyTagConvertible)?,
        factory: @escaping (U) throws -> T,
        numberOfArguments: Int,
        autoWiringFactory: @escaping (DependencyContainer, Tag?) throws -> T
    ) -> Definition<T, U> {
        let definition = Definition<T, U>(
            scope: scope,
            factory: factory,
            numberOfArguments: numberOfArguments,
            autoWiringFactory: autoWiringFactory
        )
        register(definition, tag: tag)
        return definition
    }

    /// Registers an existing definition (again), under `tag`. As in Dip, each key keeps
    /// instances of its own: a singleton registered under two tags has one instance per tag.
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - tag: The tag to register it under.
    public func register<T, U>(_ definition: Definition<T, U>, tag: (any DependencyTagConvertible)? = nil) {
        let key = DefinitionKey(type: T.self, typeOfArguments: U.self, tag: tag?.dependencyTag)
        add(definition, for: key)
        if definition.scope == .eagerSingleton {
            // As Dip did: resolve the type without arguments, so that a definition with runtime
            // arguments is auto-wired.
            let eagerKey = DefinitionKey(type: T.self, typeOfArguments: Void.self, tag: key.tag)
            let eager = UncheckedBox { [weak self] () throws -> Void in
                _ = try self?.resolve(key: eagerKey, invocation: .none)
            }
            state.withLock { $0.bootstrapQueue.append(eager) }
        }
    }

    /// Makes resolving `type` (with `tag`) build or reuse `definition`'s instance: the
    /// forwarding behind ``Definition/implements(_:tag:)``.
    ///
    /// - Parameters:
    ///   - definition: A registered definition whose instances are `F`s.
    ///   - type: The type to forward.
    ///   - tag: The tag to register the forwarding under.
    /// - Returns: The forwarding definition, whose own property blocks run after
    ///   `definition`'s when an instance is built through `type`.
    @discardableResult
    public func register<T, U, F>(
        _ definition: Definition<T, U>,
        type: F.Type,
        tag: (any DependencyTagConvertible)? = nil
    ) -> Definition<F, U> {
        let forwarding = Definition<F, U>(forwardingTo: definition)
        definition.addImplementingType(F.self)
        add(forwarding, for: DefinitionKey(type: F.self, typeOfArguments: U.self, tag: tag?.dependencyTag))
        return forwarding
    }

    /// The `register` overloads with runtime arguments: `factory`, and an auto-wiring factory that
    /// resolves each argument by type, with the resolve's tag.
    private func registerWithArguments<T, each A>(
        _ scope: ComponentScope,
        _ tag: (any DependencyTagConvertible)?,
        _ factory: @escaping ((repeat each A)) throws -> T
    ) -> Definition<T, (repeat each A)> {
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        return register(scope: scope, type: T.self, tag: tag, factory: factory, numberOfArguments: count) { container, tag in
            try factory((repeat try container.resolve(tag: tag) as each A))
        }
    }

    /// Stores `definition` under `key` and registers it in the engine, releasing what the
    /// definition it replaces held (the same definition's included, as in Dip).
    private func add(_ definition: any DefinitionCore, for key: DefinitionKey) {
        _ = changingDefinitions { state in
            checkNotBootstrapped(state, change: "register \(key)")
            let replaced = unregister(key, in: &state, replacing: true)
            state.definitions[key] = Registered(definition: definition, sequence: state.nextSequence)
            retain(definition, in: &state)
            state.nextSequence += 1
            definition.register(in: engine, tag: key.tag)
            return replaced
        }
        definition.attach(to: self)
    }
}
