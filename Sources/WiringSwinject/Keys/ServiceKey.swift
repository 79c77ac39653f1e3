/// Something beyond a type, a name and argument types that tells registrations apart, as
/// Swinject's extensions (SwinjectStoryboard's storyboard names) use it. Two keys match only when
/// both have no option, or their options say they are equal.
///
/// A container calls ``isEqualTo(_:)`` and ``hash(into:)`` while it holds its registrations'
/// lock: they must compare values only, and never call a container.
public protocol ServiceKeyOption: CustomStringConvertible, Sendable {
    /// Whether `another` is the same option.
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool
    /// Hashes what `isEqualTo(_:)` compares.
    func hash(into: inout Hasher)
}

/// What a registration is found by: the service type asked for, the type of its factory's
/// arguments (`Resolver`, or `(Resolver, String, Int)` for a factory taking two arguments), an
/// optional name and an optional ``ServiceKeyOption``. Internal in Swinject 2.10.0; public here,
/// because its own tests use it.
public struct ServiceKey: Sendable {
    /// The type a resolve asks for.
    public let serviceType: Any.Type
    /// The factory's argument type: the argument types are part of the key.
    public let argumentsType: Any.Type
    /// The registration's name, if any.
    public let name: String?
    /// The registration's option, if any.
    public var option: (any ServiceKeyOption)? { optionBox?.option }
    /// The option in a box of its own, so that copying a key (as every lookup does) retains a
    /// reference rather than copying an existential.
    private let optionBox: OptionBox?

    /// A key of `serviceType` with `argumentsType`, `name` and `option`.
    public init(
        serviceType: Any.Type,
        argumentsType: Any.Type,
        name: String? = nil,
        option: (any ServiceKeyOption)? = nil
    ) {
        self.serviceType = serviceType
        self.argumentsType = argumentsType
        self.name = name
        optionBox = option.map(OptionBox.init)
    }

    /// A key with no option, made without copying an optional existential: what a resolve makes.
    init(serviceType: Any.Type, argumentsType: Any.Type, name: String?) {
        self.serviceType = serviceType
        self.argumentsType = argumentsType
        self.name = name
        optionBox = nil
    }
}

/// A key's option, boxed.
private final class OptionBox: Sendable {
    let option: any ServiceKeyOption
    init(_ option: any ServiceKeyOption) { self.option = option }
}

extension ServiceKey: Hashable {
    /// Hashes the types by identity, then the name and the option.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(serviceType))
        hasher.combine(ObjectIdentifier(argumentsType))
        hasher.combine(name)
        optionBox?.option.hash(into: &hasher)
    }

    /// Whether two keys name the same registration: the same types, name and option.
    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        guard lhs.serviceType == rhs.serviceType, lhs.argumentsType == rhs.argumentsType, lhs.name == rhs.name else {
            return false
        }
        switch (lhs.optionBox, rhs.optionBox) {
        case (nil, nil): return true
        case (let left?, let right?): return left.option.isEqualTo(right.option)
        default: return false
        }
    }
}
