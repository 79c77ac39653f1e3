public import Wiring

/// Why a resolve gave no value; ``DIContainerProtocol/forceResolve(_:named:)`` turns it into a
/// message.
enum ResolutionFailure {
    case notRegistered
    case factoryReturnedNil
    case engine(WiringError)
}

extension DIContainer {
    /// Stops with the three-part message for a ``forceResolve(_:named:)`` whose resolve threw
    /// `error`: nothing registered, a factory that returned `nil`, or an engine failure deeper
    /// in the graph.
    @usableFromInline
    func stopForceResolving<T>(_ type: T.Type, named name: String?, error: WiringError) -> Never {
        let failure: ResolutionFailure
        if error.code == .notRegistered, error.path.count == 1 {
            failure = .notRegistered
        } else if error.code == .factoryFailed, error.underlyingError is FactoryReturnedNil, error.path.count == 1 {
            failure = .factoryReturnedNil
        } else {
            failure = .engine(error)
        }
        fatalError(forceResolveMessage(T.self, named: name, failure: failure))
    }

    /// The three-part message ``DIContainerProtocol/forceResolve(_:named:)`` stops with.
    func forceResolveMessage<T>(_ type: T.Type, named name: String?, failure: ResolutionFailure) -> String {
        let typeName = typeDisplayName(T.self, qualified: true)
        let subject = name.map { "\(typeName) named \"\($0)\"" } ?? typeName
        let record = records.withLock { $0[RegistrationKey(T.self, name: name)] }
        var lines: [String] = []
        var fixes: [String] = []
        switch failure {
        case .notRegistered:
            lines.append("WiringDIContainer: forceResolve found nothing registered for \(subject).")
            lines.append("  requested: \(typeName)")
            lines.append("  name: \(name.map { "\"\($0)\"" } ?? "nil (the unnamed registration)")")
            let otherNames = registeredNames(of: T.self).filter { $0 != name }
            if !otherNames.isEmpty {
                let listed = otherNames.map { $0.map { "\"\($0)\"" } ?? "nil" }.joined(separator: ", ")
                fixes.append("\(typeName) is registered under other names: \(listed); resolve one of those.")
            }
            let namePart = name.map { ", named: \"\($0)\"" } ?? ""
            fixes.append(
                "register it before resolving: container.register(\(metatypeExpression(typeName))\(namePart), lazySingleton: { c in … })")
        case .factoryReturnedNil:
            lines.append("WiringDIContainer: forceResolve got nil: the factory registered for \(subject) returned nil.")
            lines.append("  requested: \(typeName)")
            lines.append("  name: \(name.map { "\"\($0)\"" } ?? "nil (the unnamed registration)")")
            if let record { lines.append("  lifecycle: \(record.lifetime.rawValue)") }
            fixes.append("make the factory return a value; if it resolves dependencies with c[…] or resolve, register those too.")
            fixes.append("a nil result is not cached, so a later resolve calls the factory again.")
        case .engine(let error):
            lines.append("WiringDIContainer: forceResolve could not resolve \(subject).")
            lines.append("  requested: \(typeName)")
            lines.append("  name: \(name.map { "\"\($0)\"" } ?? "nil (the unnamed registration)")")
            lines.append("  cause:")
            lines.append(contentsOf: error.description.split(separator: "\n").map { "    \($0)" })
            if error.code == .cycle {
                fixes.append(
                    "the registrations depend on each other in a loop; break it, for example by resolving one side later (@Resolved) instead of in the factory."
                )
            } else {
                fixes.append("see the cause above.")
            }
        }
        fixes.append("or use resolve, the subscript or @Resolved, which give nil instead of stopping.")
        lines.append("To fix:")
        lines.append(contentsOf: fixes.map { "  - \($0)" })
        return lines.joined(separator: "\n")
    }

    /// The names `type` is registered under, for near misses.
    private func registeredNames<T>(of type: T.Type) -> [String?] {
        let id = ObjectIdentifier(T.self)
        return records.withLock { table in table.keys.filter { $0.type == id }.map(\.name) }
            .sorted { ($0 ?? "") < ($1 ?? "") }
    }
}
