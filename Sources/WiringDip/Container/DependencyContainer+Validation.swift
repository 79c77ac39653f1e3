import Wiring

extension DependencyContainer {
    /// Resolves every definition once, to find missing registrations at start-up.
    ///
    /// A definition whose argument type matches one of `arguments` (a tuple for several
    /// arguments: `validate(("url", 30))`) is resolved with it; the others are resolved without
    /// arguments, which for definitions with runtime arguments means auto-wiring.
    ///
    /// ```swift
    /// try container.validate("https://example.com", (1, "a"))
    /// ```
    ///
    /// - Parameter arguments: Runtime arguments for the definitions that take some.
    /// - Throws: The first ``DipError``, or `WiringError` (a cycle through initializers, a
    ///   `.weakSingleton` of a value type, a graph too deep). Other errors (thrown by your
    ///   factories) are logged and ignored, as Dip did.
    public func validate(_ arguments: Any...) throws {
        let keys = state.withLock { state in
            state.definitions.sorted { $0.value.sequence < $1.value.sequence }.map(\.key)
        }
        for key in keys {
            do {
                if let argument = arguments.first(where: { type(of: $0) == key.typeOfArguments }) {
                    _ = try resolve(key: key, arguments: argument)
                } else {
                    _ = try resolve(key: DefinitionKey(type: key.type, typeOfArguments: Void.self, tag: key.tag), invocation: .none)
                }
            } catch let error as DipError {
                throw error
            } catch let error as WiringError {
                // A cycle through initializers, a lifetime that does not fit, a graph too deep.
                throw error
            } catch {
                log(.Errors, "WiringDip: validation ignored an error thrown while resolving \(key): \(error)")
            }
        }
    }

    /// Resolves `key` with `arguments`, whose dynamic type is the argument type.
    private func resolve(key: DefinitionKey, arguments: Any) throws -> Any {
        func resolve<A>(_ arguments: A) throws -> Any {
            try withUnsafePointer(to: arguments) { try self.resolve(key: key, invocation: .arguments(A.self, UnsafeRawPointer($0))) }
        }
        return try _openExistential(arguments, do: resolve)
    }
}
