import Fluent
import Foundation
public import TodoDomain
public import Vapor
import WiringLogging
import WiringVapor

extension User: Content {}
extension Todo: Content {}

/// The JSON API of the Hummingbird example, on Vapor: each handler resolves the domain's
/// stores and service from the request's scope, over the request's transaction.
enum Routes {
    static func add(to api: any RoutesBuilder, recording methods: inout AllowedMethods) {
        methods.on(api, .POST, "users") { req in
            let body = try body(NewUser.self, of: req)
            let user = try await req.resolve((any UserStore).self).create(name: try Rules.name(body.name))
            req.logger.info("Created user", metadata: ["user.id": "\(user.id)"])
            return try json(user, status: .created)
        }
        methods.on(api, .GET, "users") { req in
            let page = try TodoDomain.Page(req)
            return try page.response(try await req.resolve((any UserStore).self).page(page), for: req, id: \.id)
        }
        methods.on(api, .GET, "users", ":id") { req in
            try json(try await req.resolve((any UserStore).self).find(try id(req)))
        }
        methods.on(api, .DELETE, "users", ":id") { req in
            try await req.resolve((any UserStore).self).delete(try id(req))
            return Response(status: .noContent)
        }
        methods.on(api, .POST, "users", ":id", "todos") { req in
            let userID = try id(req)
            let body = try body(NewTodo.self, of: req)
            let title = try Rules.title(body.title)
            _ = try await req.resolve((any UserStore).self).find(userID)
            return try json(try await req.resolve((any TodoStore).self).create(userID: userID, title: title), status: .created)
        }
        methods.on(api, .POST, "users", ":id", "todos", "batch") { req in
            let userID = try id(req)
            let body = try body([NewTodo].self, of: req)
            return try json(try await req.resolve(UserService.self).addTodos(userID: userID, body), status: .created)
        }
        methods.on(api, .GET, "users", ":id", "todos") { req in
            let userID = try id(req)
            let page = try TodoDomain.Page(req)
            _ = try await req.resolve((any UserStore).self).find(userID)
            return try page.response(try await req.resolve((any TodoStore).self).page(userID: userID, page), for: req, id: \.id)
        }
        methods.on(api, .GET, "todos", ":id") { req in
            try json(try await req.resolve((any TodoStore).self).find(try id(req)))
        }
        methods.on(api, .PATCH, "todos", ":id") { req in
            let todoID = try id(req)
            let change = try body(TodoChange.self, of: req)
            let todo = try await req.resolve((any TodoStore).self).update(
                todoID,
                title: try change.title.map(Rules.title),
                done: change.done
            )
            return try json(todo)
        }
        methods.on(api, .DELETE, "todos", ":id") { req in
            try await req.resolve((any TodoStore).self).delete(try id(req))
            return Response(status: .noContent)
        }
    }

    /// The load test's two routes (see `TodoDomain.Greeting`): `/bench/wired` resolves the
    /// greeting from the request scope, `/bench/manual` builds the same graph by hand.
    static func addBench(to app: Application, scopes: WiringMiddleware, recording methods: inout AllowedMethods) {
        methods.on(app.grouped(scopes), .GET, "bench", "wired") { req in try json(try req.resolve(Greeting.self)) }
        let greeter = Greeter()
        methods.on(app, .GET, "bench", "manual") { req in
            try json(Greeting(requestID: RequestIdentifier(req.id), greeter: greeter))
        }
    }

    /// The `:id` of the path, parsed as both servers parse it (`TodoDomain.Input.id(_:)`).
    static func id(_ req: Request) throws(DomainError) -> Int {
        try Input.id(req.parameters.get("id"))
    }

    /// The body as the JSON the route takes, parsed as both servers parse it
    /// (`TodoDomain.Input.json(_:from:)`); Vapor refuses a body over the routes'
    /// `defaultMaxBodySize` (`Input.maximumBodySize`) with 413 before the handler runs.
    static func body<Body: Decodable>(_ type: Body.Type, of req: Request) throws(DomainError) -> Body {
        try Input.json(type, from: req.body.data.flatMap { $0.readableBytes == 0 ? nil : Data($0.readableBytesView) })
    }

    /// `value` as JSON with sorted keys, so a response reads the same every time.
    static func json(_ value: some Encodable, status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:]) throws
        -> Response
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var headers = headers
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        return Response(status: status, headers: headers, body: .init(data: try encoder.encode(value)))
    }
}

extension TodoDomain.Page {
    /// The page the request asks for with `?limit=N&after=ID`.
    init(_ req: Request) throws(DomainError) {
        self = try Input.page(query: req.url.query)
    }

    /// The items (fetched with one more than the limit) as the response, with a `Link` header
    /// to the next page if there is one.
    func response<Item: Encodable>(_ fetched: [Item], for req: Request, id: (Item) -> Int) throws -> Response {
        let (items, nextAfter) = split(fetched, id: id)
        var headers: HTTPHeaders = [:]
        if let nextAfter {
            headers.add(name: "Link", value: "<\(req.url.path)?limit=\(limit)&after=\(nextAfter)>; rel=\"next\"")
        }
        return try Routes.json(items, headers: headers)
    }
}

/// The methods each path answers, recorded as its routes are added, so that another method on a
/// known path gets 405 with an `Allow` header (and `OPTIONS` 204 with it) instead of Vapor's 404.
struct AllowedMethods {
    private var table = MethodTable()

    /// Adds the route and records its method.
    mutating func on(
        _ routes: any RoutesBuilder,
        _ method: HTTPMethod,
        _ path: PathComponent...,
        use handler: @escaping @Sendable (Request) async throws -> Response
    ) {
        routes.on(method, path, use: handler)
        record(path, method)
    }

    /// Records a route added some other way.
    mutating func record(_ path: [PathComponent], _ method: HTTPMethod) {
        table.record(path.string, method.rawValue)
    }

    /// Answers the methods of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS and TRACE that no
    /// route of a path handles. `HEAD` is allowed wherever `GET` is: Vapor answers it with the
    /// GET route.
    func answerOtherMethods(on routes: any RoutesBuilder) {
        for (path, methods, allow) in table.unanswered {
            for method in methods.map(HTTPMethod.init(rawValue:)) {
                routes.on(method, path.pathComponents) { _ -> Response in
                    if method == .OPTIONS { return Response(status: .noContent, headers: ["Allow": allow]) }
                    throw Abort(
                        .methodNotAllowed,
                        headers: ["Allow": allow],
                        reason: "\(method.rawValue) is not allowed on /\(path); allowed: \(allow)"
                    )
                }
            }
        }
    }
}
