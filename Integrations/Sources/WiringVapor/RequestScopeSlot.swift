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
        /// In use; the closer closes it.
        case open(Scope, ScopeCloser)
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

    /// The scope, made and given the request's values on first use.
    func scope(for request: Request) -> Scope {
        // Made outside the lock: providing values runs no user code, but a scope is made once.
        let (existing, isEnded) = state.withLockedValue { state -> (Scope?, Bool) in
            switch state {
            case .open(let scope, _), .handedToStream(let scope): return (scope, false)
            case .unused: return (nil, false)
            case .ended: return (nil, true)
            }
        }
        if let existing { return existing }
        let scope: Scope
        do {
            scope = try middleware.makeScope(for: request)
        } catch {
            fatalError("Wiring: could not give the request's scope its values: \(error)")
        }
        if isEnded {
            try? scope.syncClose()
            return scope
        }
        let closer = ScopeCloser(scope: scope, counters: middleware.counters, logger: request.logger)
        let winner = state.withLockedValue { state -> Scope in
            switch state {
            case .unused:
                state = .open(scope, closer)
                return scope
            case .open(let other, _), .handedToStream(let other):
                return other
            case .ended:
                return scope
            }
        }
        if winner === scope {
            middleware.counters.recordOpen()
        } else {
            try? scope.syncClose()
        }
        return winner
    }

    /// Takes the scope away from the middleware for a stream, making it if nothing has yet:
    /// returns the closer the stream calls when it ends, or `nil` when the handler has already
    /// ended (the scope is closed then, and so is nothing left to close).
    func handToStream(for request: Request) -> ScopeCloser? {
        _ = scope(for: request)
        return state.withLockedValue { state -> ScopeCloser? in
            guard case .open(let scope, let closer) = state else { return nil }
            state = .handedToStream(scope)
            return closer
        }
    }

    /// The handler returned or threw: closes the scope unless a stream took it over.
    func endOfHandler() async {
        let closer = state.withLockedValue { state -> ScopeCloser? in
            defer { if case .handedToStream = state {} else { state = .ended } }
            if case .open(_, let closer) = state { return closer }
            return nil
        }
        await closer?.close()
    }
}
