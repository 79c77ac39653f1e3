extension DIContainerProtocol {
    /// Registers a factory that builds a new instance of `type` on every resolve (transient).
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the factory when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - factory: Builds the instance from the resolving container. Called on every resolve; a
    ///     `nil` result makes that resolve give `nil`.
    public func register<Protocol>(
        type: Protocol.Type = Protocol.self, named name: String? = nil, transient factory: @escaping DIFactory<Protocol>
    ) {
        register(type: Protocol.self, named: name, value: .transient(factory))
    }

    /// Registers a factory that builds a new instance of `type` on every resolve (transient).
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, transient: { _ in PrinterImplementation() })
    /// ```
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - factory: Builds the instance from the resolving container. Called on every resolve; a
    ///     `nil` result makes that resolve give `nil`.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, transient factory: @escaping DIFactory<Protocol>) {
        register(type: Protocol.self, named: name, value: .transient(factory))
    }

    /// Registers a lazy singleton: one instance of `type`, built on the first resolve.
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the factory when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - factory: Builds the instance from the resolving container. Called on the first resolve,
    ///     exactly once even when many threads resolve at the same time; a `nil` result is
    ///     not cached, so the next resolve calls it again.
    public func register<Protocol>(
        type: Protocol.Type = Protocol.self, named name: String? = nil, lazySingleton factory: @escaping DIFactory<Protocol>
    ) {
        register(type: Protocol.self, named: name, value: .lazySingleton(factory))
    }

    /// Registers a lazy singleton: one instance of `type`, built on the first resolve.
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, lazySingleton: { _ in PrinterImplementation() })
    /// ```
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - factory: Builds the instance from the resolving container. Called on the first resolve,
    ///     exactly once even when many threads resolve at the same time; a `nil` result is
    ///     not cached, so the next resolve calls it again.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, lazySingleton factory: @escaping DIFactory<Protocol>) {
        register(type: Protocol.self, named: name, value: .lazySingleton(factory))
    }

    /// Registers a resettable cache: one instance of `type`, built on the first resolve and again
    /// after each `reset(_:named:)`.
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the factory when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - factory: Builds the instance from the resolving container. Called on the first resolve
    ///     and on the first resolve after each reset, exactly once under contention; a
    ///     `nil` result is not cached.
    public func register<Protocol>(
        type: Protocol.Type = Protocol.self, named name: String? = nil, cached factory: @escaping DIFactory<Protocol>
    ) {
        register(type: Protocol.self, named: name, value: .cached(factory))
    }

    /// Registers a resettable cache: one instance of `type`, built on the first resolve and again
    /// after each `reset(_:named:)`.
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, cached: { _ in PrinterImplementation() })
    /// ```
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - factory: Builds the instance from the resolving container. Called on the first resolve
    ///     and on the first resolve after each reset, exactly once under contention; a
    ///     `nil` result is not cached.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, cached factory: @escaping DIFactory<Protocol>) {
        register(type: Protocol.self, named: name, value: .cached(factory))
    }

    /// Registers a factory that builds a new instance of `type` on every resolve (transient).
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the factory when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - initializer: Builds the instance without the container. Called on every resolve.
    public func register<Protocol>(
        type: Protocol.Type = Protocol.self, named name: String? = nil, transient initializer: @escaping () -> Protocol
    ) {
        register(type: Protocol.self, named: name, transient: { _ in initializer() })
    }

    /// Registers a factory that builds a new instance of `type` on every resolve (transient).
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, transient: { PrinterImplementation() })
    /// ```
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - initializer: Builds the instance without the container. Called on every resolve.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, transient initializer: @escaping () -> Protocol) {
        register(type: Protocol.self, named: name, transient: { _ in initializer() })
    }

    /// Registers a lazy singleton: one instance of `type`, built on the first resolve.
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the factory when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - initializer: Builds the instance without the container. Called on the first resolve,
    ///     exactly once even when many threads resolve at the same time.
    public func register<Protocol>(
        type: Protocol.Type = Protocol.self, named name: String? = nil, lazySingleton initializer: @escaping () -> Protocol
    ) {
        register(type: Protocol.self, named: name, lazySingleton: { _ in initializer() })
    }

    /// Registers a lazy singleton: one instance of `type`, built on the first resolve.
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, lazySingleton: { PrinterImplementation() })
    /// ```
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - initializer: Builds the instance without the container. Called on the first resolve,
    ///     exactly once even when many threads resolve at the same time.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, lazySingleton initializer: @escaping () -> Protocol) {
        register(type: Protocol.self, named: name, lazySingleton: { _ in initializer() })
    }

    /// Registers a resettable cache: one instance of `type`, built on the first resolve and again
    /// after each `reset(_:named:)`.
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the factory when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - initializer: Builds the instance without the container. Called on the first resolve and
    ///     on the first resolve after each reset, exactly once under contention.
    public func register<Protocol>(
        type: Protocol.Type = Protocol.self, named name: String? = nil, cached initializer: @escaping () -> Protocol
    ) {
        register(type: Protocol.self, named: name, cached: { _ in initializer() })
    }

    /// Registers a resettable cache: one instance of `type`, built on the first resolve and again
    /// after each `reset(_:named:)`.
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, cached: { PrinterImplementation() })
    /// ```
    ///
    /// Replaces an earlier registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - initializer: Builds the instance without the container. Called on the first resolve and
    ///     on the first resolve after each reset, exactly once under contention.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, cached initializer: @escaping () -> Protocol) {
        register(type: Protocol.self, named: name, cached: { _ in initializer() })
    }

    /// Registers `dependency`, built by the caller, as the instance every resolve of `type` under
    /// `named` returns.
    ///
    /// The spelling of the original library's source; the README's spelling without the `type:`
    /// label is the overload beside it.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to; inferred from the value when omitted.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - dependency: The instance.
    public func register<Protocol>(type: Protocol.Type = Protocol.self, named name: String? = nil, eagerSingleton dependency: Protocol) {
        register(type: Protocol.self, named: name, value: .eagerSingleton(dependency))
    }

    /// Registers `dependency`, built by the caller, as the instance every resolve of `type` under
    /// `named` returns.
    ///
    /// The spelling of the original README, with an unlabelled type:
    ///
    /// ```swift
    /// container.register(PrinterProtocol.self, eagerSingleton: PrinterImplementation())
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - dependency: The instance.
    public func register<Protocol>(_ type: Protocol.Type, named name: String? = nil, eagerSingleton dependency: Protocol) {
        register(type: Protocol.self, named: name, value: .eagerSingleton(dependency))
    }
}
