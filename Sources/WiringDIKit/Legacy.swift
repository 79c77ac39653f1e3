/// A value from DIKit's API that is not `Sendable` (a closure, a component), carried into the
/// Sendable engine.
///
/// `@unchecked Sendable`: DIKit's contract already had any thread call these closures (its
/// `resolve` took no lock); the box never mutates the value, only hands it back, and the
/// migration guide tells users the factories must be safe to call from any thread.
struct Legacy<Value>: @unchecked Sendable {
    let value: Value
}

/// A DIKit tag (or identifier), `AnyHashable`, used as a key by the Sendable engine.
///
/// `@unchecked Sendable`: the engine only hashes and compares it (tags are values such as
/// strings and enum cases); DIKit's `tag: AnyHashable` parameters cannot require `Sendable`
/// without breaking callers, as the migration guide explains.
struct LegacyHashable: Hashable, @unchecked Sendable, CustomStringConvertible {
    let base: AnyHashable

    init(_ base: AnyHashable) { self.base = base }

    var description: String { tagDisplayName(base) }
}

/// A tag as users wrote it: `"primary"` for strings, `.systemdata` for enum cases.
func tagDisplayName(_ tag: AnyHashable) -> String {
    if let string = tag.base as? String { return "\"\(string)\"" }
    let text = String(describing: tag.base)
    if let first = text.first, first.isLetter, first.isLowercase, !text.contains(where: { $0 == " " || $0 == "(" }) {
        return ".\(text)"
    }
    return text
}

/// A readable name for a type: `Backend`, `any BackendProtocol`.
func typeDisplayName(_ type: Any.Type) -> String {
    let name = _typeName(type, qualified: false)
    if let mangled = _mangledTypeName(type), mangled.hasSuffix("_p"), !name.hasPrefix("any ") {
        return "any \(name)"
    }
    return name
}

/// `any BackendProtocol` or `any LocalStorageProtocol tagged .systemdata`.
func keyDisplayName(_ type: Any.Type, tag: AnyHashable?) -> String {
    guard let tag else { return typeDisplayName(type) }
    return "\(typeDisplayName(type)) tagged \(tagDisplayName(tag))"
}
