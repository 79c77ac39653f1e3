import Foundation
import Testing

/// What a case expects back: a response with `status` and, if given, exactly this body (`body`)
/// or this JSON error message (`message`, with the same status in the body), and these headers
/// (`"*"`: present, with any value; `""`: absent).
struct Expected: Sendable {
    let status: Int
    var body: String? = nil
    var message: String? = nil
    var headers: [String: String] = [:]
}

/// One HTTP exchange both servers must answer alike: the one behaviour of the example API,
/// specified once.
struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    /// The request line and any headers, without `Host`, `Connection` or the blank line.
    let request: String
    let body: String
    let expected: Expected

    init(_ name: String, _ request: String, body: String = "", _ expected: Expected) {
        self.name = name
        self.request = request
        self.body = body
        self.expected = expected
    }

    var testDescription: String { name }
}

/// JSON's media type, as both servers send it.
let jsonType = "application/json; charset=utf-8"

/// An error response: its status and message, in the JSON error shape, as JSON.
func error(_ status: Int, _ message: String, headers: [String: String] = [:]) -> Expected {
    Expected(status: status, message: message, headers: headers.merging(["content-type": jsonType, "date": "*"]) { $1 })
}

/// An API response: its status and exact JSON body, with a unit of work of its own.
func ok(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> Expected {
    Expected(
        status: status, body: body, headers: headers.merging(["content-type": jsonType, "x-unit-of-work": "*", "date": "*"]) { $1 })
}

let notAnID = "the id in the path must be a non-negative integer"
let notTheJSON = "the body is not the JSON this route takes: "

/// Every case, run in this order against a server holding user 1 ("Ada") with todo 1 ("first").
let cases: [Case] = [
    // Every route, as it succeeds.
    Case("health", "GET /health HTTP/1.1", Expected(status: 200, body: "ok")),
    Case("read a user", "GET /users/1 HTTP/1.1", ok(#"{"id":1,"name":"Ada"}"#)),
    Case("read a user with a percent-encoded id", "GET /users/%31 HTTP/1.1", ok(#"{"id":1,"name":"Ada"}"#)),
    Case(
        "read a user with an absolute-form target (RFC 9112 3.2.2)", "GET http://conformance/users/1 HTTP/1.1",
        ok(#"{"id":1,"name":"Ada"}"#)),
    Case("HEAD a user: the GET's status and headers, no body", "HEAD /users/1 HTTP/1.1", Expected(status: 200, body: "")),
    Case("list users", "GET /users HTTP/1.1", ok(#"[{"id":1,"name":"Ada"}]"#, headers: ["link": ""])),
    Case("create a user", "POST /users HTTP/1.1", body: #"{"name": "  Grace "}"#, ok(#"{"id":2,"name":"Grace"}"#, status: 201)),
    Case(
        "list users in pages, with a Link to the next", "GET /users?limit=1 HTTP/1.1",
        ok(#"[{"id":1,"name":"Ada"}]"#, headers: ["link": #"</users?limit=1&after=1>; rel="next""#])),
    Case("the next page", "GET /users?limit=1&after=1 HTTP/1.1", ok(#"[{"id":2,"name":"Grace"}]"#, headers: ["link": ""])),
    Case("delete a user", "DELETE /users/2 HTTP/1.1", Expected(status: 204, body: "", headers: ["x-unit-of-work": "*"])),
    Case("a deleted user is gone", "GET /users/2 HTTP/1.1", error(404, "no user with id 2")),
    Case(
        "ids are never reused", "POST /users HTTP/1.1", body: #"{"name": "Linus"}"#, ok(#"{"id":3,"name":"Linus"}"#, status: 201)),
    Case(
        "create a todo", "POST /users/1/todos HTTP/1.1", body: #"{"title": "second"}"#,
        ok(#"{"done":false,"id":2,"title":"second","userID":1}"#, status: 201)),
    Case(
        "create todos in a batch", "POST /users/1/todos/batch HTTP/1.1", body: #"[{"title": "third"}]"#,
        ok(#"[{"done":false,"id":3,"title":"third","userID":1}]"#, status: 201)),
    Case(
        "list a user's todos in pages", "GET /users/1/todos?limit=2 HTTP/1.1",
        ok(
            #"[{"done":false,"id":1,"title":"first","userID":1},{"done":false,"id":2,"title":"second","userID":1}]"#,
            headers: ["link": #"</users/1/todos?limit=2&after=2>; rel="next""#])),
    Case("read a todo", "GET /todos/1 HTTP/1.1", ok(#"{"done":false,"id":1,"title":"first","userID":1}"#)),
    Case(
        "change a todo", "PATCH /todos/1 HTTP/1.1", body: #"{"done": true}"#,
        ok(#"{"done":true,"id":1,"title":"first","userID":1}"#)),
    Case("delete a todo", "DELETE /todos/3 HTTP/1.1", Expected(status: 204, body: "", headers: ["x-unit-of-work": "*"])),
    Case("a deleted todo is gone", "GET /todos/3 HTTP/1.1", error(404, "no todo with id 3")),

    // Ids.
    Case("a negative id", "GET /users/-1 HTTP/1.1", error(400, notAnID)),
    Case("a non-numeric id", "GET /users/abc HTTP/1.1", error(400, notAnID)),
    Case("an id with a sign", "GET /todos/+1 HTTP/1.1", error(400, notAnID)),
    Case("a fractional id", "GET /todos/1.5 HTTP/1.1", error(400, notAnID)),
    Case("an id too large for an integer", "GET /users/99999999999999999999 HTTP/1.1", error(400, notAnID)),
    Case("an unknown user", "GET /users/999 HTTP/1.1", error(404, "no user with id 999")),
    Case("todos of an unknown user", "POST /users/999/todos HTTP/1.1", body: #"{"title": "x"}"#, error(404, "no user with id 999")),

    // Bodies.
    Case("an empty body", "POST /users HTTP/1.1", error(400, "the body is empty: this route takes a JSON object")),
    Case("malformed JSON", "POST /users HTTP/1.1", body: "{", error(400, notTheJSON + "it is not valid JSON")),
    Case("an array where an object goes", "POST /users HTTP/1.1", body: "[]", error(400, notTheJSON + "it must be a JSON object")),
    Case(
        "an object where an array goes", "POST /users/1/todos/batch HTTP/1.1", body: "{}",
        error(400, notTheJSON + "it must be a JSON array")),
    Case("a missing field", "POST /users HTTP/1.1", body: "{}", error(400, notTheJSON + "`name` is missing")),
    Case("a field of the wrong type", "POST /users HTTP/1.1", body: #"{"name": 5}"#, error(400, notTheJSON + "`name` has the wrong type")),
    Case("null for a field", "POST /users HTTP/1.1", body: #"{"name": null}"#, error(400, notTheJSON + "`name` has the wrong type")),
    Case(
        "a wrong type inside a batch", "POST /users/1/todos/batch HTTP/1.1", body: #"[{"title": 1}]"#,
        error(400, notTheJSON + "`0.title` has the wrong type")),
    Case(
        "JSON nested 10,000 deep", "POST /users HTTP/1.1", body: String(repeating: "[", count: 10_000),
        error(400, notTheJSON + "it is not valid JSON")),
    Case(
        "control characters", "POST /users HTTP/1.1", body: #"{"name": "a\u0000b"}"#,
        error(422, "name must not contain control characters or line breaks (found U+0000)")),
    Case("an empty name", "POST /users HTTP/1.1", body: #"{"name": "   "}"#, error(422, "name must not be empty")),
    Case(
        "a name too long in characters", "POST /users HTTP/1.1", body: #"{"name": "\#(String(repeating: "a", count: 101))"}"#,
        error(422, "name must be at most 100 characters")),
    Case(
        "a one-character name too long in bytes", "POST /users HTTP/1.1",
        body: #"{"name": "a\#(String(repeating: "\u{301}", count: 300))"}"#,
        error(422, "name must be at most 400 bytes of UTF-8 (found 601: combining marks count)")),
    Case(
        "a body over 64 KiB", "POST /users HTTP/1.1", body: #"{"name": "\#(String(repeating: "a", count: 70_000))"}"#,
        error(413, "the body is larger than 65536 bytes")),

    // Methods and paths.
    Case(
        "a method a path does not answer", "PUT /users/1 HTTP/1.1", body: "{}",
        error(
            405, "PUT is not allowed on /users/:id; allowed: GET, HEAD, DELETE, OPTIONS", headers: ["allow": "GET, HEAD, DELETE, OPTIONS"])
    ),
    Case("OPTIONS", "OPTIONS /users HTTP/1.1", Expected(status: 204, body: "", headers: ["allow": "GET, HEAD, POST, OPTIONS"])),
    Case("an unknown path", "GET /nope HTTP/1.1", error(404, "no route for GET /nope")),

    // Paging.
    Case("a page size of 0", "GET /users?limit=0 HTTP/1.1", error(400, #"limit must be an integer from 1 to 200, not "0""#)),
    Case("a page size too large", "GET /users?limit=201 HTTP/1.1", error(400, #"limit must be an integer from 1 to 200, not "201""#)),
    Case("a non-numeric page size", "GET /users?limit=abc HTTP/1.1", error(400, #"limit must be an integer from 1 to 200, not "abc""#)),
    Case("a negative cursor", "GET /users?after=-1 HTTP/1.1", error(400, #"after must be an integer of at least 0, not "-1""#)),
    Case("a page size given twice", "GET /users?limit=2&limit=3 HTTP/1.1", error(400, "limit must be given at most once")),

    // Framing.
    Case(
        "a bad chunk size", "POST /users HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked",
        body: "zz\r\n{}\r\n",
        error(400, "the request is malformed", headers: ["connection": "close"])),
    Case(
        "a chunked body with trailer fields", "POST /users HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked",
        body: "f\r\n{\"name\":\"Trai\"}\r\n0\r\nX-Check: 1\r\n\r\n",
        ok(#"{"id":4,"name":"Trai"}"#, status: 201)),
]
