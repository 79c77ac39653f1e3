/// A user, as the API returns it.
public struct User: Codable, Sendable, Equatable {
    /// The id the database gave it.
    public let id: Int
    /// The name, one line of text.
    public let name: String

    /// A user with its stored id.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A todo, as the API returns it.
public struct Todo: Codable, Sendable, Equatable {
    /// The id the database gave it.
    public let id: Int
    /// The id of the user it belongs to.
    public let userID: Int
    /// The title, one line of text.
    public let title: String
    /// Whether it is done.
    public let done: Bool

    /// A todo with its stored id.
    public init(id: Int, userID: Int, title: String, done: Bool) {
        self.id = id
        self.userID = userID
        self.title = title
        self.done = done
    }
}

/// The body of `POST /users`.
public struct NewUser: Decodable, Sendable {
    /// The name, checked by ``Rules/name(_:)`` before it is stored.
    public let name: String
}

/// The body of `POST /users/:id/todos`, and an element of the batch form.
public struct NewTodo: Decodable, Sendable {
    /// The title, checked by ``Rules/title(_:)`` before it is stored.
    public let title: String
}

/// The body of `PATCH /todos/:id`: each field is optional.
public struct TodoChange: Decodable, Sendable {
    /// A new title, if it changes.
    public let title: String?
    /// Whether it is done now, if that changes.
    public let done: Bool?
}
