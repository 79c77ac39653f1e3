internal import Wiring

/// A type a container resolves around a registration of another: `Lazy`, `Provider`, `Optional`.
protocol InstanceWrapper {
    /// The type whose registration the wrapper resolves.
    static var wrappedType: Any.Type { get }
    /// A wrapper over `factory`, which resolves the registration in a graph (`nil`: a new one);
    /// `factory` is `nil` when there is no registration.
    init?(inContainer container: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?)
}

/// A registration resolved on first use of ``instance``, in the object graph the `Lazy` was
/// resolved in, then kept. Resolve `Lazy<Service>.self` (with the name and arguments of the
/// registration of `Service`); nothing needs registering for it.
public final class Lazy<Service>: InstanceWrapper, @unchecked Sendable {
    // @unchecked: `cached` is read and written only inside `withLock`; the rest is `let`. The
    // factory is the container's, which may run on any thread.
    static var wrappedType: Any.Type { Service.self }

    private let factory: (GraphIdentifier?) -> Any?
    private let graphIdentifier: GraphIdentifier?
    private let cached = Lock<Service?>(nil)

    init?(inContainer container: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?) {
        guard let factory else { return nil }
        self.factory = factory
        graphIdentifier = container.currentObjectGraph
    }

    /// The instance: resolved the first time, the same one after. Stops the program if the
    /// container is gone or the registration no longer makes a `Service`.
    public var instance: Service {
        if let instance = cached.withLock({ $0 }) { return instance }
        guard let made = resolveRecordingAwait({ factory(graphIdentifier) }) as? Service else {
            if ResolutionThread.current.neededAwait { needsAwaitStop(wrapper: "Lazy", Service.self) }
            fatalError(
                """
                WiringSwinject: Lazy<\(Service.self)> could not resolve \(Service.self): its container was released, \
                or its registration was removed or replaced by one of another type.
                Fix: keep the container alive while its Lazy values are used, and read instance before changing the registration.
                """
            )
        }
        // Another thread may have resolved it meanwhile: keep the first, as every reader must see one.
        return cached.withLock { cached in
            if let first = cached { return first }
            cached = made
            return made
        }
    }
}

/// A registration resolved again, in a new object graph, on every read of ``instance``. Resolve
/// `Provider<Service>.self`; nothing needs registering for it.
public final class Provider<Service>: InstanceWrapper, @unchecked Sendable {
    // @unchecked: the only property is a `let` closure of the container's, which may run on any thread.
    static var wrappedType: Any.Type { Service.self }

    private let factory: (GraphIdentifier?) -> Any?

    init?(inContainer _: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?) {
        guard let factory else { return nil }
        self.factory = factory
    }

    /// A new resolve of the registration. Stops the program if the container is gone or the
    /// registration no longer makes a `Service`.
    public var instance: Service {
        guard let made = resolveRecordingAwait({ factory(nil) }) as? Service else {
            if ResolutionThread.current.neededAwait { needsAwaitStop(wrapper: "Provider", Service.self) }
            fatalError(
                """
                WiringSwinject: Provider<\(Service.self)> could not resolve \(Service.self): its container was released, \
                or its registration was removed or replaced by one of another type.
                Fix: keep the container alive while its providers are used.
                """
            )
        }
        return made
    }
}

extension Optional: InstanceWrapper {
    static var wrappedType: Any.Type { Wrapped.self }

    init?(inContainer _: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?) {
        self = factory?(nil) as? Wrapped
    }
}

/// Runs a wrapper's resolve with the thread's "needed await" mark cleared first, so that the
/// mark afterwards says whether this resolve met an async registration with nothing built.
private func resolveRecordingAwait(_ resolve: () -> Any?) -> Any? {
    ResolutionThread.current.neededAwait = false
    return resolve()
}

/// Stops the program for a `Lazy` or `Provider` read whose resolve met an async registration
/// that has built nothing yet: a synchronous read cannot await its factory.
private func needsAwaitStop(wrapper: String, _ service: Any.Type) -> Never {
    fatalError(
        """
        WiringSwinject: \(wrapper)<\(service)> could not resolve \(service): it, or a registration its factory resolves, \
        has an async factory (registerAsync) that has not built an instance yet, and reading instance cannot await it.
          read: \(wrapper)<\(service)>.instance, synchronously
        Fix: resolve it first with `await container.resolveAsync(\(service).self)` (a .container or .weak instance is then \
        found by every read), or resolve it with resolveAsync where it is used instead of through a \(wrapper).
        """
    )
}
