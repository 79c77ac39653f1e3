public import Wiring

extension DependencyContainer {
    /// Resolves a `T`, inferred from the context: `let server = try container.resolve() as Server`.
    ///
    /// Search order: the definition for `T` with `tag`; the untagged one; a definition that
    /// forwards to `T` (every definition forwards to `T?`); auto-wiring; the collaborators.
    ///
    /// - Parameter tag: The tag to resolve with; it also applies to auto-injected properties
    ///   and auto-wired arguments.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    @inlinable
    public func resolve<T>(tag: (any DependencyTagConvertible)? = nil) throws -> T {
        // The definition registered under exactly this key, straight from the engine's lock-free
        // path: a built singleton needs no frame, search or hook. Verbose logging, which reports
        // every resolve, takes the search below.
        if tag == nil, !logs(.Verbose),
            let value = try engine.resolvePlain(
                T.self,
                building: { build in
                    let key = DefinitionKey(type: T.self, typeOfArguments: Void.self, tag: nil)
                    return try inFrame(key: key, invocation: .none, inCollaboration: false) { stack in
                        try Self.fromEngine { () throws(WiringError) in try build(ResolutionStack.pass(stack)) }
                    }
                })
        {
            return value
        }
        let key = DefinitionKey(type: T.self, typeOfArguments: Void.self, tag: tag?.dependencyTag)
        return try resolve(T.self, key: key, invocation: .none)
    }

    /// Resolves an instance of a type known only at run time.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil) throws -> Any {
        try resolve(key: DefinitionKey(type: type, typeOfArguments: Void.self, tag: tag?.dependencyTag), invocation: .none)
    }

    /// Resolves a `T` whose definition takes arguments of type `U`, letting `builder` call the
    /// definition's factory: the escape hatch for more than six arguments.
    ///
    /// ```swift
    /// let service = try container.resolve { (factory: ((Int, String)) throws -> Service) in try factory((1, "a")) }
    /// ```
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - builder: Receives the factory and returns what it builds.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what the factory, the builder or a property block threw.
    public func resolve<T, U>(tag: (any DependencyTagConvertible)? = nil, builder: ((U) throws -> T) throws -> T) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: U.self, tag: tag?.dependencyTag)
        let value = try withoutActuallyEscaping(builder) { builder in
            try resolve(
                key: key,
                invocation: .builder { factory in
                    try builder { arguments in try self.typed(factory(arguments), key) }
                })
        }
        return try typed(value, key)
    }

    /// Resolves a `T` whose definition takes no arguments, letting `builder` call its factory
    /// (or return an instance of its own, which the container then treats as built).
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - builder: Receives the factory and returns what it builds.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what the factory, the builder or a property block threw.
    public func resolve<T>(tag: (any DependencyTagConvertible)? = nil, builder: (() throws -> T) throws -> T) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: Void.self, tag: tag?.dependencyTag)
        let value = try withoutActuallyEscaping(builder) { builder in
            try resolve(
                key: key,
                invocation: .builder { factory in
                    try builder { try self.typed(factory(()), key) }
                })
        }
        return try typed(value, key)
    }

    /// Resolves a type known only at run time whose definition takes arguments of type `U`,
    /// letting `builder` call the definition's factory.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - builder: Receives the factory and returns what it builds.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what the factory, the builder or a property block threw.
    public func resolve<U>(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, builder: ((U) throws -> Any) throws -> Any) throws
        -> Any
    {
        let key = DefinitionKey(type: type, typeOfArguments: U.self, tag: tag?.dependencyTag)
        return try withoutActuallyEscaping(builder) { builder in
            try resolve(
                key: key,
                invocation: .builder { factory in
                    try builder { arguments in try factory(arguments) }
                })
        }
    }

    /// Resolves a type known only at run time whose definition takes no arguments, letting
    /// `builder` call its factory.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - builder: Receives the factory and returns what it builds.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what the factory, the builder or a property block threw.
    public func resolve(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, builder: (() throws -> Any) throws -> Any) throws
        -> Any
    {
        let key = DefinitionKey(type: type, typeOfArguments: Void.self, tag: tag?.dependencyTag)
        return try withoutActuallyEscaping(builder) { builder in
            try resolve(
                key: key,
                invocation: .builder { factory in
                    try builder { try factory(()) }
                })
        }
    }

    /// Resolves a `T` whose definition takes runtime arguments of exactly these types, in this
    /// order (`Int` and `Int?` differ): `try container.resolve(arguments: "https://api", 30) as Client`.
    ///
    /// Dip offered one to six arguments; any number works here, and matches a definition
    /// registered with ``register(scope:type:tag:factory:numberOfArguments:autoWiringFactory:)``
    /// whose argument type is their tuple.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - first: The factory's first argument.
    ///   - rest: The factory's other arguments.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A, each B>(tag: (any DependencyTagConvertible)? = nil, arguments first: A, _ rest: repeat each B) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: (A, repeat each B).self, tag: tag?.dependencyTag)
        let arguments = (first, repeat each rest)
        return try withUnsafePointer(to: arguments) { pointer in
            try resolve(T.self, key: key, invocation: .arguments((A, repeat each B).self, UnsafeRawPointer(pointer)))
        }
    }

    /// Resolves a type known only at run time whose definition takes runtime arguments of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - first: The factory's first argument.
    ///   - rest: The factory's other arguments.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A, each B>(
        _ type: Any.Type,
        tag: (any DependencyTagConvertible)? = nil,
        arguments first: A,
        _ rest: repeat each B
    ) throws -> Any {
        let key = DefinitionKey(type: type, typeOfArguments: (A, repeat each B).self, tag: tag?.dependencyTag)
        let arguments = (first, repeat each rest)
        return try withUnsafePointer(to: arguments) { pointer in
            try resolve(key: key, invocation: .arguments((A, repeat each B).self, UnsafeRawPointer(pointer)))
        }
    }
}
