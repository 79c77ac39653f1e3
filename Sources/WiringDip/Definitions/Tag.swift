extension DependencyContainer {
    /// A definition's tag: a string or an integer.
    ///
    /// Write it as a literal (`tag: "dev"`, `tag: 1`), as a case (`.String("dev")`), or pass
    /// anything ``DependencyTagConvertible``, such as an enum with `String` or `Int` raw values.
    public enum Tag: Hashable, Sendable, CustomStringConvertible {
        /// A tag named by a string.
        case String(StringLiteralType)
        /// A tag named by an integer.
        case Int(IntegerLiteralType)

        /// The tag as written: `"dev"` or `1`.
        public var description: Swift.String {
            switch self {
            case .String(let name): "\"\(name)\""
            case .Int(let number): "\(number)"
            }
        }
    }
}

extension DependencyContainer.Tag: ExpressibleByStringLiteral {
    /// Creates a string tag from a literal: `tag: "dev"`.
    public init(stringLiteral value: StringLiteralType) {
        self = .String(value)
    }

    /// Creates a string tag from a one-scalar literal.
    public init(unicodeScalarLiteral value: StringLiteralType) {
        self = .String(value)
    }

    /// Creates a string tag from a one-character literal.
    public init(extendedGraphemeClusterLiteral value: StringLiteralType) {
        self = .String(value)
    }
}

extension DependencyContainer.Tag: ExpressibleByIntegerLiteral {
    /// Creates an integer tag from a literal: `tag: 1`.
    public init(integerLiteral value: IntegerLiteralType) {
        self = .Int(value)
    }
}

/// A value that can name a definition: `String`, `Int`, ``DependencyContainer/Tag``, and, once
/// you declare the conformance, your enums with `String` or `Int` raw values.
///
/// ```swift
/// enum Environment: String, DependencyTagConvertible { case dev, prod }
/// container.register(tag: Environment.dev) { DevConfig() as Config }
/// ```
public protocol DependencyTagConvertible {
    /// The tag this value stands for.
    var dependencyTag: DependencyContainer.Tag { get }
}

extension DependencyContainer.Tag: DependencyTagConvertible {
    /// The tag itself.
    public var dependencyTag: DependencyContainer.Tag { self }
}

extension String: DependencyTagConvertible {
    /// The string tag ``DependencyContainer/Tag/String(_:)`` with this string.
    public var dependencyTag: DependencyContainer.Tag { .String(self) }
}

extension Int: DependencyTagConvertible {
    /// The integer tag ``DependencyContainer/Tag/Int(_:)`` with this integer.
    public var dependencyTag: DependencyContainer.Tag { .Int(self) }
}

extension DependencyTagConvertible where Self: RawRepresentable, Self.RawValue == String {
    /// The string tag of the raw value, for enums that declare the conformance.
    public var dependencyTag: DependencyContainer.Tag { .String(rawValue) }
}

extension DependencyTagConvertible where Self: RawRepresentable, Self.RawValue == Int {
    /// The integer tag of the raw value, for enums that declare the conformance.
    public var dependencyTag: DependencyContainer.Tag { .Int(rawValue) }
}
