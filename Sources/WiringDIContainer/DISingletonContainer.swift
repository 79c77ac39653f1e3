/// The app-wide container, and the default of ``Resolved`` and ``ForceResolved``.
///
/// ```swift
/// DISingletonContainer.shared.register(PrinterProtocol.self, lazySingleton: { _ in PrinterImplementation() })
/// ```
///
/// ``shared`` is a constant (the original's `static var` is global mutable state, which Swift 6
/// rejects); every read of it compiles unchanged. The container itself is safe to use from any
/// thread.
public class DISingletonContainer: DIContainer, @unchecked Sendable {
    // @unchecked Sendable: adds no stored properties to DIContainer, whose proof applies.

    /// The app-wide container.
    public static let shared = DISingletonContainer()

    private override init() {
        super.init()
    }
}
