/// A property that resolves its value from a container on every read, giving `nil` when it
/// cannot.
///
/// ```swift
/// struct Screen {
///     @Resolved var printer: PrinterProtocol?
///     @Resolved(named: "audit") var auditPrinter: PrinterProtocol?
/// }
/// ```
///
/// Nothing is cached by the wrapper: each read resolves again, so a `transient` registration
/// gives a new instance per read, and a re-registration is seen by the next read.
@propertyWrapper
public struct Resolved<T> {
    private let container: any DIContainerProtocol
    private let name: String?

    /// Creates the property.
    ///
    /// - Parameters:
    ///   - container: The container to resolve from; ``DISingletonContainer/shared`` by default.
    ///   - name: The name of the registration, or `nil` for the unnamed one.
    public init(container: any DIContainerProtocol = DISingletonContainer.shared, named name: String? = nil) {
        self.container = container
        self.name = name
    }

    /// The value resolved now, or `nil` when it cannot be resolved.
    public var wrappedValue: T? {
        container.resolve(T.self, named: name)
    }
}
