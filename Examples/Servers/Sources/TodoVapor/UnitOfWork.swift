import Fluent
import Vapor
import Wiring
import WiringVapor

/// One request's database work: a Fluent transaction around the rest of the request, committed
/// when the response succeeds and rolled back when the handler throws or answers with an
/// error status. The request's scope is given the transaction as its `any Database`, so the
/// stores the handlers resolve work in it.
///
/// It comes after ``WiringVapor/WiringMiddleware``, so that the scope exists, and the scope
/// closes after the transaction has ended.
struct UnitOfWorkMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
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
