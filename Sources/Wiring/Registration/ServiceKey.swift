/// A registration's tag, type-erased.
///
/// `@unchecked Sendable`: it can only be made from an `any Hashable & Sendable` value, so the
/// `AnyHashable` it wraps holds a `Sendable` value.
@usableFromInline
struct ServiceTag: Hashable, @unchecked Sendable, CustomStringConvertible {
    let base: AnyHashable
    /// The tag as it was given, for handing back to callers (``RegistrationInfo/tag``).
    let value: any Hashable & Sendable

    @usableFromInline
    init?(_ value: (any Hashable & Sendable)?) {
        guard let value else { return nil }
        base = AnyHashable(value)
        self.value = value
    }

    @usableFromInline
    static func == (lhs: ServiceTag, rhs: ServiceTag) -> Bool { lhs.base == rhs.base }

    @usableFromInline
    func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }

    /// A Swift expression for the tag that compiles at a `tag:` argument, for fix-its:
    /// `.replica` for a ``WiringTag``, `"primary"` for a string, `DatabaseRole.replica` for an enum case
    /// (a bare `.replica` would not compile where the parameter is `any Hashable`).
    var expression: String {
        if base.base is WiringTag { return description }
        let text = description
        guard text.hasPrefix(".") else { return text }
        return typeDisplayName(type(of: base.base)) + text
    }

    /// The tag as users wrote it: `"primary"` for strings, `.replica` for enum cases.
    @usableFromInline
    var description: String { tagDisplayName(base) }
}

/// What a registration answers to: a type, an optional tag and the types of its runtime
/// arguments (`Void` when it takes none).
@usableFromInline
struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
    let type: Any.Type
    let tag: ServiceTag?
    let arguments: Any.Type

    @usableFromInline
    init(type: Any.Type, tag: ServiceTag?, arguments: Any.Type) {
        self.type = type
        self.tag = tag
        self.arguments = arguments
    }

    @usableFromInline
    static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.type == rhs.type && lhs.tag == rhs.tag && lhs.arguments == rhs.arguments
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(tag)
        hasher.combine(ObjectIdentifier(arguments))
    }

    var hasArguments: Bool { arguments != Void.self }

    /// Whether this is a type's plain key (no tag, no runtime arguments): the one untagged
    /// resolves look up, kept in the registry's lock-free table.
    var isPlain: Bool { tag == nil && !hasArguments }

    /// `UserService`, `Database tagged .replica`, `Client with arguments (String, Int)`.
    @usableFromInline
    var description: String {
        var text = typeDisplayName(type)
        if let tag { text += " tagged \(tag)" }
        if hasArguments { text += " with arguments \(argumentsDisplayName(arguments))" }
        return text
    }
}
