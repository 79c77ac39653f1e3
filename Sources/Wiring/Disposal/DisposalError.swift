/// Why ending a scope or a container did not go as asked: teardowns that failed during
/// ``Container/shutdown()`` or ``Scope/close()`` (all of them, since one failure does not stop the
/// others), or, from ``Scope/syncClose()`` and ``Container/syncShutdown()``, a refusal to end
/// without `await`. Read ``code`` to tell them apart.
public struct DisposalError: Error, CustomStringConvertible {
    /// The kind of failure. New codes may be added; switch with a `default` case.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Sendable {
            case teardownsFailed = "teardowns failed"
            case needsAwait = "needs await"
        }

        let base: Base

        /// The end ran; the teardowns in ``DisposalError/failures`` threw, and the others ran.
        public static let teardownsFailed = Code(base: .teardownsFailed)
        /// A synchronous end (``Scope/syncClose()``, ``Container/syncShutdown()``) refused at
        /// once, without waiting, because ending needs `await`: an asynchronous teardown, an
        /// async build in flight, or an `async` end of the same scope or container already in
        /// progress (``DisposalError/asynchronousTeardowns`` says which). Nothing was disposed by
        /// this call: end it with the `async` overload, which also waits for an end in progress.
        public static let needsAwait = Code(base: .needsAwait)

        public var description: String { base.rawValue }
    }

    /// One teardown that threw.
    public struct Failure: Sendable {
        /// The registration whose instance it was.
        public let registration: String
        /// What the teardown threw.
        public let error: any Error

        package init(registration: String, error: any Error) {
            self.registration = registration
            self.error = error
        }
    }

    /// Ends each of `owners` (an owner's children or open scopes, which end before it) with
    /// `end`, and returns what they threw, as failures to report with the owner's others. A
    /// synchronous end that refused (``Code/needsAwait``: something needing `await` appeared
    /// after the owner was checked) reports each thing it named as not awaited, not dropped.
    package static func failures<Owner>(ending owners: [Owner], by end: (Owner) throws(DisposalError) -> Void) -> [Failure] {
        var failures: [Failure] = []
        for owner in owners {
            do throws(DisposalError) { try end(owner) } catch { failures += error.failuresAndNotAwaited }
        }
        return failures
    }

    /// ``failures(ending:by:)`` for an `async` end, each awaited in turn.
    package static func failures<Owner>(
        awaitingEnd owners: [Owner], by end: (Owner) async throws(DisposalError) -> Void
    ) async -> [Failure] {
        var failures: [Failure] = []
        for owner in owners {
            do throws(DisposalError) { try await end(owner) } catch { failures += error.failuresAndNotAwaited }
        }
        return failures
    }

    /// The failures, and each asynchronous teardown a refusal named, as not awaited.
    private var failuresAndNotAwaited: [Failure] {
        failures + asynchronousTeardowns.map { Failure(registration: $0, error: AsynchronousTeardownNotAwaited()) }
    }

    /// What went wrong.
    public let code: Code

    /// The failures, in the order the teardowns ran (reverse order of creation); empty for
    /// ``Code/needsAwait``.
    public let failures: [Failure]

    /// For ``Code/needsAwait``: the registrations whose instances need an asynchronous teardown
    /// (``AsyncDisposable``, an `async` ``Registration/onDispose(_:)-3gzi1``), and anything else
    /// that needs awaiting, such as an `async` end already in progress. Empty otherwise.
    public let asynchronousTeardowns: [String]

    /// What was being ended, for the message; `nil` inside the engine, before a public end names it.
    let subject: Subject?

    /// What an end ends.
    package enum Subject {
        case scope(ScopeName?)
        case container

        /// As the message names it: `scope "request"`, `a scope`, `the container`.
        var name: String {
            switch self {
            case .scope(let name?): "scope \"\(name.rawValue)\""
            case .scope(nil): "a scope"
            case .container: "the container"
            }
        }
    }
    /// Whether the refusal met an `async` end in progress, rather than asynchronous teardowns.
    let metEndInProgress: Bool

    package init(failures: [Failure], subject: Subject? = nil) {
        code = .teardownsFailed
        self.failures = failures
        asynchronousTeardowns = []
        self.subject = subject
        metEndInProgress = false
    }

    package init(asynchronousTeardowns: [String], subject: Subject? = nil) {
        code = .needsAwait
        failures = []
        self.asynchronousTeardowns = asynchronousTeardowns
        self.subject = subject
        metEndInProgress = false
    }

    private init(code: Code, failures: [Failure], asynchronousTeardowns: [String], subject: Subject?, metEndInProgress: Bool) {
        self.code = code
        self.failures = failures
        self.asynchronousTeardowns = asynchronousTeardowns
        self.subject = subject
        self.metEndInProgress = metEndInProgress
    }

    /// The refusal of a synchronous end that met an `async` end of the same owner in progress.
    static let endInProgress = DisposalError(
        code: .needsAwait, failures: [], asynchronousTeardowns: ["an async close() or shutdown() in progress"], subject: nil,
        metEndInProgress: true)

    /// This error, naming `subject` as what was being ended.
    package func ending(_ subject: Subject) -> DisposalError {
        DisposalError(
            code: code, failures: failures, asynchronousTeardowns: asynchronousTeardowns, subject: subject,
            metEndInProgress: metEndInProgress)
    }

    /// The three-part message.
    public var description: String {
        let what = subject?.name ?? "the scope or container"
        let (syncCall, asyncCall) =
            switch subject {
            case .scope: ("syncClose()", "`try await scope.close()`")
            case .container: ("syncShutdown()", "`try await container.shutdown()`")
            case nil: ("syncClose() or syncShutdown()", "`try await scope.close()` or `try await container.shutdown()`")
            }
        if code == .needsAwait && metEndInProgress {
            return """
                Wiring: \(syncCall) of \(what) met an async end of it in progress, and returned at once instead of blocking its thread until that end finishes.
                  \(what): being ended by that call; this one disposed nothing.
                To fix: await the end that is in progress with \(asyncCall): a second call waits for the first and reports its failures.
                """
        }
        if code == .needsAwait {
            return """
                Wiring: \(syncCall) of \(what) cannot await what ending it needs: \(asynchronousTeardowns.joined(separator: ", ")).
                  \(what): still open; nothing was disposed.
                To fix: end it with \(asyncCall), or give those registrations a synchronous teardown (`Disposable`, or an `onDispose` closure that does not await).
                """
        }
        var lines = [
            "Wiring: ending \(what): \(failures.count) teardown\(failures.count == 1 ? "" : "s") failed; the others ran."
        ]
        lines += failures.map { "  \($0.registration): \($0.error)" }
        lines.append("To fix: see each error; every instance was disposed at most once, and none will be again.")
        return lines.joined(separator: "\n")
    }
}

/// The failure a synchronous end reports for an asynchronous teardown it could only start.
package struct AsynchronousTeardownNotAwaited: Error, CustomStringConvertible {
    package init() {}

    package var description: String {
        "an asynchronous teardown that syncClose() or syncShutdown() could only start, in a task; an `async` close() or shutdown() awaits it"
    }
}
