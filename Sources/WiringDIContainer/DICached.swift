/// The factory of a resettable cache, as held by ``DILifecycle/cached(_:)-enum.case``.
///
/// Opaque: make one with ``DILifecycle/cached(_:)-swift.type.method``. The cached instance
/// belongs to the registration, so registering one lifecycle value in two containers gives each
/// container its own cache.
public class DICached<T> {
    let factory: LegacyFactory<T>

    init(factory: LegacyFactory<T>) {
        self.factory = factory
    }
}

@available(*, unavailable, message: "DICached holds a non-Sendable factory")
extension DICached: Sendable {}
