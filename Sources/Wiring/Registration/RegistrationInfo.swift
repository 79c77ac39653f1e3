/// One registration as ``Container/registrations`` lists it: what it answers to, how long its
/// instance lives, where it was made and, for a cached instance, when that instance was built.
///
/// ```swift
/// for registration in container.registrations where registration.lifetime == .singleton {
///     print(registration, registration.site, registration.creationOrder.map { "built #\($0)" } ?? "not built")
/// }
/// ```
///
/// It is a snapshot: a later resolve, reset or registration does not change it.
public struct RegistrationInfo: Sendable, CustomStringConvertible {
    /// The registered type.
    public let type: Any.Type
    /// The tag, if any, as it was given; pass it to `resolve(_:tag:)` as it is.
    public let tag: (any Hashable & Sendable)?
    /// The types of the runtime arguments, such as `(String, Int)`; `nil` when it takes none.
    public let arguments: Any.Type?
    /// The lifetime; for a forwarded type (``Registration/forwarding(to:file:line:_:)``), the
    /// lifetime of the registration it forwards to, whose instance it shares.
    public let lifetime: Lifetime
    /// Whether it forwards to another registration.
    public let isForwarded: Bool
    /// Where it was registered.
    public let site: SourceLocation
    /// When the instance the container caches for it now was built, as a number that grows
    /// with every instance any container caches in this process; `nil` when nothing is cached
    /// (not built yet, reset, released, or a lifetime the container does not cache).
    ///
    /// An instance is cached when its factory returns, after everything that factory resolved,
    /// so a dependency's number is always lower than its dependents'. Sorting by it gives an
    /// order in which every instance follows the instances it depends on: the order to start
    /// services in, and the reverse of the order to stop them.
    public let creationOrder: UInt64?

    /// `UserService`, `any Database tagged .replica`, as errors name the registration.
    public var description: String { key.description }

    let key: ServiceKey
}

extension Container {
    /// This container's own registrations (not those it inherits from a parent), in the order
    /// they were made; see ``RegistrationInfo``. Contributions to a collection are listed as the
    /// collection.
    public var registrations: [RegistrationInfo] {
        registry.allEntries().filter { !($0.key.tag?.base.base is ContributionTag) }.map { entry in
            let source = entry.forwardsTo.flatMap { registry.entry(for: $0) } ?? entry
            return RegistrationInfo(
                type: entry.key.type,
                tag: entry.key.tag?.value,
                arguments: entry.key.hasArguments ? entry.key.arguments : nil,
                lifetime: source.lifetime,
                isForwarded: entry.forwardsTo != nil,
                site: entry.site,
                creationOrder: source.creationOrder,
                key: entry.key
            )
        }
    }
}
