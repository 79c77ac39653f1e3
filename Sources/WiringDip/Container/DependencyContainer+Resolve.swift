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
    public func resolve<T>(tag: (any DependencyTagConvertible)? = nil) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: Void.self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: ()), key)
    }

    /// Resolves an instance of a type known only at run time.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil) throws -> Any {
        try resolve(key: DefinitionKey(type: type, typeOfArguments: Void.self, tag: tag?.dependencyTag), arguments: ())
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
            try resolve(key: key) { definition in
                try builder { arguments in try self.typed(definition.callFactory(arguments), key) }
            }
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
            try resolve(key: key) { definition in
                try builder { try self.typed(definition.callFactory(()), key) }
            }
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
            try resolve(key: key) { definition in
                try builder { arguments in try definition.callFactory(arguments) }
            }
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
            try resolve(key: key) { definition in
                try builder { try definition.callFactory(()) }
            }
        }
    }

    /// Resolves a `T` whose definition takes 1 runtime argument of exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A>(tag: (any DependencyTagConvertible)? = nil, arguments arg1: A) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: A.self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: arg1), key)
    }

    /// Resolves a type known only at run time whose definition takes 1 runtime argument of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A>(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, arguments arg1: A) throws -> Any {
        try resolve(key: DefinitionKey(type: type, typeOfArguments: A.self, tag: tag?.dependencyTag), arguments: arg1)
    }

    /// Resolves a `T` whose definition takes 2 runtime arguments of exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A, B>(tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: (A, B).self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: (arg1, arg2)), key)
    }

    /// Resolves a type known only at run time whose definition takes 2 runtime arguments of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A, B>(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B) throws -> Any {
        try resolve(key: DefinitionKey(type: type, typeOfArguments: (A, B).self, tag: tag?.dependencyTag), arguments: (arg1, arg2))
    }

    /// Resolves a `T` whose definition takes 3 runtime arguments of exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A, B, C>(tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: (A, B, C).self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: (arg1, arg2, arg3)), key)
    }

    /// Resolves a type known only at run time whose definition takes 3 runtime arguments of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A, B, C>(_ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C)
        throws -> Any
    {
        try resolve(key: DefinitionKey(type: type, typeOfArguments: (A, B, C).self, tag: tag?.dependencyTag), arguments: (arg1, arg2, arg3))
    }

    /// Resolves a `T` whose definition takes 4 runtime arguments of exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    ///   - arg4: The factory's fourth argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A, B, C, D>(tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C, _ arg4: D)
        throws -> T
    {
        let key = DefinitionKey(type: T.self, typeOfArguments: (A, B, C, D).self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: (arg1, arg2, arg3, arg4)), key)
    }

    /// Resolves a type known only at run time whose definition takes 4 runtime arguments of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    ///   - arg4: The factory's fourth argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A, B, C, D>(
        _ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C, _ arg4: D
    ) throws -> Any {
        try resolve(
            key: DefinitionKey(type: type, typeOfArguments: (A, B, C, D).self, tag: tag?.dependencyTag), arguments: (arg1, arg2, arg3, arg4)
        )
    }

    /// Resolves a `T` whose definition takes 5 runtime arguments of exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    ///   - arg4: The factory's fourth argument.
    ///   - arg5: The factory's fifth argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A, B, C, D, E>(
        tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C, _ arg4: D, _ arg5: E
    ) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: (A, B, C, D, E).self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: (arg1, arg2, arg3, arg4, arg5)), key)
    }

    /// Resolves a type known only at run time whose definition takes 5 runtime arguments of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    ///   - arg4: The factory's fourth argument.
    ///   - arg5: The factory's fifth argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A, B, C, D, E>(
        _ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C, _ arg4: D, _ arg5: E
    ) throws -> Any {
        try resolve(
            key: DefinitionKey(type: type, typeOfArguments: (A, B, C, D, E).self, tag: tag?.dependencyTag),
            arguments: (arg1, arg2, arg3, arg4, arg5))
    }

    /// Resolves a `T` whose definition takes 6 runtime arguments of exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    ///   - arg4: The factory's fourth argument.
    ///   - arg5: The factory's fifth argument.
    ///   - arg6: The factory's sixth argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError`` (``DipError/definitionNotFound(key:)`` when no definition takes
    ///   these argument types), or what a factory or property block threw.
    public func resolve<T, A, B, C, D, E, F>(
        tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C, _ arg4: D, _ arg5: E, _ arg6: F
    ) throws -> T {
        let key = DefinitionKey(type: T.self, typeOfArguments: (A, B, C, D, E, F).self, tag: tag?.dependencyTag)
        return try typed(resolve(key: key, arguments: (arg1, arg2, arg3, arg4, arg5, arg6)), key)
    }

    /// Resolves a type known only at run time whose definition takes 6 runtime arguments of
    /// exactly these types, in this order.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - tag: The tag to resolve with.
    ///   - arg1: The factory's first argument.
    ///   - arg2: The factory's second argument.
    ///   - arg3: The factory's third argument.
    ///   - arg4: The factory's fourth argument.
    ///   - arg5: The factory's fifth argument.
    ///   - arg6: The factory's sixth argument.
    /// - Returns: The instance.
    /// - Throws: ``DipError``, or what a factory or property block threw.
    public func resolve<A, B, C, D, E, F>(
        _ type: Any.Type, tag: (any DependencyTagConvertible)? = nil, arguments arg1: A, _ arg2: B, _ arg3: C, _ arg4: D, _ arg5: E,
        _ arg6: F
    ) throws -> Any {
        try resolve(
            key: DefinitionKey(type: type, typeOfArguments: (A, B, C, D, E, F).self, tag: tag?.dependencyTag),
            arguments: (arg1, arg2, arg3, arg4, arg5, arg6))
    }
}
