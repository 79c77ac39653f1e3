/// The errors a ``DependencyContainer`` throws when it cannot resolve.
///
/// Errors thrown by your factories and property blocks reach the caller unchanged. A cycle made
/// only of initializers, which overflowed the stack in Dip, throws Wiring's `WiringError` with
/// the code `cycle` instead (its description shows the loop).
public enum DipError: Error, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: `resolved` is an instance a factory built, which the legacy contract already lets
    // the container hand to any thread (see `UncheckedBox`); every other payload is Sendable.
    /// Nothing is registered for the key, none of its forwarding definitions applies, auto-wiring
    /// found no candidate, and no collaborator could resolve it.
    case definitionNotFound(key: DefinitionKey)
    /// A required auto-injected property (`Injected`, `InjectedWeak` or your own
    /// ``AutoInjectedPropertyBox``) could not be resolved.
    case autoInjectionFailed(label: String?, type: Any.Type, underlyingError: any Error)
    /// Auto-wiring chose a definition but could not resolve its arguments, or could not choose.
    case autoWiringFailed(type: Any.Type, underlyingError: any Error)
    /// Several definitions with the most runtime arguments, of different argument types, could
    /// auto-wire the type.
    case ambiguousDefinitions(type: Any.Type, definitions: [any DefinitionType])
    /// A factory (or a forwarded definition) built a value that is not of the requested type.
    case invalidType(resolved: Any?, key: DefinitionKey)

    /// The key of the failed resolve, when the error names one.
    public var key: DefinitionKey? {
        switch self {
        case .definitionNotFound(let key), .invalidType(_, let key): key
        case .autoInjectionFailed, .autoWiringFailed, .ambiguousDefinitions: nil
        }
    }

    /// A message in three parts: what failed, the context, and how to fix it.
    public var description: String {
        switch self {
        case .definitionNotFound(let key):
            """
            WiringDip: no definition of \(key.type) can be resolved.
              requested: \(key)
              searched: the exact key, the untagged definition, forwarding definitions, auto-wiring and collaborators
            To fix: register it, for example container.register { MyImplementation() as \(key.type) }\
            \(key.tag.map { ", or untagged so that the tag \($0) falls back to it" } ?? ""); \
            check that the runtime arguments match the factory's types and order exactly (Int and Int? differ).
            """
        case .autoInjectionFailed(let label, let type, let underlyingError):
            """
            WiringDip: the auto-injected property \(label ?? "(unlabelled)") of type \(type) could not be resolved.
              because: \(indented(underlyingError))
            To fix: register \(type), or make the property optional with Injected(required: false).
            """
        case .autoWiringFailed(let type, let underlyingError):
            """
            WiringDip: \(type) could not be auto-wired.
              because: \(indented(underlyingError))
            To fix: register the factory's argument types, or resolve with explicit arguments: \
            container.resolve(arguments: …).
            """
        case .ambiguousDefinitions(let type, let definitions):
            """
            WiringDip: \(type) has several definitions with the same number of runtime arguments, so auto-wiring cannot choose.
              candidates: \(definitions.map { String(describing: $0) }.joined(separator: "; "))
            To fix: resolve with explicit arguments, tag one of the definitions, or remove all but one.
            """
        case .invalidType(let resolved, let key):
            """
            WiringDip: the value built for \(key.type) is not a \(key.type).
              built: \(resolved.map { "\(Swift.type(of: $0))" } ?? "nil")
              requested: \(key)
            To fix: make the factory return \(key.type) (for example `MyImplementation() as \(key.type)`), \
            and forward only to types the instance conforms to.
            """
        }
    }
}

/// `error`'s description, with continuation lines indented to stay inside the context block.
private func indented(_ error: any Error) -> String {
    String(describing: error).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
}
