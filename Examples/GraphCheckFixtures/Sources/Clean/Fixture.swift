import Wiring

public protocol Logging: Sendable {}
public final class ConsoleLogger: Logging {
    public init() {}
}

public struct Configuration: Sendable {
    public let url: String
    public init(url: String) { self.url = url }
}

public enum Role: Hashable, Sendable {
    case primary, replica
}

public final class Pool: Sendable {
    let role: Role
    public init(role: Role, config: Configuration) { self.role = role }
}

public final class Repository: Sendable {
    public init(primary: Pool, replica: Pool, logger: any Logging) {}
}

public final class RequestContext: Sendable {
    public init() {}
}

public final class Handler: Sendable {
    public init(context: RequestContext, repository: Repository) {}
}

public final class Feed: Sendable {
    static func load() async -> Feed { Feed() }
}

public final class FeedScreen: Sendable {
    public init(feed: Feed) {}
}

/// Every form the check reads, used correctly: it must build without a word.
public struct InfrastructureModule: Module {
    public init() {}
    public var registrations: Registrations {
        instance(Configuration(url: "db://main"))
        singleton { ConsoleLogger() }
            .forwarding(to: (any Logging).self) { $0 }
        singleton(Pool.self, tag: Role.primary) { r in Pool(role: .primary, config: try r.resolve(Configuration.self)) }
        singleton(Pool.self, tag: Role.replica) { r in Pool(role: .replica, config: try r.resolve(Configuration.self)) }
    }
}

public struct CleanAppModule: Module {
    public init() {}
    public var registrations: Registrations {
        InfrastructureModule()
        singleton { r in
            Repository(
                primary: try r.resolve(Pool.self, tag: Role.primary), replica: try r.resolve(Pool.self, tag: Role.replica),
                logger: try r.resolve((any Logging).self))
        }
        scoped { RequestContext() }
        // A transient may read a scoped instance: it is built inside the scope it is read from.
        transient { r in Handler(context: try r.resolve(RequestContext.self), repository: try r.resolve(Repository.self)) }
        // Built by startAsync() before anything reads it synchronously.
        eagerSingleton(Feed.self) { _ async in await Feed.load() }
        transient { r in FeedScreen(feed: try r.resolve(Feed.self)) }
    }
}

public func validateCleanApp() async -> ValidationReport {
    await Container.validate(modules: [CleanAppModule()], options: ValidationOptions(dryRun: true))
}

public final class Catalog: Sendable {
    static func load() async -> Catalog { Catalog() }
}

public final class Shelf: Sendable {
    public init(catalog: Catalog) {}
}

/// Reads the repository (a synchronous singleton) and the catalog (an async singleton that
/// `Shelf`'s async factory builds first, with a `resolveAsync` typed by its initializer).
@MainActor
public final class ShelfViewModel {
    let repository: Repository = wired()
    let catalog: Catalog = wired()
    public init() {}
}

/// Each reads the other, one of them lazily: no loop while they are made.
public struct Coordinator: Sendable {
    @LazyWired var router: Router
    public init() {}
}

public struct Router: Sendable {
    @Wired var coordinator: Coordinator
    public init() {}
}

/// A struct whose memberwise initializer takes the context its `var` would otherwise read: the
/// singleton below passes one, so it reads no scoped instance.
public struct Report: Sendable {
    var context: RequestContext = wired()
    let logger: any Logging
}

public struct ScreensModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { _ async in await Catalog.load() }
        singleton { r async throws in Shelf(catalog: try await r.resolveAsync()) }
        singleton { Coordinator() }
        singleton { Router() }
        singleton { r in Report(context: RequestContext(), logger: try r.resolve()) }
    }
}

public func validateScreens() async -> ValidationReport {
    await Container.validate(modules: [CleanAppModule(), ScreensModule()], options: ValidationOptions(dryRun: true))
}
