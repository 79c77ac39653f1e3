/// Which methods each path of the API answers, recorded as the routes are added, so that both
/// servers answer the others alike: 405 with an `Allow` header, and `OPTIONS` with 204 and the
/// same header. Methods are their names (`"GET"`), so that no HTTP framework is named here.
public struct MethodTable: Sendable {
    /// The methods the servers answer on a known path, in the order `Allow` lists them.
    public static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"]

    private var paths: [(path: String, methods: [String])] = []

    /// An empty table.
    public init() {}

    /// Records that a route answers `method` on `path` (such as `"users/:id"`).
    public mutating func record(_ path: String, _ method: String) {
        if let index = paths.firstIndex(where: { $0.path == path }) {
            paths[index].methods.append(method)
        } else {
            paths.append((path, [method]))
        }
    }

    /// For each recorded path, the methods of ``methods`` that no route answers, and the
    /// `Allow` header's value. `HEAD` counts as answered wherever `GET` is (both servers' routers
    /// answer it with the GET route), and `OPTIONS` is always allowed.
    public var unanswered: [(path: String, methods: [String], allow: String)] {
        paths.map { path, methods in
            var allowed = methods + ["OPTIONS"]
            if methods.contains("GET") { allowed.append("HEAD") }
            let allow = Self.methods.filter(allowed.contains).joined(separator: ", ")
            let missing = Self.methods.filter { !methods.contains($0) && !($0 == "HEAD" && methods.contains("GET")) }
            return (path, missing, allow)
        }
    }
}
