// What the server integrations' request middlewares (WiringHummingbird's, WiringVapor's) share:
// counting scopes, closing each exactly once, in one step without `await` when it can, and
// saying why one cannot start. The integration says where a failed teardown is reported (its
// request's logger, through WiringLogging).

/// A server integration's middleware cannot start: the services its handlers resolve cannot all
/// be built, or a value it gives every request scope is registered in a way that cannot take it.
/// WiringHummingbird throws it as `RequestScopeValidationError` when the middleware is made,
/// WiringVapor as `WiringBootError` from the app's boot, before the server binds.
public struct RequestScopeStartError: Error, CustomStringConvertible {
    /// The full validation report.
    public let report: ValidationReport
    /// The values the middleware gives every request scope (the request, its identifier, and
    /// with Vapor its logger) that are registered in a way that cannot take them (not scoped, or
    /// scoped in scopes of another name), each with its fix; empty when there are none.
    public let clashes: [WiringError]
    /// The middleware, and what its roots are, for the message.
    private let provider: String
    private let services: String

    /// The error of `provider`, whose roots are `services`, with the values it cannot give its
    /// scopes (`clashes`) and its roots' validation.
    package init(provider: String, services: String, report: ValidationReport, clashes: [WiringError]) {
        self.provider = provider
        self.services = services
        self.report = report
        self.clashes = clashes
    }

    /// The values it cannot give its scopes, then the roots' validation errors, each with its
    /// path and fix.
    public var description: String {
        var parts: [String] = []
        if !clashes.isEmpty {
            parts.append("Wiring: \(provider) cannot give request scopes their values:")
            parts += clashes.map { "\($0)" }
        }
        if !report.isValid {
            parts.append("Wiring: \(services) cannot all be resolved:")
            parts += report.errors.map { "\($0)" }
        }
        return parts.joined(separator: "\n")
    }
}

/// How many request scopes a server integration's middleware (WiringHummingbird's, WiringVapor's)
/// has opened and closed.
public final class RequestScopeCounters: Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (AtomicWordStorage(0), AtomicWordStorage(0))
    private var openedCount: AtomicView<Int> { AtomicView(inline: self, word: 0) }
    private var closedCount: AtomicView<Int> { AtomicView(inline: self, word: 1) }

    package init() {}

    /// Scopes opened so far.
    public var opened: Int { openedCount.load(ordering: .acquiring) }
    /// Scopes closed so far, their instances disposed.
    public var closed: Int { closedCount.load(ordering: .acquiring) }

    package func recordOpen() { openedCount.add(1, ordering: .releasing) }
    package func recordClose() { closedCount.add(1, ordering: .releasing) }
}

/// Where a request scope's closer reports the teardowns that failed.
package protocol RequestScopeFailureReporting: Sendable {
    /// Reports that closing the request's scope disposed its instances with `error`.
    func teardownFailed(_ error: DisposalError)
}

/// Closes a request's scope exactly once: when asked, or when the response that would have
/// asked is dropped unwritten.
///
/// The one object the middleware makes per request beside the scope: only a `deinit` can tell
/// that a response was dropped, and neither a closure nor a value has one. Generic over its
/// reporter, which it stores inline: an existential of a `Logger`-sized value would be a second
/// allocation per request.
package final class ScopeCloser<Reporter: RequestScopeFailureReporting>: Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = AtomicWordStorage(false)
    private let scope: Scope
    private let counters: RequestScopeCounters
    private let reporter: Reporter
    private var isClosed: AtomicView<Bool> { AtomicView(inline: self, word: 0) }

    package init(scope: Scope, counters: RequestScopeCounters, reporter: Reporter) {
        self.scope = scope
        self.counters = counters
        self.reporter = reporter
    }

    package func close() async {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        await Self.close(scope, counters: counters, reporter: reporter)
    }

    /// Closes `scope`, which the caller alone closes, and counts it closed: in one step when it
    /// is quiet, else awaited. For a middleware that knows it closes the scope exactly once.
    package static func close(_ scope: Scope, counters: RequestScopeCounters, reporter: Reporter) async {
        if closeQuietly(scope, counters: counters, reporter: reporter) { return }
        await closeAwaiting(scope, counters: counters, reporter: reporter)
    }

    /// Closes `scope`, which the caller alone closes, from a `deinit`: in one step when it is
    /// quiet, else in a task that holds what it needs.
    package static func closeWithoutWaiting(_ scope: Scope, counters: RequestScopeCounters, reporter: Reporter) {
        if closeQuietly(scope, counters: counters, reporter: reporter) { return }
        Task { await closeAwaiting(scope, counters: counters, reporter: reporter) }
    }

    /// Closes the scope in one step without `await` when it is quiet, the common case;
    /// `false` otherwise (a build in flight, asynchronous teardowns, the container's shutdown
    /// closing it already, many instances), left to ``closeAwaiting(_:counters:reporter:)``. Never
    /// blocks: `syncClose()` would wait for a build in flight on another thread, holding a
    /// thread of the cooperative pool.
    package static func closeQuietly(_ scope: Scope, counters: RequestScopeCounters, reporter: Reporter) -> Bool {
        do {
            guard try scope.closeIfQuiet() else { return false }
        } catch {
            closed(failing: error, counters: counters, reporter: reporter)
            return true
        }
        closed(failing: nil, counters: counters, reporter: reporter)
        return true
    }

    /// Closes `scope`, awaiting its end, and counts it closed: for a caller whose
    /// ``closeQuietly(_:counters:reporter:)`` found it not quiet.
    package static func closeAwaiting(_ scope: Scope, counters: RequestScopeCounters, reporter: Reporter) async {
        do {
            try await scope.close()
        } catch {
            closed(failing: error, counters: counters, reporter: reporter)
            return
        }
        closed(failing: nil, counters: counters, reporter: reporter)
    }

    /// Reports the teardowns that failed, if any, and counts the scope closed.
    private static func closed(failing error: DisposalError?, counters: RequestScopeCounters, reporter: Reporter) {
        if let error { reporter.teardownFailed(error) }
        counters.recordClose()
    }

    deinit {
        // The response was dropped without being written (a disconnect, a cancelled task): close
        // the scope here, or, when it has asynchronous teardowns, in a task that holds what it needs.
        guard !isClosed.load(ordering: .acquiring) else { return }
        Self.closeWithoutWaiting(scope, counters: counters, reporter: reporter)
    }
}
