public import Dispatch
import Wiring

/// Dependencies that belong to one object: the primary source for that object's ``Injected``
/// and ``SafelyInjected`` properties, which fall back to ``Injector/shared``.
///
/// ```swift
/// InjectionEnvironment.forObject(screen)
///     .inject(for: Dependency.self, MockDependency())
/// ```
///
/// An environment lives as long as its object. Impose attached it with Objective-C associated
/// objects; this facade keeps a table keyed by the object's identity with a weak reference to
/// it, which works on Linux too.
public final class InjectionEnvironment: InjectResolver, @unchecked Sendable {
    // @unchecked: no state beyond InjectResolver's.

    /// Creates an empty environment, attached to nothing.
    public override init() {}

    /// The environment of `object`, created (and attached) if it has none. A new environment
    /// starts with the values assigned by hand to the object's ``Injected`` and
    /// ``SafelyInjected`` properties, as singletons.
    public static func forObject(_ object: AnyObject) -> InjectionEnvironment {
        if let existing = EnvironmentTable.shared.environment(of: object) { return existing }
        let environment = InjectionEnvironment()
        environment.addManualValues(of: object)
        environment.attach(to: object)
        return environment
    }

    /// A new environment for `object` made from `source`'s: it has the same providers — so the
    /// singletons they build are shared between the two — plus the values assigned by hand to
    /// `source`'s properties.
    public static func fromObject(_ source: AnyObject, for object: AnyObject) -> InjectionEnvironment {
        guard let sourceEnvironment = EnvironmentTable.shared.environment(of: source) else {
            let environment = forObject(object)
            environment.addManualValues(of: source)
            return environment
        }
        let environment = InjectionEnvironment()
        environment.adopt(sourceEnvironment.providers)
        environment.addManualValues(of: source)
        environment.attach(to: object)
        return environment
    }

    /// Registers a provider of `anyType` for this environment: a singleton per environment.
    @discardableResult
    public func inject<T>(for anyType: Any.Type, resolveOn queue: DispatchQueue? = nil, resolver: @escaping () -> T) -> Self {
        add(Provider(container: container, kind: .singleton, queue: queue, factory: resolver), for: [anyType])
        return self
    }

    /// Registers one provider for all of `anyTypes`: a singleton per environment.
    @discardableResult
    public func inject<T>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = nil,
        resolver: @escaping () -> T
    ) -> Self {
        add(Provider(container: container, kind: .singleton, queue: queue, factory: resolver), for: anyTypes)
        return self
    }

    /// Registers a provider of `anyType` from an autoclosure: a singleton per environment.
    @discardableResult
    public func inject<T>(
        for anyType: Any.Type,
        resolveOn queue: DispatchQueue? = nil,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        inject(for: anyType, resolveOn: queue, resolver: resolver)
    }

    /// Registers one provider for all of `anyTypes`, from an autoclosure.
    @discardableResult
    public func inject<T>(
        for anyTypes: [Any.Type],
        resolveOn queue: DispatchQueue? = nil,
        _ resolver: @autoclosure @escaping () -> T
    ) -> Self {
        inject(for: anyTypes, resolveOn: queue, resolver: resolver)
    }

    /// Makes this the environment of `object` and of every wrapper in it.
    private func attach(to object: AnyObject) {
        EnvironmentTable.shared.set(self, for: object)
        setInjectContext(self, in: object)
    }

    /// Adds a singleton provider for each value assigned by hand to a wrapper of `object`.
    private func addManualValues(of object: AnyObject) {
        for wrapper in injectWrappers(of: object) { wrapper.provideManualValue(to: self) }
    }
}

/// The environments attached to objects, by object identity, holding each object weakly.
final class EnvironmentTable: Sendable {
    static let shared = EnvironmentTable()

    private struct Attachment: @unchecked Sendable {
        // @unchecked: `object` is only compared by identity; the environment is Sendable.
        weak var object: AnyObject?
        let environment: InjectionEnvironment
    }

    private let attachments = Lock<[ObjectIdentifier: Attachment]>([:])

    func environment(of object: AnyObject) -> InjectionEnvironment? {
        attachments.withLock { table in
            guard let attachment = table[ObjectIdentifier(object)], attachment.object === object else { return nil }
            return attachment.environment
        }
    }

    func set(_ environment: InjectionEnvironment, for object: AnyObject) {
        attachments.withLock { table in
            // Forget the environments of objects that are gone, so the table does not grow.
            table = table.filter { $0.value.object != nil }
            table[ObjectIdentifier(object)] = Attachment(object: object, environment: environment)
        }
    }
}

/// A property wrapper that can take an inject context and give back a value assigned by hand.
protocol ContextInjectable: AnyObject {
    func setContext(_ context: any InjectContext)
    func provideManualValue(to environment: InjectionEnvironment)
}

/// The ``Injected`` and ``SafelyInjected`` wrappers inside `object` and its superclasses.
func injectWrappers(of object: Any) -> [any ContextInjectable] {
    var wrappers: [any ContextInjectable] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
        wrappers += current.children.compactMap { $0.value as? any ContextInjectable }
        mirror = current.superclassMirror
    }
    return wrappers
}

/// Sets `context` on every wrapper inside `object`.
func setInjectContext(_ context: any InjectContext, in object: Any) {
    for wrapper in injectWrappers(of: object) { wrapper.setContext(context) }
}
