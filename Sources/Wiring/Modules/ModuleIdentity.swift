/// The module value a declaration came from, to tell a module included twice (a diamond, or
/// installed again: one declaration, installed once) from two different values of one module
/// type (`CoreModule(config: prod)` and `CoreModule(config: staging)`: a clash).
struct ModuleIdentity: @unchecked Sendable {
    // @unchecked: `value` is only compared, never mutated or used to build anything, and a
    // container keeps it only to compare it with later installs.
    let value: any Installable

    /// Whether two module values are the same module: the same class instance, equal values of
    /// an `Equatable` module, or values whose bytes are identical (a module without stored
    /// properties, or one holding the same references and small values).
    func isSame(as other: ModuleIdentity) -> Bool {
        guard type(of: value) == type(of: other.value) else { return false }
        return Self.same(value, other.value)
    }

    private static func same<M: Installable>(_ value: M, _ other: any Installable) -> Bool {
        guard let other = other as? M else { return false }
        if M.self is AnyClass { return (value as AnyObject) === (other as AnyObject) }
        if let equatable = value as? any Equatable { return equal(equatable, other) }
        return withUnsafeBytes(of: value) { lhs in withUnsafeBytes(of: other) { rhs in lhs.elementsEqual(rhs) } }
    }

    private static func equal<E: Equatable>(_ value: E, _ other: Any) -> Bool {
        (other as? E).map { $0 == value } ?? false
    }

    /// The module's type, for messages.
    var typeName: String { typeDisplayName(type(of: value)) }
}
