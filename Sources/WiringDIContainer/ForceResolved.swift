/// A property that resolves its value from a container on every read, and stops the program
/// when it cannot.
///
/// ```swift
/// struct Screen {
///     @ForceResolved var printer: PrinterProtocol
/// }
/// ```
///
/// Each read calls ``DIContainerProtocol/forceResolve(_:named:)``, so a missing registration
/// stops with a message naming the type, the name and how to fix it.
@propertyWrapper
public struct ForceResolved<T> {
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

    /// The value resolved now.
    public var wrappedValue: T {
        container.forceResolve(T.self, named: name)
    }
}
