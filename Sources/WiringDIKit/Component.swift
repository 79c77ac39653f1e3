import Wiring

/// Builds the instance of a component, type-erased.
///
/// DIKit's closures are not `@Sendable`; the facade keeps them that way for source
/// compatibility (see <doc:MigratingFromDIKit>).
public typealias ComponentFactory = () -> Any

/// Something a ``DependencyContainer`` can register: a factory, the type it answers to, a
/// lifetime and an identifier.
///
/// Make components with ``single(factory:)``, ``factory(factory:)`` or
/// ``resolvable(lifetime:_:)`` rather than conforming your own types: as in DIKit, only those
/// carry an identifier that `resolve` can find. A component of your own is still registered
/// (and counts for duplicate detection), but it cannot be resolved.
public protocol ComponentProtocol {
    /// How long the instances the component builds live.
    var lifetime: Lifetime { get }
    /// What makes the component unique in a container: its type and tag.
    var identifier: AnyHashable { get }
    /// Builds an instance.
    var componentFactory: ComponentFactory { get }
    /// The type the component is resolved as.
    var type: Any.Type { get }
}

/// How long the instances of a component live.
public enum Lifetime: Sendable {
    /// Built on first resolve, then the same instance for every resolve from that container.
    /// Built exactly once, even when several threads resolve it at the same time.
    case singleton
    /// A new instance for every resolve; the container keeps none.
    case factory
}

/// The identifier of the components this module makes: type plus optional tag.
struct ComponentIdentifier: Hashable {
    let type: Any.Type
    let tag: AnyHashable?

    static func == (lhs: ComponentIdentifier, rhs: ComponentIdentifier) -> Bool {
        lhs.type == rhs.type && lhs.tag == rhs.tag
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(tag)
    }
}

/// The component the DSL and ``DependencyContainer/register(lifetime:_:)`` make.
struct Component<T>: ComponentProtocol {
    let lifetime: Lifetime
    let tag: AnyHashable?
    let make: () -> T

    var identifier: AnyHashable { AnyHashable(ComponentIdentifier(type: T.self, tag: tag)) }
    var componentFactory: ComponentFactory { { make() } }
    var type: Any.Type { T.self }
}

/// A component that registers itself in the engine under its own type, so that a build calls
/// its factory directly instead of casting an `Any` result.
protocol EngineInstallable {
    func install(in engine: Container, tag: LegacyHashable?, lifetime: Wiring.Lifetime)
}

extension Component: EngineInstallable {
    func install(in engine: Container, tag: LegacyHashable?, lifetime: Wiring.Lifetime) {
        // DIKit never asked for Sendable; its users vouch for their types as they did before.
        let make = UncheckedBox(self.make)
        engine.registerUncheckedSendable(T.self, tag: tag, lifetime: lifetime) { _ in make.value() }
    }
}
