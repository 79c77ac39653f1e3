// How messages name types, tags and paths: shared with the facades through `package` access, so
// that every module of Wiring prints them alike.

/// A readable name for a type: `UserService`, `any Database`, `Optional<Config>`; with
/// `qualified`, module-qualified (`App.UserService`), so that two nested types of one name differ.
package func typeDisplayName(_ type: Any.Type, qualified: Bool = false) -> String {
    // `_typeName` is what `String(describing:)` ends with for a metatype, without first asking
    // the runtime whether the metatype conforms to half a dozen printing protocols (a hundred
    // times slower, which validation of a large graph noticed).
    let name = _typeName(type, qualified: qualified)
    // `String(describing:)` drops `any` from existentials; their mangled names end in `_p`.
    if let mangled = _mangledTypeName(type), mangled.hasSuffix("_p"), !name.hasPrefix("any ") {
        return "any \(name)"
    }
    return name
}

/// `(String, Int)` for a tuple of argument types, `(Int)` for one, `()` for none.
func argumentsDisplayName(_ type: Any.Type) -> String {
    let name = _typeName(type, qualified: false)
    return name.hasPrefix("(") ? name : "(\(name))"
}

/// How to write `name`'s metatype in Swift: `Database.self`, `(any Database).self`.
package func metatypeExpression(_ name: String) -> String {
    name.hasPrefix("any ") ? "(\(name)).self" : "\(name).self"
}

/// A tag as Swift code writes it: `"primary"` for a string, `.replica` for a ``WiringTag`` or an
/// enum case, `.id(3)` for a case with a payload, `Int??.some(nil)` for an optional, `42` for a
/// number. A class instance has no such spelling, and is named as one: `a ClassTag instance`.
package func tagDisplayName(_ tag: AnyHashable) -> String {
    tagValueDisplayName(tag.base)
}

/// ``tagDisplayName(_:)`` of a tag's value, or of a value inside one (an optional's, a case's).
private func tagValueDisplayName(_ value: Any) -> String {
    if let string = value as? String { return String(reflecting: string) }
    if value is WiringTag { return String(describing: value) }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
        // `nil` alone would read as "no tag": the type says which `nil` it is.
        let type = typeDisplayName(Swift.type(of: value))
        guard let wrapped = mirror.children.first?.value else { return "\(type).none" }
        return "\(type).some(\(tagValueDisplayName(wrapped)))"
    case .enum:
        // `replica`, `id(3)`: the case as its enum prints it, with the dot that makes it code.
        return ".\(value)"
    case .class:
        if let described = value as? any CustomStringConvertible { return described.description }
        return "a \(typeDisplayName(Swift.type(of: value))) instance"
    default:
        return String(describing: value)
    }
}

/// A resolution path, `A → B → C`, shortened in the middle when a runaway recursion made it long.
package func pathDisplayName(_ steps: [String]) -> String {
    guard steps.count > 12 else { return steps.joined(separator: " → ") }
    return (steps.prefix(5) + ["… \(steps.count - 10) more …"] + steps.suffix(5)).joined(separator: " → ")
}

/// Whether a registered type named `candidate` may be what a user who asked for `requested`
/// meant: one name contains the other once `any ` is dropped (`SQLDatabase` for `any Database`).
package func isNearMiss(_ candidate: String, for requested: String) -> Bool {
    let bare = requested.hasPrefix("any ") ? String(requested.dropFirst(4)) : requested
    return candidate.localizedStandardContainsASCII(bare) || bare.localizedStandardContainsASCII(candidate)
}

extension String {
    /// Case-insensitive ASCII containment, without Foundation.
    fileprivate func localizedStandardContainsASCII(_ other: String) -> Bool {
        guard !other.isEmpty else { return false }
        return lowercased().contains(other.lowercased())
    }
}
