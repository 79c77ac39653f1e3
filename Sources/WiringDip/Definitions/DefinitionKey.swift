/// What a definition is registered under: the type it builds, the type of its runtime arguments
/// (`Void` for none, a tuple for several) and its tag.
///
/// Two keys are equal when their types and argument types are the same types (not merely types
/// with the same name) and their tags are equal.
public struct DefinitionKey: Hashable, Sendable, CustomStringConvertible {
    /// The type the definition builds, or is resolved as.
    public let type: Any.Type
    /// The type of the runtime arguments: `Void`, one argument's type, or a tuple of them.
    public let typeOfArguments: Any.Type
    /// The tag, or `nil` for an untagged definition.
    public private(set) var tag: DependencyContainer.Tag?

    @usableFromInline
    init(type: Any.Type, typeOfArguments: Any.Type, tag: DependencyContainer.Tag?) {
        self.type = type
        self.typeOfArguments = typeOfArguments
        self.tag = tag
    }

    /// The same key with another tag.
    func tagged(with tag: DependencyContainer.Tag?) -> DefinitionKey {
        var copy = self
        copy.tag = tag
        return copy
    }

    /// Whether both keys name the same types and tag.
    public static func == (lhs: DefinitionKey, rhs: DefinitionKey) -> Bool {
        lhs.type == rhs.type && lhs.typeOfArguments == rhs.typeOfArguments && lhs.tag == rhs.tag
    }

    /// Hashes the identities of the types and the tag.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(ObjectIdentifier(typeOfArguments))
        hasher.combine(tag)
    }

    /// `type: Service, arguments: (), tag: "dev"`.
    public var description: String {
        "type: \(type), arguments: \(argumentsDescription(typeOfArguments)), tag: \(tag.map(\.description) ?? "nil")"
    }
}

/// `()` for no arguments, `(Int)` for one, `(Int, String)` for several.
func argumentsDescription(_ type: Any.Type) -> String {
    let name = String(describing: type)
    return name.hasPrefix("(") ? name : "(\(name))"
}

/// A definition registered in a ``DependencyContainer``, whatever it builds: the element type of
/// ``DipError/ambiguousDefinitions(type:definitions:)``.
public protocol DefinitionType: AnyObject, Sendable {}

/// How long the instances a definition builds live, and who shares them.
public enum ComponentScope: Sendable {
    /// A new instance on every resolve.
    case unique
    /// One instance per object graph: reused until the outermost `resolve` returns. The default.
    case shared
    /// One instance per container, built on first resolve, exactly once under concurrency.
    case singleton
    /// A singleton built by ``DependencyContainer/bootstrap()``.
    case eagerSingleton
    /// One instance while something else holds it; rebuilt after it is released. For classes.
    case weakSingleton
}

extension ComponentScope {
    /// Dip 4's name for ``unique``.
    @available(*, deprecated, renamed: "unique", message: "Dip 5 renamed this scope: write .unique")
    public static var Prototype: ComponentScope { .unique }
    /// Dip 4's name for ``shared``.
    @available(*, deprecated, renamed: "shared", message: "Dip 5 renamed this scope: write .shared")
    public static var ObjectGraph: ComponentScope { .shared }
    /// The capitalised spelling of ``unique`` from older Dip releases.
    @available(*, deprecated, renamed: "unique", message: "Dip 6 lower-cased scope names: write .unique")
    public static var Unique: ComponentScope { .unique }
    /// The capitalised spelling of ``shared`` from older Dip releases.
    @available(*, deprecated, renamed: "shared", message: "Dip 6 lower-cased scope names: write .shared")
    public static var Shared: ComponentScope { .shared }
    /// The capitalised spelling of ``singleton`` from older Dip releases.
    @available(*, deprecated, renamed: "singleton", message: "Dip 6 lower-cased scope names: write .singleton")
    public static var Singleton: ComponentScope { .singleton }
    /// The capitalised spelling of ``eagerSingleton`` from older Dip releases.
    @available(*, deprecated, renamed: "eagerSingleton", message: "Dip 6 lower-cased scope names: write .eagerSingleton")
    public static var EagerSingleton: ComponentScope { .eagerSingleton }
    /// The capitalised spelling of ``weakSingleton`` from older Dip releases.
    @available(*, deprecated, renamed: "weakSingleton", message: "Dip 6 lower-cased scope names: write .weakSingleton")
    public static var WeakSingleton: ComponentScope { .weakSingleton }
}
