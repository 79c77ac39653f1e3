import Wiring

/// Why a server could not start, said for the person who started it: what could not be done,
/// and what to do about it. Both commands print it the same way and exit with status 1.
public enum StartupProblem: Error, CustomStringConvertible {
    /// The server cannot listen on `host:port`: `reason` is the system's ("address already in use").
    case portUnavailable(host: String, port: Int, reason: String)
    /// The SQLite file at `path` cannot be opened or set up.
    case databaseUnavailable(path: String, reason: String)

    /// What could not be done: `cannot listen on 127.0.0.1:8080: address already in use`.
    public var description: String {
        switch self {
        case .portUnavailable(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .databaseUnavailable(let path, let reason): "cannot open the database \(path): \(reason)"
        }
    }

    /// What to do about it.
    public var fix: String {
        switch self {
        case .portUnavailable(_, let port, _):
            "stop what listens on port \(port), or pass another with --port (0 takes any free one)."
        case .databaseUnavailable:
            "pass --database a file in a folder that exists and that this user may write, or fix its permissions."
        }
    }

    /// The two lines a command prints before it exits: `todo-server: cannot … \n To fix: …`.
    public func message(program: String) -> String {
        "\(program): \(description).\nTo fix: \(fix)\n"
    }

    /// What `program` prints when `error` stopped it: the problem's two lines, or, for an error
    /// that is none of these, the error and where to look.
    public static func message(program: String, for error: any Error) -> String {
        find(in: error)?.message(program: program)
            ?? "\(program): stopped with an error: \(error)\nTo fix: see the error above; the log before it says what failed.\n"
    }

    /// The problem `error` is, found in what the container or a framework wrapped it in; `nil`
    /// for any other error.
    static func find(in error: any Error) -> StartupProblem? {
        if let problem = error as? StartupProblem { return problem }
        if let wiring = error as? WiringError, let underlying = wiring.underlyingError { return find(in: underlying) }
        return nil
    }
}
