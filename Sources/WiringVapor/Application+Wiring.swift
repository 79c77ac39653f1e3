#if Vapor
    import NIOConcurrencyHelpers
    public import Vapor
    public import Wiring
    import WiringLogging

    extension Application {
        /// The app's container, kept in the application's storage: made on first use, and started
        /// and shut down by Vapor's lifecycle.
        ///
        /// ```swift
        /// app.databases.use(.sqlite(.file("todos.sqlite")), as: .sqlite)   // Fluent first
        /// try app.wiring.install(TodoModule())
        /// app.middleware.use(WiringMiddleware(app, roots: [TodoService.self]))
        /// ```
        ///
        /// - Boot: the roots ``WiringMiddleware`` was given are validated, and a broken graph
        ///   throws from `boot` with the full message, before the server binds; then eager
        ///   singletons start, in dependency order (`startAsync()` in `asyncBoot`, `start()` in
        ///   the synchronous `boot` that VaporTesting uses).
        /// - Shutdown: the server stops accepting and finishes its requests first
        ///   (`app.server.shutdown()`), then the container shuts down, disposing of its instances in
        ///   reverse order of construction, before Fluent closes its databases (Wiring's shutdown
        ///   is registered at boot, after every other handler, so it runs first).
        public var wiring: Container { wiringState.container }

        /// The app's Wiring state, made (with its boot handler) on first use.
        var wiringState: WiringState {
            locks.lock(for: WiringStateKey.self).withLock {
                if let state = storage[WiringStateKey.self] { return state }
                let state = WiringState()
                storage[WiringStateKey.self] = state
                lifecycle.use(WiringBootHandler(state: state))
                return state
            }
        }
    }

    /// The storage key of the app's ``WiringState``; also names its lock.
    struct WiringStateKey: StorageKey, LockKey {
        typealias Value = WiringState
    }

    /// The app's container, and what its lifecycle needs: the roots to validate at boot, the
    /// names of the request scopes the middlewares open (whose values are checked at boot), and
    /// whether the shutdown handler is in place.
    final class WiringState: Sendable {
        let container = Container()
        private let state = NIOLockedValueBox<(roots: [any Any.Type], scopeNames: [ScopeName?], booted: Bool)>(([], [], false))

        /// Adds roots for validation at boot.
        func addRoots(_ roots: [any Any.Type]) {
            state.withLockedValue { $0.roots += roots }
        }

        var roots: [any Any.Type] { state.withLockedValue { $0.roots } }

        /// Records that a ``WiringMiddleware`` opens request scopes named `name`.
        func addRequestScopeName(_ name: ScopeName?) {
            state.withLockedValue { $0.scopeNames.append(name) }
        }

        var requestScopeNames: [ScopeName?] { state.withLockedValue { $0.scopeNames } }

        /// Whether this is the first boot (a second `boot()` call does nothing, as Vapor's own).
        func markBooted() -> Bool {
            state.withLockedValue { state in
                defer { state.booted = true }
                return !state.booted
            }
        }
    }
#endif
