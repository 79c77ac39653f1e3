/// A user's ``DIFactory``, carried into the engine's `@Sendable` factory.
///
/// `@unchecked Sendable` by the legacy API contract: the original library called these
/// non-`Sendable` closures from whichever thread resolved, so callers already guarantee they may
/// run on any thread (stated in the migration article); the box is immutable and adds no sharing.
final class LegacyFactory<T>: @unchecked Sendable {
    private let body: DIFactory<T>

    init(_ body: @escaping DIFactory<T>) {
        self.body = body
    }

    /// Runs the factory with `container`; a `nil` result throws, so that no lifetime caches it.
    func make(_ container: any DIContainerProtocol) throws(FactoryReturnedNil) -> T {
        guard let value = body(container) else { throw FactoryReturnedNil() }
        return value
    }
}

/// Thrown inside the engine when a factory returns `nil`; the facade turns it back into `nil`.
struct FactoryReturnedNil: Error, CustomStringConvertible {
    var description: String { "the factory returned nil" }
}
