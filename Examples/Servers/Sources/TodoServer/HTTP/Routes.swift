import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TodoDomain
import WiringHummingbird

/// The JSON API. Each handler resolves what it needs from the request's scope; the unit of
/// work under it commits or rolls back when the response is known.
enum Routes {
    static func add(to api: RouterGroup<TodoContext>, recording methods: inout AllowedMethods) {
        methods.on(api, "users", .post) { request, context in
            let body = try await body(NewUser.self, of: request)
            let user = try await context.resolve((any UserStore).self).create(name: try Rules.name(body.name))
            try context.resolve(Logger.self).info("Created user", metadata: ["user.id": "\(user.id)"])
            return EditedResponse(status: .created, response: user)
        }
        methods.on(api, "users", .get) { request, context in
            let page = try Page(request)
            return page.response(try await context.resolve((any UserStore).self).page(page), for: request, id: \.id)
        }
        methods.on(api, "users/:id", .get) { _, context in
            try await context.resolve((any UserStore).self).find(try id(context))
        }
        methods.on(api, "users/:id", .delete) { _, context in
            try await context.resolve((any UserStore).self).delete(try id(context))
            return HTTPResponse.Status.noContent
        }
        methods.on(api, "users/:id/todos", .post) { request, context in
            let userID = try id(context)
            let body = try await body(NewTodo.self, of: request)
            let title = try Rules.title(body.title)
            _ = try await context.resolve((any UserStore).self).find(userID)
            let todo = try await context.resolve((any TodoStore).self).create(userID: userID, title: title)
            return EditedResponse(status: .created, response: todo)
        }
        methods.on(api, "users/:id/todos/batch", .post) { request, context in
            let userID = try id(context)
            let body = try await body([NewTodo].self, of: request)
            let todos = try await context.resolve(UserService.self).addTodos(userID: userID, body)
            return EditedResponse(status: .created, response: todos)
        }
        methods.on(api, "users/:id/todos", .get) { request, context in
            let userID = try id(context)
            let page = try Page(request)
            _ = try await context.resolve((any UserStore).self).find(userID)
            let todos = try await context.resolve((any TodoStore).self).page(userID: userID, page)
            return page.response(todos, for: request, id: \.id)
        }
        methods.on(api, "todos/:id", .get) { _, context in
            try await context.resolve((any TodoStore).self).find(try id(context))
        }
        methods.on(api, "todos/:id", .patch) { request, context in
            let id = try id(context)
            let change = try await body(TodoChange.self, of: request)
            return try await context.resolve((any TodoStore).self).update(
                id,
                title: try change.title.map(Rules.title),
                done: change.done
            )
        }
        methods.on(api, "todos/:id", .delete) { _, context in
            try await context.resolve((any TodoStore).self).delete(try id(context))
            return HTTPResponse.Status.noContent
        }
    }

    /// The `:id` of the path, parsed as both servers parse it (`TodoDomain.Input.id(_:)`).
    static func id(_ context: TodoContext) throws(DomainError) -> Int {
        try Input.id(context.parameters.get("id").map { $0.removingPercentEncoding ?? $0 })
    }

    /// The body as the JSON the route takes, parsed as both servers parse it
    /// (`TodoDomain.Input.json(_:from:)`); a body over `Input.maximumBodySize` is a 413.
    static func body<Body: Decodable>(_ type: Body.Type, of request: Request) async throws -> Body {
        let bytes = try await request.body.collect(upTo: Input.maximumBodySize)
        return try Input.json(type, from: bytes.readableBytes == 0 ? nil : Data(bytes.readableBytesView))
    }
}

/// The methods each path answers, recorded as its routes are added, so that another method on a
/// known path gets 405 with an `Allow` header (and `OPTIONS` gets 204 with it) instead of 404.
struct AllowedMethods {
    private var table = MethodTable()

    /// Adds the route to `router` and records its method.
    mutating func on<Router: RouterMethods<TodoContext>, Output: ResponseGenerator>(
        _ router: Router,
        _ path: String,
        _ method: HTTPRequest.Method,
        use handler: @escaping @Sendable (Request, TodoContext) async throws -> Output
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        record(path, method)
    }

    /// Records a route added some other way (on a group with a path of its own).
    mutating func record(_ path: String, _ method: HTTPRequest.Method) {
        table.record(path, method.rawValue)
    }

    /// Answers the methods no route of a path handles (``TodoDomain/MethodTable/unanswered``):
    /// `OPTIONS` with 204 and the `Allow` header, the others with 405 and the same header. `HEAD`
    /// is answered wherever `GET` is by the router, built with `.autoGenerateHeadEndpoints`.
    func answerOtherMethods(on router: Hummingbird.Router<TodoContext>) {
        for (path, methods, allow) in table.unanswered {
            for method in methods.compactMap({ HTTPRequest.Method($0) }) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    if method == .options { return Response(status: .noContent, headers: [.allow: allow]) }
                    throw APIError(
                        .methodNotAllowed,
                        "\(method.rawValue) is not allowed on /\(path); allowed: \(allow)",
                        headers: [.allow: allow]
                    )
                }
            }
        }
    }
}

extension Page {
    /// The page `request` asks for with `?limit=N&after=ID`; a malformed or out-of-range value
    /// is a 400 naming it.
    init(_ request: Request) throws(DomainError) {
        self = try Input.page(query: request.uri.query)
    }

    /// The items (fetched with one more than the limit) as the response: at most `limit` of
    /// them, and a `Link: <…?limit=N&after=ID>; rel="next"` header if a next page exists.
    func response<Item: ResponseEncodable>(_ fetched: [Item], for request: Request, id: (Item) -> Int)
        -> EditedResponse<[Item]>
    {
        let (items, nextAfter) = split(fetched, id: id)
        var headers: HTTPFields = [:]
        // The link carries the two parameters a list takes; a list that takes more (a filter)
        // must carry those too.
        if let nextAfter {
            headers[.link] = "<\(request.uri.path)?limit=\(limit)&after=\(nextAfter)>; rel=\"next\""
        }
        return EditedResponse(headers: headers, response: items)
    }
}

extension HTTPField.Name {
    /// `Link` (RFC 8288), for the next page of a list.
    static var link: Self { Self("Link")! }
}
