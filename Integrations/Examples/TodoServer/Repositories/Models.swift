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

/// Rules every stored value follows, checked before anything is written.
enum Rules {
    static func name(_ name: String) throws(APIError) -> String {
        let trimmed = name.trimmingWhitespace
        guard !trimmed.isEmpty else { throw APIError(.unprocessableContent, "name must not be empty") }
        guard trimmed.count <= 100 else { throw APIError(.unprocessableContent, "name must be at most 100 characters") }
        return trimmed
    }

    static func title(_ title: String) throws(APIError) -> String {
        let trimmed = title.trimmingWhitespace
        guard !trimmed.isEmpty else { throw APIError(.unprocessableContent, "title must not be empty") }
        guard trimmed.count <= 200 else { throw APIError(.unprocessableContent, "title must be at most 200 characters") }
        return trimmed
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
