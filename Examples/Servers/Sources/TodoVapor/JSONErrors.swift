import Foundation
import TodoDomain
import Vapor

/// The body of every error response: `{"error": {"status": 404, "message": "…"}}`, as the
/// Hummingbird example's.
struct ErrorBody: Content {
    struct Detail: Content {
        let status: Int
        let message: String
    }

    let error: Detail
}

/// Turns every error into a JSON error response: the domain's with their status, Vapor's
/// `AbortError`s (an oversized body, an unknown route, a 405) with theirs, worded as the
/// Hummingbird example words them, and anything else as a plain 500 whose details go to the log, not to the client.
struct JSONErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return Self.response(for: error, request: request)
        }
    }

    static func response(for error: any Error, request: Request) -> Response {
        let status: HTTPResponseStatus
        let message: String
        var headers: HTTPHeaders = [:]
        switch error {
        case let error as DomainError:
            (status, message) = (HTTPResponseStatus(statusCode: error.kind.statusCode), error.message)
        case let error as any AbortError where error.status == .payloadTooLarge:
            (status, message) = (error.status, Input.bodyTooLargeMessage)
        case let error as any AbortError where error.status == .notFound:
            (status, message) = (error.status, Input.noRoute(request.method.rawValue, request.url.path))
        case let error as any AbortError:
            status = error.status
            message = error.reason
            headers = error.headers
        default:
            request.logger.error("Request failed", metadata: ["error": "\(error)"])
            status = .internalServerError
            message = "internal error"
        }
        return response(status: status, message: message, headers: headers)
    }

    /// An error response: `status`, and `message` in the API's JSON error shape.
    static func response(status: HTTPResponseStatus, message: String, headers: HTTPHeaders = [:]) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data =
            (try? encoder.encode(ErrorBody(error: .init(status: Int(status.code), message: message))))
            ?? Data(#"{"error":{"status":500}}"#.utf8)
        var headers = headers
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        return Response(status: status, headers: headers, body: .init(data: data))
    }
}
