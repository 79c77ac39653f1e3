import Synchronization

// The object graph of S8, one request of a server: two values the request brings (the request
// and its id), four services per request (a disposable unit of work, two repositories, a
// service), two singletons (`Logger`, `Config` from Graph.swift), and the handler that uses them.

/// The request a server received: provided to the request scope, never built by the container.
public final class S8Request: Sendable {
    public let path: String
    @inlinable public init(path: String) { self.path = path }
}

/// The request's id: a value.
public struct S8RequestID: Sendable {
    public let value: UInt64
    @inlinable public init(_ value: UInt64) { self.value = value }
}

/// Unit-of-work disposals since the process started: S8 checks that each request disposed its
/// unit of work exactly once.
public let s8Disposals = Atomic<Int>(0)

public protocol S8UnitOfWork: AnyObject, Sendable {}
public protocol S8UserRepository: AnyObject, Sendable {}
public protocol S8OrderRepository: AnyObject, Sendable {}
public protocol S8OrderService: AnyObject, Sendable {}
public protocol S8Handler: AnyObject, Sendable {}

/// The per-request unit of work; `dispose()` ends it (each library calls it its own way).
public final class S8UnitOfWorkImpl: S8UnitOfWork {
    public let id: S8RequestID
    @inlinable public init(id: S8RequestID) { self.id = id }
    @inlinable public func dispose() { s8Disposals.add(1, ordering: .relaxed) }
}
public final class S8UserRepositoryImpl: S8UserRepository {
    public let work: any S8UnitOfWork
    @inlinable public init(work: any S8UnitOfWork) { self.work = work }
}
public final class S8OrderRepositoryImpl: S8OrderRepository {
    public let work: any S8UnitOfWork
    @inlinable public init(work: any S8UnitOfWork) { self.work = work }
}
public final class S8OrderServiceImpl: S8OrderService {
    public let users: any S8UserRepository
    public let orders: any S8OrderRepository
    public let request: S8Request
    @inlinable public init(users: any S8UserRepository, orders: any S8OrderRepository, request: S8Request) {
        self.users = users
        self.orders = orders
        self.request = request
    }
}
/// The root of S8: the four per-request services and the two singletons.
public final class S8HandlerImpl: S8Handler {
    public let work: any S8UnitOfWork
    public let users: any S8UserRepository
    public let orders: any S8OrderRepository
    public let service: any S8OrderService
    public let logger: any Logger
    public let config: any Config
    @inlinable public init(
        work: any S8UnitOfWork,
        users: any S8UserRepository,
        orders: any S8OrderRepository,
        service: any S8OrderService,
        logger: any Logger,
        config: any Config
    ) {
        self.work = work
        self.users = users
        self.orders = orders
        self.service = service
        self.logger = logger
        self.config = config
    }
}

/// The next request id of this process.
public let s8NextID = Atomic<UInt64>(0)

/// A new request and its id, as a server would receive them.
@inlinable public func s8IncomingRequest() -> (S8Request, S8RequestID) {
    (S8Request(path: "/orders"), S8RequestID(s8NextID.wrappingAdd(1, ordering: .relaxed).newValue))
}
