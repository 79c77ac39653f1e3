/// An instance with something to release when its owner ends: a file, a socket, a pool.
///
/// A singleton or eager singleton is disposed by ``Container/shutdown()``, a scoped instance by
/// ``Scope/close()``; transients only if their registration asks (``Registration/trackingTransients()``).
public protocol Disposable {
    /// Releases what the instance holds. Called once.
    func dispose() throws
}

/// An instance whose release is asynchronous, such as closing a connection pool.
public protocol AsyncDisposable: Sendable {
    /// Releases what the instance holds. Called once.
    func dispose() async throws
}

/// What a registration's ``Registration/onDispose(_:)-3gzi1`` closure does with its instance.
enum Teardown<T>: Sendable {
    case sync(@Sendable (T) throws -> Void)
    case async(@Sendable (T) async throws -> Void)
}
