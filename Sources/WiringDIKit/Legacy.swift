import Wiring

/// A DIKit tag (or identifier), `AnyHashable`, used as a key by the Sendable engine.
///
/// `@unchecked Sendable`: the engine only hashes and compares it (tags are values such as
/// strings and enum cases); DIKit's `tag: AnyHashable` parameters cannot require `Sendable`
/// without breaking callers, as the migration guide explains.
@usableFromInline
struct LegacyHashable: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline let base: AnyHashable

    @usableFromInline init(_ base: AnyHashable) { self.base = base }

    @usableFromInline var description: String { tagDisplayName(base) }
}

/// `any BackendProtocol` or `any LocalStorageProtocol tagged .systemdata`.
func keyDisplayName(_ type: Any.Type, tag: AnyHashable?) -> String {
    guard let tag else { return typeDisplayName(type) }
    return "\(typeDisplayName(type)) tagged \(tagDisplayName(tag))"
}
