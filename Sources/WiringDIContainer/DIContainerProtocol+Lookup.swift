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
    public subscript<Protocol>(_ type: Protocol.Type, named name: String? = nil) -> Protocol? {
        resolve(Protocol.self, named: name)
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
    public func forceResolve<Protocol>(_ type: Protocol.Type = Protocol.self, named name: String? = nil) -> Protocol {
        if let container = self as? DIContainer {
            switch container.outcome(Protocol.self, named: name) {
            case .success(let value):
                return value
            case .failure(let failure):
                fatalError(container.forceResolveMessage(Protocol.self, named: name, failure: failure))
            }
        }
        guard let value = resolve(Protocol.self, named: name) else {
            let subject = typeDisplayName(Protocol.self, qualified: true) + (name.map { " named \"\($0)\"" } ?? "")
            fatalError(
                """
                WiringDIContainer: forceResolve got nil for \(subject).
                  container: \(String(reflecting: Swift.type(of: self)))
                To fix:
                  - register \(typeDisplayName(Protocol.self, qualified: true)) in this container before resolving it.
                  - or use resolve, the subscript or @Resolved, which give nil instead of stopping.
                """
            )
        }
        return value
    }
}
