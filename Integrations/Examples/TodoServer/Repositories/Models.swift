public import Hummingbird

/// A user, as the API returns it.
public struct User: Codable, Sendable, Equatable, ResponseCodable {
    public let id: Int
    public let name: String
}

/// A todo, as the API returns it.
public struct Todo: Codable, Sendable, Equatable, ResponseCodable {
    public let id: Int
    public let userID: Int
    public let title: String
    public let done: Bool
}

/// The body of `POST /users`.
struct NewUser: Decodable {
    let name: String
}

/// The body of `POST /users/:id/todos`, and an element of the batch form.
struct NewTodo: Decodable {
    let title: String
}

/// The body of `PATCH /todos/:id`: each field is optional.
struct TodoChange: Decodable {
    let title: String?
    let done: Bool?
}

/// Rules every stored value follows, checked before anything is written: one line of text,
/// trimmed, not empty, not too long. Control characters (U+0000 to U+001F and U+007F to U+009F:
/// NUL, newlines, tabs, escapes) and the line and paragraph separators (U+2028, U+2029) are
/// refused rather than stored, because a name or title is one line of display text, and because
/// SQLite reads text up to its first NUL. Other invisible characters (joiners, which emoji
/// sequences need, and direction marks) are allowed.
enum Rules {
    static func name(_ name: String) throws(APIError) -> String {
        try text(name, named: "name", maximumLength: 100)
    }

    static func title(_ title: String) throws(APIError) -> String {
        try text(title, named: "title", maximumLength: 200)
    }

    private static func text(_ text: String, named field: String, maximumLength: Int) throws(APIError) -> String {
        let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        if let control = text.unicodeScalars.first(where: { breaking.contains($0.properties.generalCategory) }) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw APIError(
                .unprocessableContent,
                "\(field) must not contain control characters or line breaks (found U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code))"
            )
        }
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw APIError(.unprocessableContent, "\(field) must not be empty") }
        guard trimmed.count <= maximumLength else {
            throw APIError(.unprocessableContent, "\(field) must be at most \(maximumLength) characters")
        }
        return trimmed
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
