/// How a registration produces its instance: the value to pass to
/// ``DIContainerProtocol/register(type:named:value:)``.
///
/// Most code uses the `register(type:named:transient:)` family instead, which builds one of
/// these. Use it directly to choose the lifecycle at run time:
///
/// ```swift
/// let lifecycle: DILifecycle<any Clock> = useFake ? .eagerSingleton(FakeClock()) : .lazySingleton { _ in SystemClock() }
/// container.register(type: (any Clock).self, value: lifecycle)
/// ```
///
/// Not `Sendable`: it holds the caller's non-`Sendable` factory or value.
public enum DILifecycle<T> {
    /// A value built by the caller, returned as-is by every resolve.
    case eagerSingleton(T)
    /// A factory called on the first resolve that produces a value; that value is then returned
    /// by every resolve. Make one with ``lazySingleton(_:)``.
    case lazySingleton(DILazyContainer<T>)
    /// A factory called on every resolve.
    case transient(DIFactory<T>)
    /// Like a lazy singleton, except that ``DIContainerProtocol/reset(_:named:)`` drops the
    /// value so that the next resolve builds a new one. Make one with ``cached(_:)``.
    case cached(DICached<T>)

    /// A lazy singleton built by `factory`.
    ///
    /// - Parameter factory: Builds the instance on the first resolve. It runs exactly once per
    ///   registration even when many threads resolve at the same time, unless it returns `nil`:
    ///   a `nil` result is not cached, and the next resolve calls the factory again.
    /// - Returns: ``lazySingleton(_:)-enum.case``, ready to register.
    public static func lazySingleton(_ factory: @escaping DIFactory<T>) -> Self {
        .lazySingleton(DILazyContainer(factory: LegacyFactory(factory)))
    }

    /// A resettable cache of what `factory` builds.
    ///
    /// - Parameter factory: Builds the instance on the first resolve and after each reset,
    ///   exactly once even under contention; a `nil` result is not cached.
    /// - Returns: ``cached(_:)-enum.case``, ready to register.
    public static func cached(_ factory: @escaping DIFactory<T>) -> Self {
        .cached(DICached(factory: LegacyFactory(factory)))
    }
}

@available(*, unavailable, message: "DILifecycle holds a non-Sendable factory or value")
extension DILifecycle: Sendable {}
