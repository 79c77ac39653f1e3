/// A factory: builds an instance from the container that is resolving it, or returns `nil`
/// when it cannot.
///
/// The container passed in is the one being resolved from, so a factory resolves its own
/// dependencies through it:
///
/// ```swift
/// container.register(type: UserService.self, lazySingleton: { c in
///     UserService(database: c.forceResolve())
/// })
/// ```
///
/// A `nil` result is never cached: a `lazySingleton` or `cached` registration whose factory
/// returned `nil` calls it again on the next resolve.
public typealias DIFactory<T> = (any DIContainerProtocol) -> T?

/// The interface of a container: register, check, resolve and reset services by type and
/// optional name.
///
/// ``DIContainer`` is the implementation; the registration conveniences (`register(type:named:transient:)`
/// and its siblings, the subscript, `forceResolve(_:named:)`) are extension members, so they work
/// on any conforming type, including the `any DIContainerProtocol` a ``DIFactory`` receives.
///
/// The requirements have no default arguments. Inside a factory, where the container is an
/// `any DIContainerProtocol`, write `c.resolve(P.self, named: nil)`, `c[P.self]` or
/// `c.forceResolve()`; on a ``DIContainer`` the defaults of the class apply.
public protocol DIContainerProtocol {
    /// Registers `value` as the way to obtain `type` under `named`, replacing any earlier
    /// registration of the same type and name.
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol.
    ///   - named: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - value: The lifecycle: an eager value, or a factory with its caching rule.
    func register<Protocol>(type: Protocol.Type, named: String?, value: DILifecycle<Protocol>)

    /// Whether something is registered for `type` under `named`. Builds nothing.
    ///
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - named: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: `true` when a registration exists, even if its factory would return `nil`.
    func has<Protocol>(type: Protocol.Type, named: String?) -> Bool

    /// Resolves `type` under `named`, building it if its lifecycle says so.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - named: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: The instance, or `nil` when nothing is registered, the factory returned `nil`,
    ///   or the resolution failed (for example a circular dependency).
    func resolve<Protocol>(_ type: Protocol.Type, named: String?) -> Protocol?

    /// Whether ``reset(_:named:)`` would drop a cached instance of `type` under `named`.
    ///
    /// - Parameters:
    ///   - type: The type of the registration.
    ///   - named: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: `true` exactly when the registration is `cached` and currently holds a value.
    func isResettable<Protocol>(_ type: Protocol.Type, named: String?) -> Bool

    /// Drops the instance a `cached` registration holds, so that the next resolve builds a new
    /// one. Does nothing for other lifecycles and for missing registrations.
    ///
    /// - Parameters:
    ///   - type: The type of the registration.
    ///   - named: The name of the registration, or `nil` for the unnamed one.
    func reset<Protocol>(_ type: Protocol.Type, named: String?)
}
