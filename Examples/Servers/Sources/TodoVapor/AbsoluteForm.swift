import Vapor

/// Serves a request whose target is in absolute form (`GET http://host/users/1`), which RFC 9112
/// §3.2.2 says a server must accept, as its origin form (`/users/1`), as Hummingbird does.
/// Vapor 4.122.3 keeps the whole target as the path, so no route matched it (404). It wraps
/// the app's responder, because Vapor finds the route before any middleware runs.
struct AbsoluteFormResponder: Responder {
    let next: any Responder

    func respond(to request: Request) -> EventLoopFuture<Response> {
        if let origin = Self.originForm(of: request.url.string) { request.url = URI(path: origin) }
        return next.respond(to: request)
    }

    /// `/users/1?limit=2` for `http://host/users/1?limit=2` (Vapor may have put a `/` before
    /// it), `/` for `http://host`, and `nil` for a target in origin form.
    static func originForm(of target: String) -> String? {
        let target = target.hasPrefix("/") ? target.dropFirst() : Substring(target)
        guard let separator = target.range(of: "://"), ["http", "https"].contains(target[..<separator.lowerBound].lowercased())
        else { return nil }
        let afterScheme = target[separator.upperBound...]
        guard let end = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = afterScheme[end...]
        return rest.hasPrefix("?") ? "/" + rest : String(rest)
    }
}
