// Public: the resolves below are inlinable, so that a call site on a concrete type is
// specialized and reaches the engine's lock-free read without generic metadata lookups.
public import Wiring

/// A dependency-injection container: registrations keyed by type and optional name, resolved
/// to optionals.
///
/// ```swift
/// let container = DIContainer()
/// container.register(PrinterProtocol.self, transient: { _ in PrinterImplementation() })
/// container[PrinterProtocol.self]?.print("Hello")
/// ```
///
/// It runs on the Wiring engine: registering and resolving from many threads at once is safe, a
/// `lazySingleton` or `cached` factory runs exactly once under contention, and a circular
/// dependency resolves to `nil` instead of overflowing the stack.
public class DIContainer: DIContainerProtocol, @unchecked Sendable {
    // @unchecked Sendable: the stored properties are `let`s of Sendable types, and the class is
    // not open, so the only subclass is DISingletonContainer, which adds no state.

    /// The engine holding the registrations and their cached instances.
    @usableFromInline let engine = Container()
    /// The facade's view of each registration; updated together with the engine under its lock,
    /// so that the two agree when the same key is registered or reset from several threads. (No
    /// factory runs under it; only the engine's release of a replaced instance does.)
    let records = Lock<[RegistrationKey: RegistrationRecord]>([:])

    /// Creates an empty container.
    public init() {}

    /// Registers `value` as the way to obtain `type` under `named`, replacing any earlier
    /// registration of the same type and name (and dropping what it cached).
    ///
    /// - Parameters:
    ///   - type: The type the registration answers to, usually a protocol. Types are told apart
    ///     by identity, so `Outer1.Service` and `Outer2.Service` are two keys.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - value: The lifecycle: an eager value, or a factory with its caching rule.
    public func register<Protocol>(type: Protocol.Type, named name: String? = nil, value: DILifecycle<Protocol>) {
        let key = RegistrationKey(Protocol.self, name: name)
        let typeName = typeDisplayName(Protocol.self, qualified: true)
        // DIContainer never asked for Sendable; its users vouch for their types as they did before.
        // The factories refer to this container `unowned`: it owns the engine that holds them,
        // and they run only inside a call on it (a resolve or a reset), which keeps it alive. A
        // weak reference would also do, but would move every retain and release of the container
        // to its slow side-table path, resolves included.
        records.withLock { table in
            switch value {
            case .eagerSingleton(let instance):
                engine.registerUncheckedSendable(Protocol.self, tag: name, instance: instance)
                table[key] = RegistrationRecord(lifetime: .eagerSingleton, typeName: typeName, fill: nil, republish: nil)
            case .transient(let factory):
                let factory = LegacyFactory(factory)
                engine.registerUncheckedSendable(Protocol.self, tag: name, lifetime: .transient) { [unowned self] _ in
                    try factory.make(self)
                }
                table[key] = RegistrationRecord(lifetime: .transient, typeName: typeName, fill: nil, republish: nil)
            case .lazySingleton(let lazy):
                let factory = lazy.factory
                engine.registerUncheckedSendable(Protocol.self, tag: name, lifetime: .singleton) { [unowned self] _ in
                    try factory.make(self)
                }
                table[key] = RegistrationRecord(lifetime: .lazySingleton, typeName: typeName, fill: nil, republish: nil)
            case .cached(let cached):
                let factory = cached.factory
                let republish: @Sendable (CacheFill) -> Void = { [unowned self] fill in
                    self.engine.registerUncheckedSendable(Protocol.self, tag: name, lifetime: .singleton) { [unowned self] _ in
                        let value = try factory.make(self)
                        fill.markFilled()
                        return value
                    }
                }
                let fill = CacheFill()
                republish(fill)
                table[key] = RegistrationRecord(lifetime: .cached, typeName: typeName, fill: fill, republish: republish)
            }
        }
    }

    /// Whether something is registered for `type` under `named`. Builds nothing.
    ///
    /// - Parameters:
    ///   - type: The type to look for; inferred from context when omitted.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: `true` when a registration exists, even if its factory would return `nil`.
    public func has<Protocol>(type: Protocol.Type = Protocol.self, named name: String? = nil) -> Bool {
        engine.isRegistered(Protocol.self, tag: name)
    }

    /// Resolves `type` under `named`, building it if its lifecycle says so.
    ///
    /// A `transient` factory runs on every call; a `lazySingleton` or `cached` one runs on the
    /// first call that gets a value, exactly once even under contention. A factory receives this
    /// container.
    ///
    /// - Parameters:
    ///   - type: The type to resolve; inferred from context when omitted.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: The instance, or `nil` when nothing is registered, the factory returned `nil`
    ///   (not cached: the next call tries again), or the dependencies form a cycle.
    @inlinable
    public final func resolve<Protocol>(_ type: Protocol.Type = Protocol.self, named name: String? = nil) -> Protocol? {
        if let name { return try? engine.resolve(Protocol.self, tag: name) }
        return try? engine.resolve(Protocol.self)
    }

    /// Resolves `type` under `named`, and stops the program if that gives no value; see
    /// ``DIContainerProtocol/forceResolve(_:named:)``, which calls this on a `DIContainer`.
    @inlinable
    public final func forceResolve<Protocol>(_ type: Protocol.Type = Protocol.self, named name: String? = nil) -> Protocol {
        do {
            if let name { return try engine.resolve(Protocol.self, tag: name) }
            return try engine.resolve(Protocol.self)
        } catch {
            stopForceResolving(Protocol.self, named: name, error: error)
        }
    }

    /// Resolves `type` under `named`; the same as ``resolve(_:named:)``.
    @inlinable
    public final subscript<Protocol>(_ type: Protocol.Type, named name: String? = nil) -> Protocol? {
        resolve(Protocol.self, named: name)
    }

    /// Whether ``reset(_:named:)`` would drop a cached instance of `type` under `named`.
    ///
    /// The original library returned the opposite (`true` before anything was cached); this is
    /// the intended meaning.
    ///
    /// - Parameters:
    ///   - type: The type of the registration.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    /// - Returns: `true` exactly when the registration was made with `cached` and holds a value
    ///   now: after a resolve that got one, and before the next reset or re-registration.
    ///   `false` for every other lifecycle and for missing registrations.
    public func isResettable<Protocol>(_ type: Protocol.Type, named name: String? = nil) -> Bool {
        let record = records.withLock { $0[RegistrationKey(Protocol.self, name: name)] }
        return record?.fill?.isFilled ?? false
    }

    /// Drops the instance a `cached` registration holds, so that the next resolve builds a new
    /// one. Does nothing for other lifecycles and for missing registrations.
    ///
    /// - Parameters:
    ///   - type: The type of the registration.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    public func reset<Protocol>(_ type: Protocol.Type, named name: String? = nil) {
        let key = RegistrationKey(Protocol.self, name: name)
        records.withLock { table in
            guard let record = table[key], let republish = record.republish else { return }
            let fill = CacheFill()
            republish(fill)
            table[key] = RegistrationRecord(lifetime: record.lifetime, typeName: record.typeName, fill: fill, republish: republish)
        }
    }
}
