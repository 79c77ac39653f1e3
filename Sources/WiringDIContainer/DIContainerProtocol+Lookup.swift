import Wiring

extension DIContainerProtocol {
    /// Resolves `type` under `named`; the same as `resolve(type, named: name)`.
    ///
    /// ```swift
    /// let printer = container[PrinterProtocol.self]
    /// printer?.print("Hello")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: The instance, or `nil` when it cannot be resolved.
    @inlinable @inline(__always)
    public subscript<Protocol>(_ type: Protocol.Type, named name: String? = nil) -> Protocol? {
        if let container = self as? DIContainer { return container.resolve(Protocol.self, named: name) }
        return resolve(Protocol.self, named: name)
    }

    /// Resolves `type` under `named`, and stops the program if that gives no value.
    ///
    /// Use it where a missing registration is a programming error, typically inside factories:
    /// `{ c in UserService(database: c.forceResolve()) }`.
    ///
    /// It stops with `fatalError` (in every build configuration) and a message in three parts:
    /// what was requested and why it failed (nothing registered, the factory returned `nil`, or a
    /// circular dependency), the type and name, and how to fix it.
    ///
    /// - Parameters:
    ///   - type: The type to resolve; inferred from context when omitted.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: The instance.
    // Always inlined: called on the `any DIContainerProtocol` a factory receives, the method is
    // generic over the opened existential, so only inlining lets the resolve below be
    // specialized for `Protocol` at the factory.
    @inlinable @inline(__always)
    public func forceResolve<Protocol>(_ type: Protocol.Type = Protocol.self, named name: String? = nil) -> Protocol {
        if let container = self as? DIContainer { return container.forceResolve(Protocol.self, named: name) }
        guard let value = resolve(Protocol.self, named: name) else {
            stopForceResolving(Protocol.self, named: name, in: self)
        }
        return value
    }
}

/// Stops a ``DIContainerProtocol/forceResolve(_:named:)`` on a container of your own that gave
/// no value.
@usableFromInline
func stopForceResolving<Protocol>(_ type: Protocol.Type, named name: String?, in container: any DIContainerProtocol) -> Never {
    let subject = typeDisplayName(Protocol.self, qualified: true) + (name.map { " named \"\($0)\"" } ?? "")
    fatalError(
        """
        WiringDIContainer: forceResolve got nil for \(subject).
          container: \(String(reflecting: Swift.type(of: container)))
        To fix:
          - register \(typeDisplayName(Protocol.self, qualified: true)) in this container before resolving it.
          - or use resolve, the subscript or @Resolved, which give nil instead of stopping.
        """
    )
}
