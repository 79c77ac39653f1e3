import Wiring

/// Identifies a registration: the type's identity and the name. Unlike the original's
/// `"\(name)|\(type)"` string, two types with the same short name never collide.
struct RegistrationKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    init<T>(_ type: T.Type, name: String?) {
        self.type = ObjectIdentifier(type)
        self.name = name
    }
}

/// The lifecycle a registration was made with, for ``DIContainer/isResettable(_:named:)``,
/// ``DIContainer/reset(_:named:)`` and messages.
enum LegacyLifetime: String, Sendable {
    case eagerSingleton, lazySingleton, transient, cached
}

/// Whether one generation of a `cached` registration holds a value. A reset starts a new
/// generation, so a build still running in the old one cannot mark the new one as filled.
final class CacheFill: Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = AtomicWordStorage(false)
    private var filled: AtomicView<Bool> { AtomicView(inline: self, word: 0) }

    var isFilled: Bool { filled.load(ordering: .acquiring) }

    func markFilled() { filled.store(true, ordering: .releasing) }
}

/// What the facade remembers about a registration, next to the engine's own entry.
struct RegistrationRecord: Sendable {
    let lifetime: LegacyLifetime
    /// The type as written, for messages.
    let typeName: String
    /// For `cached`: the current generation.
    let fill: CacheFill?
    /// For `cached`: republishes the engine entry with a new generation, dropping the cache.
    let republish: (@Sendable (CacheFill) -> Void)?
}
