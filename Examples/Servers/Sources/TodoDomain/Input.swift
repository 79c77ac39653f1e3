public import Foundation

/// What both servers take from a request, parsed here once so that the same input gets the same
/// answer from either: the id in a path, a list's query, and a JSON body. Each failure is a
/// ``DomainError`` with the message the client sees; no framework's or Swift's own error text
/// reaches the client.
public enum Input {
    /// The largest body a route takes, in bytes; a larger one is refused with 413.
    public static let maximumBodySize = 64 * 1024

    /// The message of the 413 that both servers answer a larger body with.
    public static let bodyTooLargeMessage = "the body is larger than \(maximumBodySize) bytes"

    /// The message of the 404 that both servers answer a path no route has with.
    public static func noRoute(_ method: String, _ path: String) -> String {
        "no route for \(method) \(path)"
    }

    /// The id in a path (`/users/:id`): a non-negative integer, in decimal digits only (no sign,
    /// no spaces), as the path parameter gives it, percent-decoding already undone.
    public static func id(_ text: String?) throws(DomainError) -> Int {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let id = Int(text)
        else {
            throw DomainError(.badRequest, "the id in the path must be a non-negative integer")
        }
        return id
    }

    /// The page a list's query string (without its `?`) asks for: `limit` and `after`, each at
    /// most once. A value given twice is refused, rather than one of them silently winning.
    public static func page(query: String?) throws(DomainError) -> Page {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            guard name == "limit" || name == "after" else { continue }
            guard values[name] == nil else { throw DomainError(.badRequest, "\(name) must be given at most once") }
            values[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return try Page(limit: values["limit"], after: values["after"])
    }

    /// The body as the JSON a route takes. The message names the field at fault, never Swift's
    /// type names.
    public static func json<Body: Decodable>(_ type: Body.Type, from data: Data?) throws(DomainError) -> Body {
        guard let data, !data.isEmpty else {
            throw DomainError(.badRequest, "the body is empty: this route takes \(shape(of: type))")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw DomainError(.badRequest, "the body is not the JSON this route takes: \(describe(error, type))")
        } catch {
            throw DomainError(.badRequest, "the body is not the JSON this route takes: it is not valid JSON")
        }
    }

    private static func shape<Body>(of type: Body.Type) -> String {
        type is any Collection.Type ? "a JSON array" : "a JSON object"
    }

    private static func describe<Body>(_ error: DecodingError, _ type: Body.Type) -> String {
        switch error {
        case .keyNotFound(let key, let context): "`\(field(context.codingPath + [key]))` is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            context.codingPath.isEmpty ? "it must be \(shape(of: type))" : "`\(field(context.codingPath))` has the wrong type"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "it is not valid JSON" : "`\(field(context.codingPath))` has the wrong type"
        @unknown default: "it is not valid JSON"
        }
    }

    /// `todos.0.title` for a coding path.
    private static func field(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// A query component with `+` as a space and percent-escapes undone (left as it is if an
    /// escape is malformed).
    private static func decode(_ component: Substring) -> String {
        let spaced = component.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
