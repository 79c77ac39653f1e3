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

/// What a registration's ``Registration/onDispose(_:)`` closure does with its instance.
struct Teardown<T>: Sendable {
    let run: @Sendable (T) async throws -> Void
}

/// The teardowns that failed during ``Container/shutdown()`` or ``Scope/close()``: all of them,
/// since one failure does not stop the others.
public struct DisposalError: Error, CustomStringConvertible {
    /// One teardown that threw.
    public struct Failure: Sendable {
        /// The registration whose instance it was.
        public let registration: String
        /// What the teardown threw.
        public let error: any Error
    }

    /// The failures, in the order the teardowns ran (reverse order of creation).
    public let failures: [Failure]

    /// The three-part message.
    public var description: String {
        var lines = ["Wiring: \(failures.count) teardown\(failures.count == 1 ? "" : "s") failed; the others ran."]
        lines += failures.map { "  \($0.registration): \($0.error)" }
        lines.append("To fix: see each error; every instance was disposed at most once, and none will be again.")
        return lines.joined(separator: "\n")
    }
}

/// The instances a container or scope will dispose, in creation order.
final class DisposalBag: Sendable {
    struct Item: @unchecked Sendable {
        // @unchecked: `dispose` captures an instance that may not be Sendable; the bag runs it
        // once, after the owner stopped serving the instance, on the task that ends the owner.
        let registration: String
        let dispose: () async throws -> Void
    }

    private let items = Lock<[Item]>([])

    func append(_ item: Item) {
        items.withLock { $0.append(item) }
    }

    /// Runs every teardown, newest first, each once, collecting the errors.
    func disposeAll() async throws(DisposalError) {
        let pending = items.withLock { items in
            defer { items = [] }
            return items
        }
        var failures: [DisposalError.Failure] = []
        for item in pending.reversed() {
            do {
                try await item.dispose()
            } catch {
                failures.append(DisposalError.Failure(registration: item.registration, error: error))
            }
        }
        if !failures.isEmpty { throw DisposalError(failures: failures) }
    }
}

/// Decides which builds are tracked for disposal, and tracks them.
enum DisposalTracker {
    /// Singletons, eager singletons and scoped instances; transients only when asked.
    static func tracks(_ lifetime: Lifetime, transients: Bool) -> Bool {
        switch lifetime.kind {
        case .singleton, .eagerSingleton, .scoped: true
        case .transient: transients
        case .graph, .weakSingleton: false
        }
    }

    /// Records how to dispose `instance` with the owner of the build `resolver` runs: its scope,
    /// else its container. Does nothing for an instance with nothing to dispose.
    static func track<T>(_ instance: T, teardown: Teardown<T>?, by resolver: Resolver) {
        let box = UncheckedBox(instance)
        let dispose: () async throws -> Void
        if let teardown {
            dispose = { try await teardown.run(box.value) }
        } else if let disposable = instance as? any AsyncDisposable {
            dispose = { try await disposable.dispose() }
        } else if let disposable = instance as? any Disposable {
            let disposableBox = UncheckedBox(disposable)
            dispose = { try disposableBox.value.dispose() }
        } else {
            return
        }
        let bag = resolver.scope?.disposables ?? resolver.container.disposables
        bag.append(DisposalBag.Item(registration: typeDisplayName(T.self), dispose: dispose))
    }
}

/// Thrown by the factories of a container that was shut down; becomes
/// ``WiringError/Code/shutDown``.
struct ShutDownSignal: Error {}
