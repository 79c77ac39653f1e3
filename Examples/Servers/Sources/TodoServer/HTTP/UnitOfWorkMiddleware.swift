public import HTTPTypes
import Hummingbird
import WiringHummingbird

extension HTTPField.Name {
    /// The response header that carries the request's ``UnitOfWork/id``: unique per request,
    /// because the unit of work is a scoped instance.
    public static let unitOfWork = HTTPField.Name("x-unit-of-work")!
}

/// Ends each request's unit of work: commits when the response succeeds (status below 400),
/// rolls back when it fails or a handler throws, so that a request that fails half-way stores
/// nothing. The response carries the unit of work's id.
struct UnitOfWorkMiddleware<Context: WiringRequestContext>: RouterMiddleware {
    @concurrent
    func handle(
        _ request: Request,
        context: Context,
        next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let work = try context.resolve(UnitOfWork.self)
        var response = await APIError.responding(logger: context.logger) { try await next(request, context) }
        if response.status.code < 400 {
            response = await APIError.responding(logger: context.logger) {
                try await work.commit()
                return response
            }
        } else {
            await work.rollback()
        }
        response.headers[.unitOfWork] = "\(work.id)"
        return response
    }
}
