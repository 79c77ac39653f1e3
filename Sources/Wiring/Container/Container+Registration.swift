extension Container {
    /// Registers a factory for `type`, with any lifetime.
    ///
    /// Registering the same type and tag again replaces the registration and releases the
    /// instance the old one cached.
    ///
    /// ```swift
    /// container.register(UserService.self, lifetime: .singleton) { r in
    ///     UserService(database: try r.resolve())
    /// }
    /// ```
    ///
    /// With a lifetime, `T` must be `Sendable`: a singleton, scoped or graph instance is handed to
    /// every thread that resolves it. A type that is not `Sendable` registers as a transient
    /// (leave `lifetime` out), or through ``registerUncheckedSendable(_:tag:lifetime:file:line:factory:)``,
    /// which says in the code that the caller vouches for it.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to: a protocol or a concrete type.
    ///   - tag: Distinguishes several registrations of one type (any `Hashable & Sendable` value).
    ///     Tags compare as `AnyHashable` does, so `1`, `UInt8(1)` and `1.0` are one tag and `"1"`
    ///     is another; use an enum or a string constant to keep tags apart.
    ///   - lifetime: How long instances live.
    ///   - file: The registration site for error messages; leave the default.
    ///   - line: The registration site for error messages; leave the default.
    ///   - factory: Builds an instance; receives a ``Resolver`` for its own dependencies. An error
    ///     it throws reaches the caller of `resolve` as ``WiringError/Code/factoryFailed``.
    /// - Returns: A handle to add hooks and forwarded types.
    @discardableResult
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Registration<T> {
        registerUncheckedSendable(T.self, tag: tag, lifetime: lifetime, file: file, line: line, factory: factory)
    }

    /// Registers a ``Lifetime/transient`` factory for `type`: a new instance on every resolve,
    /// so `T` need not be `Sendable`.
    ///
    /// ```swift
    /// container.register(ReportBuilder.self) { r in ReportBuilder(clock: try r.resolve()) }
    /// ```
    @discardableResult
    public func register<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Registration<T> {
        registerUncheckedSendable(T.self, tag: tag, lifetime: .transient, file: file, line: line, factory: factory)
    }

    /// Registers a factory that takes runtime arguments, passed to
    /// ``Resolving/resolve(_:tag:arguments:file:line:)``.
    ///
    /// ```swift
    /// container.register(HTTPClient.self) { (r: Resolver, baseURL: String, timeout: Int) in
    ///     HTTPClient(baseURL: baseURL, timeout: timeout, logger: try r.resolve())
    /// }
    /// let client = try container.resolve(HTTPClient.self, arguments: "https://api", 30)
    /// ```
    ///
    /// The argument types are part of the key: the same type may be registered once per
    /// signature. With a caching lifetime, the arguments of the first resolve build the
    /// instance, and `T` must be `Sendable`.
    @discardableResult
    public func register<T: Sendable, each A>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        arguments factory: @escaping @Sendable (Resolver, repeat each A) throws -> T
    ) -> Registration<T> {
        add(T.self, tag: tag, lifetime: lifetime, file: file, line: line, arguments: factory)
    }

    /// Registers a ``Lifetime/transient`` factory that takes runtime arguments; see
    /// ``register(_:tag:lifetime:file:line:arguments:)``.
    @discardableResult
    public func register<T, each A>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        arguments factory: @escaping @Sendable (Resolver, repeat each A) throws -> T
    ) -> Registration<T> {
        add(T.self, tag: tag, lifetime: .transient, file: file, line: line, arguments: factory)
    }

    /// Registers an already-built value as a singleton. The container hands it to every thread
    /// that resolves it, so it must be `Sendable`; see
    /// ``registerUncheckedSendable(_:tag:instance:file:line:)`` for a value that is not.
    @discardableResult
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        instance: T,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<T> {
        registerUncheckedSendable(T.self, tag: tag, instance: instance, file: file, line: line)
    }

    /// Registers an initializer (or any function) whose parameters are resolved from the
    /// container by type: auto-wiring.
    ///
    /// ```swift
    /// container.autowire(UserService.self, lifetime: .singleton, UserService.init(database:logger:))
    /// ```
    ///
    /// The dependency types are recorded at registration, so the graph is known without calling
    /// the initializer. With a lifetime, `T` must be `Sendable`, as for
    /// ``register(_:tag:lifetime:file:line:factory:)-(_,_,_,_,_,(Resolver)->T)``.
    @discardableResult
    public func autowire<T: Sendable, each D>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Registration<T> {
        add(T.self, tag: tag, lifetime: lifetime, file: file, line: line, autowiring: initializer)
    }

    /// Registers an auto-wired ``Lifetime/transient``: `T` need not be `Sendable`; see
    /// ``autowire(_:tag:lifetime:file:line:_:)``.
    @discardableResult
    public func autowire<T, each D>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Registration<T> {
        add(T.self, tag: tag, lifetime: .transient, file: file, line: line, autowiring: initializer)
    }

    /// ``autowire(_:tag:lifetime:file:line:_:)`` without the type, which the initializer gives,
    /// as a module's `autowire` takes it:
    ///
    /// ```swift
    /// container.autowire(lifetime: .singleton, UserService.init(database:logger:))
    /// ```
    @discardableResult
    public func autowire<T: Sendable, each D>(
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Registration<T> {
        add(T.self, tag: tag, lifetime: lifetime, file: file, line: line, autowiring: initializer)
    }

    /// ``autowire(_:tag:file:line:_:)`` without the type: an auto-wired transient.
    @discardableResult
    public func autowire<T, each D>(
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Registration<T> {
        add(T.self, tag: tag, lifetime: .transient, file: file, line: line, autowiring: initializer)
    }

    // MARK: - Not Sendable, on the caller's word

    /// Registers a factory for a type that is not `Sendable`, with any lifetime: the `@unchecked
    /// Sendable` of registrations.
    ///
    /// A singleton, scoped or graph instance is handed to every thread that resolves it. Use this
    /// only for a type that is safe to share although the compiler cannot tell (it locks
    /// internally, or is used from one thread or actor only), and say why at the call site.
    /// The migration facades register through it, because the libraries they replace did not
    /// ask for `Sendable`.
    ///
    /// ```swift
    /// // DateFormatter is thread-safe for formatting since iOS 7 / macOS 10.9.
    /// container.registerUncheckedSendable(DateFormatter.self, lifetime: .singleton) { _ in DateFormatter() }
    /// ```
    @discardableResult
    public func registerUncheckedSendable<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) -> Registration<T> {
        add(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self),
            lifetime: lifetime,
            site: SourceLocation(file, line),
            dependencies: nil
        ) { resolver, _ in try factory(resolver) }
    }

    /// Registers an already-built value that is not `Sendable` as a singleton, on the caller's
    /// word that sharing it between threads is safe; see
    /// ``registerUncheckedSendable(_:tag:lifetime:file:line:factory:)``.
    @discardableResult
    public func registerUncheckedSendable<T>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        instance: T,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<T> {
        let box = UncheckedBox(instance)
        return add(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self),
            lifetime: .singleton,
            site: SourceLocation(file, line),
            dependencies: nil
        ) { _, _ in box.value }
    }

    // MARK: - Shared by the overloads above

    private func add<T, each A>(
        _ type: T.Type,
        tag: (any Hashable & Sendable)?,
        lifetime: Lifetime,
        file: StaticString,
        line: UInt,
        arguments factory: @escaping @Sendable (Resolver, repeat each A) throws -> T
    ) -> Registration<T> {
        add(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: (repeat each A).self),
            lifetime: lifetime,
            site: SourceLocation(file, line),
            dependencies: nil
        ) { resolver, pointer in
            guard let pointer else { fatalError("Wiring: runtime arguments are missing") }
            let arguments = pointer.assumingMemoryBound(to: (repeat each A).self).pointee
            return try factory(resolver, repeat each arguments)
        }
    }

    func add<T, each D>(
        _ type: T.Type,
        tag: (any Hashable & Sendable)?,
        lifetime: Lifetime,
        file: StaticString,
        line: UInt,
        autowiring initializer: @escaping @Sendable (repeat each D) throws -> T
    ) -> Registration<T> {
        var dependencies: [ServiceKey] = []
        for dependency in repeat (each D).self {
            dependencies.append(ServiceKey(type: dependency, tag: nil, arguments: Void.self))
        }
        return add(
            key: ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self),
            lifetime: lifetime,
            site: SourceLocation(file, line),
            dependencies: dependencies
        ) { resolver, _ in
            try initializer(repeat resolver.resolve((each D).self))
        }
    }

    func add<T>(
        key: ServiceKey,
        lifetime: Lifetime,
        site: SourceLocation,
        dependencies: [ServiceKey]?,
        factory: @escaping @Sendable (Resolver, UnsafeRawPointer?) throws -> T
    ) -> Registration<T> {
        let decorated = containerDecorated(key, as: T.self)
        publish { tracer in
            Entry<T>(
                key: key,
                lifetime: lifetime,
                owner: self,
                site: site,
                sequence: registry.nextSequence(),
                dependencies: dependencies,
                tracer: tracer,
                factory: factory,
                refined: decorated
            )
        }
        return Registration(container: self, key: key)
    }
}
