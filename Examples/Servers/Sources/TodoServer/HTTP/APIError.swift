import Foundation
public import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import TodoDomain

/// An error the API reports to the client as it is: a status and a message.
public struct APIError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// What went wrong, for the client.
    public let message: String
    /// Headers the response carries, such as `Allow` on a 405.
    let headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
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
    /// field, an oversized body, an unknown route); 400 for a request whose framing the HTTP
    /// parser rejected (a body cut short by the client, a bad chunk size), the client's fault,
    /// logged at debug level; and a plain 500 for anything else, whose details go to the log at
    /// error level, not to the client.
    static func response(for error: any Error, request: Request? = nil, logger: Logger) -> Response {
        let status: HTTPResponse.Status
        let message: String
        var headers: HTTPFields = [:]
        switch error {
        case let error as APIError:
            (status, message, headers) = (error.status, error.message, error.headers)
        case let error as DomainError:
            (status, message) = (HTTPResponse.Status(code: error.kind.statusCode), error.message)
        case let error as HTTPParserError:
            // Hummingbird closes a connection whose framing it could not parse: say so.
            logger.debug("Malformed request", metadata: ["error": "\(error)"])
            (status, message) = (.badRequest, "the request is malformed")
            headers[.connection] = "close"
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            (status, message) = (error.status, Input.bodyTooLargeMessage)
        case let error as HTTPError where error.status == .notFound:
            // Only the router throws it: a path that no route has.
            let route = request.map { Input.noRoute($0.method.rawValue, $0.uri.path) }
            (status, message) = (error.status, route ?? error.status.reasonPhrase)
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
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data(#"{"error":{"status":500}}"#.utf8)
        let json = ByteBuffer(bytes: data)
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: json))
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
        do {
            return try await next(request, context)
        } catch {
            return APIError.response(for: error, request: request, logger: context.logger)
        }
    }
}
