/// Resolves `type` from the current container (see ``Resolver/current``), for initializer
/// default arguments and stored-property initial values:
///
/// ```swift
/// final class UserService: Sendable {
///     let database: Database
///     let clock: any Clock = wired(tag: Clocks.wall)
///     init(database: Database = wired()) { self.database = database }
/// }
/// ```
///
/// Called from inside a factory (`container.register(UserService.self) { _ in UserService() }`),
/// it resolves from that factory's resolver, so child-container overrides and scopes apply.
///
/// A failure is a programmer error in the wiring, so it stops the program with the whole
/// ``WiringError`` message: the type, tag, resolution path and how to fix it, in debug and
/// release builds alike. Use the throwing ``resolve(_:tag:file:line:)`` where you can handle
/// the error.
public func wired<T>(
    _ type: T.Type = T.self,
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
) -> T {
    do {
        return try Resolver.current.resolve(T.self, tag: tag, file: file, line: line)
    } catch {
        injectionFailed(error, file: file, line: line)
    }
}

/// Resolves `type` from the current container (see ``Resolver/current``), throwing a
/// ``WiringError`` on failure.
///
/// ```swift
/// func handle(_ request: Request) throws -> Response {
///     let users: UserService = try resolve()
///     …
/// }
/// ```
public func resolve<T>(
    _ type: T.Type = T.self,
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
) throws(WiringError) -> T {
    try Resolver.current.resolve(T.self, tag: tag, file: file, line: line)
}

/// Resolves a registration that takes runtime arguments from the current container.
///
/// ```swift
/// let client: HTTPClient = try resolve(arguments: "https://api.example.com", 30)
/// ```
public func resolve<T, each A>(
    _ type: T.Type = T.self,
    tag: (any Hashable & Sendable)? = nil,
    arguments: repeat each A,
    file: StaticString = #fileID,
    line: UInt = #line
) throws(WiringError) -> T {
    try Resolver.current.resolve(T.self, tag: tag, arguments: repeat each arguments, file: file, line: line)
}

/// Resolves `type` from the current container if it is registered there, and returns `nil`
/// if it is not. Every other failure (a throwing factory, a cycle) still stops the program with
/// the full message, as ``wired(_:tag:file:line:)`` does.
///
/// ```swift
/// init(analytics: (any Analytics)? = wiredIfRegistered()) { … }
/// ```
public func wiredIfRegistered<T>(
    _ type: T.Type = T.self,
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
) -> T? {
    do {
        return try Resolver.current.resolveIfRegistered(T.self, tag: tag, file: file, line: line)
    } catch {
        injectionFailed(error, file: file, line: line)
    }
}

/// Stops the program for a failed call-site injection. `fatalError` rather than
/// `preconditionFailure`, because the message is the point and `-O` builds drop precondition
/// messages.
///
/// During a dry run (``Container/validate(_:)-11zjp``), the failure is reported to the validation as a
/// finding instead, and only the dry run's own thread stops (``DryRunWorker/park(_:)``); except
/// in a main-actor registration, which the dry run runs on the main actor, where the program
/// stops as it would in the app.
func injectionFailed(_ error: WiringError, file: StaticString, line: UInt) -> Never {
    if let worker = DryRunWorker.current { worker.park(error.calledFrom(SourceLocation(file, line))) }
    let context = ResolutionContext.existing
    let during =
        if let made = context?.madeByValidation {
            "; validation was making \(made) on the main actor, as the app does, where a failed call-site injection cannot become a finding: the build-time check (WiringGraphCheck) reports this read at its line, and `try resolve()` in its place would be reported by validation"
        } else if context?.dryRunOnMainActor == true {
            "; validation's dry run ran this main-actor registration on the main actor, where a failed call-site injection cannot become a finding: resolve it with `try r.resolve()` in the factory, and validation reports it"
        } else {
            ""
        }
    // In a test (WiringTesting's trait or base class), the whole test process stops: say which test.
    let test = RunningTest.name.map { "\nThe test that stopped: \($0). Every test running beside it stops too." } ?? ""
    fatalError(
        "\(error)\n(call-site injection cannot throw; use `try resolve()` to handle the error\(during))\(test)", file: file,
        line: line)
}
