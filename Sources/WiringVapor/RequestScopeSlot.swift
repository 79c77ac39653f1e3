#if Vapor
    import NIOConcurrencyHelpers
    import Vapor
    import Wiring
    import WiringLogging

    /// The key of a request's ``RequestScopeSlot`` in `req.storage`.
    struct RequestScopeSlotKey: StorageKey {
        typealias Value = RequestScopeSlot
    }

    /// Where a request's scope lives: made on first use, closed once, by the middleware when the
    /// handler ends, or by a stream that took it over.
    final class RequestScopeSlot: Sendable {
        private enum State {
            /// Nothing used the scope yet.
            case unused
            /// In use; the middleware closes it when the handler ends.
            case open(Scope)
            /// A stream closes it when it ends.
            case handedToStream(Scope)
            /// The handler ended; a later use gets a closed scope, whose resolves throw `shutDown`.
            case ended
        }

        private let middleware: WiringMiddleware
        private let state = NIOLockedValueBox(State.unused)

        init(middleware: WiringMiddleware) {
            self.middleware = middleware
        }

        /// The scope, made and given the request's values on first use. Two first uses at once
        /// make two scopes; one is kept, and the other closed at once, uncounted.
        func scope(for request: Request) -> Scope {
            if let existing = state.withLockedValue({ state -> Scope? in
                switch state {
                case .open(let scope), .handedToStream(let scope): scope
                case .unused, .ended: nil
                }
            }) {
                return existing
            }
            // Made outside the lock: making a scope and providing its values runs no user code,
            // but the lock is the slot's, not the container's, and is held for nothing else.
            let scope = middleware.makeScope(for: request)
            let kept = state.withLockedValue { state -> Scope? in
                switch state {
                case .unused:
                    state = .open(scope)
                    return scope
                case .open(let other), .handedToStream(let other):
                    return other
                case .ended:
                    return nil
                }
            }
            if kept === scope {
                middleware.counters.recordOpen()
                return scope
            }
            try? scope.syncClose()
            return kept ?? scope
        }

        /// Takes the scope away from the middleware for a stream, making it if nothing has yet:
        /// returns the closer the stream calls when it ends, or `nil` when the handler has already
        /// ended (its scope is closed then).
        func handToStream(for request: Request) -> ScopeCloser<LoggedScopeFailures>? {
            _ = scope(for: request)
            let scope = state.withLockedValue { state -> Scope? in
                guard case .open(let scope) = state else { return nil }
                state = .handedToStream(scope)
                return scope
            }
            return scope.map { ScopeCloser(scope: $0, counters: middleware.counters, reporter: LoggedScopeFailures(request.logger)) }
        }

        /// The handler returned or threw: closes the scope unless a stream took it over, at once when
        /// it is quiet. Returns what closes it otherwise, for the caller to await (asynchronous
        /// teardowns, or a build still in flight); `nil` when nothing is left to close.
        func endOfHandler(_ request: Request) -> (@Sendable () async -> Void)? {
            let scope = state.withLockedValue { state -> Scope? in
                switch state {
                case .open(let scope):
                    state = .ended
                    return scope
                case .unused:
                    state = .ended
                    return nil
                case .handedToStream, .ended:
                    return nil
                }
            }
            guard let scope else { return nil }
            // Closed here alone (the state is `ended`): no closer object to allocate.
            let counters = middleware.counters
            let reporter = LoggedScopeFailures(request.logger)
            if ScopeCloser.closeQuietly(scope, counters: counters, reporter: reporter) { return nil }
            return { await ScopeCloser.closeAwaiting(scope, counters: counters, reporter: reporter) }
        }
    }
#endif
