/// The factory of a lazy singleton, as held by ``DILifecycle/lazySingleton(_:)-enum.case``.
///
/// Opaque: make one with ``DILifecycle/lazySingleton(_:)-swift.type.method``. The instance
/// it builds is cached by the registration, so registering one lifecycle value in two containers
/// gives each container its own instance.
public class DILazyContainer<T> {
    let factory: LegacyFactory<T>

    init(factory: LegacyFactory<T>) {
        self.factory = factory
    }
}

@available(*, unavailable, message: "DILazyContainer holds a non-Sendable factory")
extension DILazyContainer: Sendable {}
