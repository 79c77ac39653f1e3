import Wiring

/// A slot for the root container: the process-wide one, or one of a ``DependencyContainer/withShared(_:operation:)`` scope.
final class RootSlot: Sendable {
    let container: Lock<DependencyContainer?>

    init(_ container: DependencyContainer?) {
        self.container = Lock(container)
    }
}

extension DependencyContainer {
    /// The process-wide root, set by `defined(by:)` outside any `withShared` scope.
    private static let processRoot = RootSlot(nil)

    /// The root slot of the innermost `withShared` scope of the current task, if any.
    @TaskLocal static var scopedRoot: RootSlot?

    /// The slot `shared`, `defined(by:)` and `resetShared()` use here.
    static var currentRoot: RootSlot { scopedRoot ?? processRoot }

    /// The root container: the one the global ``resolve(tag:)``, ``resolveOptional(tag:)`` and
    /// the property wrappers resolve from.
    ///
    /// Inside ``withShared(_:operation:)`` it is that scope's root; elsewhere
    /// the one given to ``defined(by:)``. Reading it before a root is defined stops the program
    /// with a message.
    public static var shared: DependencyContainer {
        guard let root = currentRoot.container.withLock({ $0 }) else { stop(Diagnostics.sharedNotDefined) }
        return root
    }

    /// Sets the root container, once, at start-up.
    ///
    /// ```swift
    /// DependencyContainer.defined(by: modules { .backend; .network; .app })
    /// ```
    ///
    /// Defining the root a second time stops the program with a message. Inside a
    /// ``withShared(_:operation:)`` scope it sets that scope's root and leaves the
    /// process-wide one alone, so tests can run the app's start-up code in parallel.
    ///
    /// - Parameter root: The container to resolve from.
    public static func defined(by root: DependencyContainer) {
        currentRoot.container.withLock { current in
            if current != nil { stop(Diagnostics.alreadyDefined) }
            current = root
        }
    }

    /// Forgets the root container, so that ``defined(by:)`` can set another: new in the facade,
    /// for tests that run one after the other.
    ///
    /// Inside a ``withShared(_:operation:)`` scope it forgets that scope's root
    /// only. Prefer `withShared` in tests: it cannot leak a root into the next test, and it
    /// lets tests run in parallel.
    public static func resetShared() {
        currentRoot.container.withLock { $0 = nil }
    }

    /// Runs `operation` with a root container of its own: new in the facade, for tests.
    ///
    /// Inside `operation`, ``shared`` is `root` (and ``defined(by:)`` and ``resetShared()``
    /// change this scope's root), for the current task and the child tasks it creates; other
    /// tests, and the process-wide root, see nothing of it. Parallel tests can each use their
    /// own root:
    ///
    /// ```swift
    /// @Test func fetchesFromTheFake() {
    ///     DependencyContainer.withShared(module { single { FakeBackend() as BackendProtocol } }) {
    ///         #expect(Screen().load() == "fake")
    ///     }
    /// }
    /// ```
    ///
    /// Like every task-local value it does not reach `Task.detached`, `Thread`s or
    /// `DispatchQueue` blocks.
    ///
    /// - Parameters:
    ///   - root: The scope's root, or `nil` to start undefined and let the code under test call
    ///     ``defined(by:)``.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withShared<R>(_ root: DependencyContainer?, operation: () throws -> R) rethrows -> R {
        try $scopedRoot.withValue(RootSlot(root), operation: operation)
    }

    /// The asynchronous form of ``withShared(_:operation:)``.
    ///
    /// - Parameters:
    ///   - root: The scope's root, or `nil` to start undefined.
    ///   - isolation: The caller's isolation, inherited by `operation`; leave the default.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withShared<R>(
        _ root: DependencyContainer?,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await $scopedRoot.withValue(RootSlot(root), operation: operation, isolation: isolation)
    }
}
