#if Hummingbird
    import Hummingbird
    import Logging
    public import Wiring
    import WiringLogging

    /// The scope of one request, as a handler's context carries it (``WiringRequestContext/requestScope``):
    /// made when a handler first resolves from it, so a request that resolves nothing costs no
    /// scope, and closed by ``RequestScopeMiddleware`` exactly once.
    ///
    /// Handlers use the context's ``WiringRequestContext/resolve(_:tag:file:line:)`` and
    /// ``WiringRequestContext/scope()``; this type is what the context stores. A test that calls a
    /// handler without the middleware gives its context a scope of its own:
    ///
    /// ```swift
    /// let scope = container.makeScope("request")
    /// context.requestScope = RequestScope(scope)   // the test closes `scope`
    /// ```
    public final class RequestScope: Sendable {
        /// Where the scope is in its life.
        private enum State: Sendable {
            /// Nothing has used the scope yet.
            case unused
            /// Made and in use.
            case open(Scope)
            /// The middleware has closed it, or is closing it: a later use gets a closed scope.
            case ended
        }

        private let state: Lock<State>
        // What a scope made by the middleware needs, each stored apart (not as one optional
        // struct, which every use copied, retaining the request's parts, on every request).
        private let container: Container
        private let scopeName: ScopeName?
        private let counters: RequestScopeCounters
        /// `false` for a scope given by its owner, who closes it.
        private let closesScope: Bool
        /// `nil` for a scope given by its owner.
        private let request: Request?
        private let identifier: String
        private let logger: Logger

        /// A request scope that is `scope`, which its caller made and closes: for calling a handler
        /// without ``RequestScopeMiddleware``, as a test does.
        ///
        /// - Parameter scope: The scope handlers resolve from.
        public init(_ scope: Scope) {
            state = Lock(.open(scope))
            container = scope.container
            scopeName = nil
            counters = RequestScopeCounters()
            closesScope = false
            request = nil
            identifier = ""
            logger = Logger(label: "WiringHummingbird")
        }

        /// The middleware's: a scope named `scopeName` of `container`, made on first use and given
        /// the request's values.
        init(
            container: Container, scopeName: ScopeName?, counters: RequestScopeCounters,
            request: Request, identifier: String, logger: Logger
        ) {
            state = Lock(.unused)
            self.container = container
            self.scopeName = scopeName
            self.counters = counters
            closesScope = true
            self.request = request
            self.identifier = identifier
            self.logger = logger
        }

        /// The scope, made and given the request's values (`Request`, `RequestIdentifier`) on first
        /// use. After the middleware has closed it, a closed scope: its resolves throw
        /// `WiringError.Code.shutDown`.
        public var scope: Scope {
            if let existing = state.withLock({ state -> Scope? in
                if case .open(let scope) = state { return scope }
                return nil
            }) {
                return existing
            }
            // Made outside the lock: making a scope and providing its values runs no user code, but
            // the lock is this request's, and is held for nothing else. Two first uses at once (a
            // handler's child tasks) make two scopes: one is kept, the other closed at once, uncounted.
            let scope = scopeName.map(container.makeScope) ?? container.makeScope()
            do {
                if let request { try scope.provide(request) }
                try scope.provide(RequestIdentifier(identifier))
            } catch {
                // The middleware checked these registrations when it was made; one changed since, or
                // the container shut down. The request goes on, and a resolve of the value says why.
                logger.error("Wiring: could not give the request's scope its values", metadata: ["error": "\(error)"])
            }
            let kept = state.withLock { state -> Scope? in
                switch state {
                case .unused:
                    state = .open(scope)
                    return scope
                case .open(let other):
                    return other
                case .ended:
                    return nil
                }
            }
            if kept === scope {
                counters.recordOpen()
                return scope
            }
            try? scope.syncClose()
            return kept ?? scope
        }

        /// Whether a handler has used the scope.
        var isOpen: Bool {
            state.withLock { state in
                if case .open = state { return true }
                return false
            }
        }

        /// Ends the scope: later uses get a closed one. Closes and counts the scope made, if any,
        /// and awaits its asynchronous teardowns.
        func end() async {
            guard closesScope, let scope = takeForEnd() else { return }
            await ScopeCloser.close(scope, counters: counters, reporter: LoggedScopeFailures(logger))
        }

        /// The scope to close, when the middleware made one and it is still open; the state is
        /// `ended` afterwards either way.
        private func takeForEnd() -> Scope? {
            state.withLock { state -> Scope? in
                defer { state = .ended }
                if case .open(let scope) = state { return scope }
                return nil
            }
        }

        deinit {
            // The response was dropped without being written (a disconnect, a cancelled task): close
            // the scope here, or, when it has asynchronous teardowns, in a task.
            guard closesScope, let scope = takeForEnd() else { return }
            ScopeCloser.closeWithoutWaiting(scope, counters: counters, reporter: LoggedScopeFailures(logger))
        }
    }
#endif
