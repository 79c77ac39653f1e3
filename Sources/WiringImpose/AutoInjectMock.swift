/// A test double that registers itself: `MyServiceMock().injected()` makes the mock the
/// singleton for each of its ``registeredTypes`` in ``Injector/shared`` (or the given injector).
///
/// ```swift
/// final class MyServiceMock: MyServiceProtocol, AutoInjectMock {
///     static var registeredTypes: [Any.Type] { [MyServiceProtocol.self] }
/// }
/// let mock = MyServiceMock().injected()
/// ```
public protocol AutoInjectMock {
    /// The types the mock stands in for.
    static var registeredTypes: [Any.Type] { get }

    /// Registers the mock in `injector`.
    func inject(using injector: Injector)
}

extension AutoInjectMock {
    /// The shared injector (kept from Impose's API).
    public static var injector: Injector { .shared }

    /// Registers the mock as the singleton for every type in ``registeredTypes``.
    public func inject(using injector: Injector) {
        injector.addSingleton(for: Self.registeredTypes, resolveOn: nil, self)
    }

    /// Registers the mock in `injector` and returns it.
    @discardableResult
    public func injected(using injector: Injector = .shared) -> Self {
        inject(using: injector)
        return self
    }
}
