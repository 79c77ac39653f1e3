// The object graph of SCENARIOS.md: class-bound protocols with final-class implementations whose
// `init`s are inlinable, so every library and the manual baseline construct objects the same way.

public protocol SingletonService: AnyObject, Sendable {}
public final class SingletonImpl: SingletonService { @inlinable public init() {} }

public protocol LeafService: AnyObject, Sendable {}
public final class LeafImpl: LeafService { @inlinable public init() {} }

public protocol Chain0: AnyObject, Sendable {}
public protocol Chain1: AnyObject, Sendable {}
public protocol Chain2: AnyObject, Sendable {}
public protocol Chain3: AnyObject, Sendable {}
public protocol Chain4: AnyObject, Sendable {}
public protocol Chain5: AnyObject, Sendable {}
public final class Chain5Impl: Chain5 { @inlinable public init() {} }
public final class Chain4Impl: Chain4 {
    public let next: any Chain5
    @inlinable public init(next: any Chain5) { self.next = next }
}
public final class Chain3Impl: Chain3 {
    public let next: any Chain4
    @inlinable public init(next: any Chain4) { self.next = next }
}
public final class Chain2Impl: Chain2 {
    public let next: any Chain3
    @inlinable public init(next: any Chain3) { self.next = next }
}
public final class Chain1Impl: Chain1 {
    public let next: any Chain2
    @inlinable public init(next: any Chain2) { self.next = next }
}
public final class Chain0Impl: Chain0 {
    public let next: any Chain1
    @inlinable public init(next: any Chain1) { self.next = next }
}

public protocol Logger: AnyObject, Sendable {}
public protocol Config: AnyObject, Sendable {}
public protocol Database: AnyObject, Sendable {}
public protocol GRepo: AnyObject, Sendable {}
public protocol GCache: AnyObject, Sendable {}
public protocol GHTTP: AnyObject, Sendable {}
public protocol GServiceA: AnyObject, Sendable {}
public protocol GServiceB: AnyObject, Sendable {}
public protocol GServiceC: AnyObject, Sendable {}
public protocol GRoot: AnyObject, Sendable {}

public final class LoggerImpl: Logger { @inlinable public init() {} }
public final class ConfigImpl: Config { @inlinable public init() {} }
public final class DatabaseImpl: Database { @inlinable public init() {} }
public final class GRepoImpl: GRepo {
    public let db: any Database
    @inlinable public init(db: any Database) { self.db = db }
}
public final class GCacheImpl: GCache { @inlinable public init() {} }
public final class GHTTPImpl: GHTTP {
    public let config: any Config
    public let logger: any Logger
    @inlinable public init(config: any Config, logger: any Logger) {
        self.config = config
        self.logger = logger
    }
}
public final class GServiceAImpl: GServiceA {
    public let logger: any Logger
    public let config: any Config
    @inlinable public init(logger: any Logger, config: any Config) {
        self.logger = logger
        self.config = config
    }
}
public final class GServiceBImpl: GServiceB {
    public let repo: any GRepo
    public let logger: any Logger
    @inlinable public init(repo: any GRepo, logger: any Logger) {
        self.repo = repo
        self.logger = logger
    }
}
public final class GServiceCImpl: GServiceC {
    public let cache: any GCache
    public let http: any GHTTP
    @inlinable public init(cache: any GCache, http: any GHTTP) {
        self.cache = cache
        self.http = http
    }
}
public final class GRootImpl: GRoot {
    public let a: any GServiceA
    public let b: any GServiceB
    public let c: any GServiceC
    @inlinable public init(a: any GServiceA, b: any GServiceB, c: any GServiceC) {
        self.a = a
        self.b = b
        self.c = c
    }
}
