import Fluent
import TodoDomain
import Vapor
import Wiring
import WiringVapor

/// One request's database work: a Fluent transaction around the rest of the request, committed
/// when the response succeeds and rolled back when the handler throws or answers with an
/// error status. The request's scope is given the transaction as its `any Database`, so the
/// stores the handlers resolve work in it.
///
/// It comes after ``WiringVapor/WiringMiddleware``, so that the scope exists, and the scope
/// closes after the transaction has ended. Every response it passes on, an error's included,
/// carries the request's ``UnitOfWork/id`` in `x-unit-of-work`, as the Hummingbird example's
/// do.
///
/// Requests that write run their transactions one at a time. Fluent's SQLite driver keeps a
/// connection per event loop, and SQLite fails at once (`database is locked`, a 500) one of two
/// transactions on two connections that both read and then write: neither can wait for the
/// other. Readers never take a write lock, so they run beside the writer.
struct UnitOfWorkMiddleware: AsyncMiddleware {
    /// Shared by every request of the app: one middleware is made per app.
    let writers = WriterGate()

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let work = try request.resolve(UnitOfWork.self)
        let writes = ![.GET, .HEAD, .OPTIONS].contains(request.method)
        if writes { await writers.enter() }
        let response: Response
        do {
            response = try await transaction(request, next)
        } catch {
            // Answered here, not by the outer JSON errors, so that the response has its header.
            response = JSONErrorMiddleware.response(for: error, request: request)
        }
        if writes { await writers.leave() }
        response.headers.replaceOrAdd(name: UnitOfWork.header, value: "\(work.id)")
        return response
    }

    /// The rest of the request in a transaction, rolled back if it throws or answers with an
    /// error status.
    private func transaction(_ request: Request, _ next: any AsyncResponder) async throws -> Response {
        do {
            return try await request.db.transaction { transaction in
                try request.wiring.provide(transaction, as: (any Database).self)
                let response = try await next.respond(to: request)
                // An error the handler answered with instead of throwing undoes its writes too.
                if response.status.code >= 400 { throw RolledBack(response: response) }
                return response
            }
        } catch let rolledBack as RolledBack {
            return rolledBack.response
        }
    }

    /// Ends the transaction with a rollback and hands the response on.
    struct RolledBack: Error {
        let response: Response
    }
}

/// Lets one writer in at a time, the others waiting in order, without blocking a thread.
actor WriterGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until no other writer is in.
    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Lets the next writer in, if one waits.
    func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// One request's unit of work: the id its response carries in `x-unit-of-work`, unique in the
/// process because each request scope builds its own, and counted when the scope disposes of
/// it, for the load test's check that every one is.
final class UnitOfWork: Sendable {
    /// The response header with the id.
    static let header = "x-unit-of-work"

    /// Unique in the process.
    let id: Int
    private let statistics: UnitOfWorkStatistics

    init(statistics: UnitOfWorkStatistics) {
        self.id = statistics.created()
        self.statistics = statistics
    }

    /// The request scope is closing.
    func dispose() {
        statistics.disposed()
    }
}

extension Container {
    /// `any Database` in each request scope: the request's transaction, given to the scope by
    /// ``UnitOfWorkMiddleware``.
    func registerRequestDatabase() {
        register((any Database).self, lifetime: .scoped("request")) { _ in throw NoTransaction() }
            .providedToScopes()
            .validatedAsRoot()
    }
}

/// A store was resolved in a request that ``UnitOfWorkMiddleware`` did not see.
struct NoTransaction: Error, CustomStringConvertible {
    var description: String {
        "the request's scope has no database: UnitOfWorkMiddleware gives it the request's transaction; add it after WiringMiddleware on the routes that use the stores."
    }
}
