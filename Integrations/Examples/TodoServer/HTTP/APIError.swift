import Foundation
public import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// An error the API reports to the client as it is: a status and a message.
public struct APIError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// What went wrong, for the client.
    public let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `404 Not Found: no user with id 7`.
    public var description: String { "\(status.code) \(status.reasonPhrase): \(message)" }
}

/// The JSON body of every error response: `{"error": {"status": 404, "message": "…"}}`.
public struct ErrorBody: Codable, Sendable {
    /// The status and message.
    public struct Detail: Codable, Sendable {
        /// The HTTP status code.
        public let status: Int
        /// What went wrong.
        public let message: String
    }

    /// The error.
    public let error: Detail
}

extension APIError {
    /// The error response for anything a handler or middleware threw: its own status and
    /// message for an ``APIError`` or a Hummingbird `HTTPError` (malformed JSON, a missing
    /// field, an oversized body, an unknown route), and a plain 500 for anything else, whose
    /// details go to the log, not to the client.
    static func response(for error: any Error, logger: Logger) -> Response {
        let status: HTTPResponse.Status
        let message: String
        switch error {
        case let error as APIError:
            (status, message) = (error.status, error.message)
        case let error as HTTPError:
            (status, message) = (error.status, error.body ?? error.status.reasonPhrase)
        case let error as any HTTPResponseError:
            (status, message) = (error.status, error.status.reasonPhrase)
        default:
            logger.error("Request failed", metadata: ["error": "\(error)"])
            (status, message) = (.internalServerError, "internal error")
        }
        let body = ErrorBody(error: .init(status: status.code, message: message))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(body)) ?? Data(#"{"error":{"status":500}}"#.utf8)
        let json = ByteBuffer(bytes: data)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: json)
        )
    }
}

extension APIError {
    /// The response `produce` makes, or the error response for what it throws.
    static func responding(logger: Logger, _ produce: () async throws -> Response) async -> Response {
        do {
            return try await produce()
        } catch {
            return response(for: error, logger: logger)
        }
    }
}

/// Turns every error into a JSON error response; outermost, so that nothing reaches the client
/// as Hummingbird's plain-text default.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    @concurrent
    func handle(
        _ request: Request,
        context: Context,
        next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        await APIError.responding(logger: context.logger) { try await next(request, context) }
    }
}
