/// What the domain refuses, without naming an HTTP framework: each server answers with the
/// kind's ``Kind/statusCode`` and passes the message to the client.
public struct DomainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the request was refused.
    public enum Kind: Sendable, Equatable {
        /// The id names nothing stored.
        case notFound
        /// The value breaks a rule of the domain (an empty name, a title too long).
        case invalid
        /// The request itself is malformed (a page size out of range).
        case badRequest

        /// The HTTP status code both servers answer with: 404, 422 or 400.
        public var statusCode: Int {
            switch self {
            case .notFound: 404
            case .invalid: 422
            case .badRequest: 400
            }
        }
    }

    /// Why.
    public let kind: Kind
    /// What went wrong, for the client.
    public let message: String

    /// An error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
