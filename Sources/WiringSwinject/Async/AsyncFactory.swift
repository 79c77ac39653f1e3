internal import Wiring

/// The `async` factory of a registration made by `Container.registerAsync`, free of its service
/// type (a resolve by a forwarded type casts the instance), and its construction in flight for a
/// storage shared across graphs, which concurrent resolves join.
final class AsyncFactory: Sendable {
    let make: @Sendable (Container) async throws -> AnySendable
    /// The construction in flight, if any; cleared by the construction once its instance is stored.
    let flight = Lock<Task<AsyncResult, Never>?>(nil)

    init<Service: Sendable>(_ make: @escaping @Sendable (Container) async throws -> Service) {
        self.make = { container in AnySendable(value: try await make(container)) }
    }
}

/// What an async build ended with.
enum AsyncResult: Sendable {
    case built(AnySendable)
    case failed(AsyncFailure)
}

/// Why an async build made nothing: each becomes a logged message and `nil`.
enum AsyncFailure: Sendable {
    /// The factory threw this (described, since errors need not be `Sendable`).
    case threw(String)
    /// The registration's container was shut down.
    case shutDown
    /// The build waits, through these services, for itself.
    case cycle([String])
    /// The registration's scope keeps instances in a custom storage of this type, which an async
    /// resolve cannot share across tasks.
    case unsupportedStorage(String)
}

/// The async builds the current task is inside of, innermost last, and the object graph of its
/// top-level `resolveAsync`: task-local, so that they follow a resolve into the tasks that
/// construct shared instances.
enum AsyncFrames {
    struct Frame: Sendable {
        let entry: ObjectIdentifier
        /// The service, as messages name it.
        let service: String
        /// The construction this frame is, for a shared instance.
        let build: AsyncBuildID?
        /// The lifespan the build counted itself in, if any: an end called from inside this
        /// build must not wait for it.
        let lifespan: ObjectIdentifier?
    }

    @TaskLocal static var frames: [Frame] = []
    @TaskLocal static var graph: AsyncGraph?

    /// How many builds of the current task count themselves in `lifespan`.
    static func builds(in lifespan: Lifespan) -> Int {
        let id = ObjectIdentifier(lifespan)
        return frames.count { $0.lifespan == id }
    }
}

/// The object graph of one top-level `resolveAsync`: its `.graph` instances of async
/// registrations, by registration, shared by every async resolve inside it and each built once;
/// and the graph that every synchronous resolve inside it, on whatever thread, resolves in
/// (`ResolutionThread.enter`), so that all share the `.graph` instances, as one `resolve` would.
final class AsyncGraph: @unchecked Sendable {
    // @unchecked: `stored` holds instance storages, which every thread that resolves shares
    // already (the container calls them from any thread, as Swinject does); it is read and
    // changed only inside its lock, and the storages are told with no lock held.
    let builds = Lock<[ObjectIdentifier: Task<AsyncResult, Never>]>([:])
    /// The graph its resolves store `.graph` instances under.
    let identifier = GraphIdentifier()

    /// How many async graphs, in the whole process, have begun and not ended: while there are
    /// none, a synchronous resolve does not read the task-local (one relaxed load instead: a
    /// resolve in an async graph's task runs after that graph began, which counted itself first).
    static let inFlight = AtomicCell<Int>(0)

    /// The async graph the current task resolves in, if any.
    @inline(__always)
    static var current: AsyncGraph? {
        inFlight.load(ordering: .relaxed) > 0 ? AsyncFrames.graph : nil
    }

    /// The storages its resolves stored into, told when the top-level resolve returns; `nil` once
    /// it has.
    private let stored = Lock<[ResolutionThread.InFlight]?>([])

    /// A graph, counted in ``inFlight`` until ``end()``.
    init() {
        Self.inFlight.add(1, ordering: .relaxed)
    }

    /// Keeps `storages`, which resolves in this graph stored into, to be told when it ends; returns
    /// them instead if it has ended already (a task that outlived its resolve), to be told now.
    func completeLater(_ storages: [ResolutionThread.InFlight]) -> [ResolutionThread.InFlight] {
        if storages.isEmpty { return [] }
        return stored.withLock { stored in
            guard stored != nil else { return storages }
            stored!.append(contentsOf: storages)
            return []
        }
    }

    /// Ends the graph: returns the storages to tell. Called once, by the top-level resolve.
    func end() -> [ResolutionThread.InFlight] {
        Self.inFlight.subtract(1, ordering: .relaxed)
        return stored.withLock { stored in
            defer { stored = nil }
            return stored ?? []
        }
    }
}

/// An instance of an async registration, carried between tasks.
struct AnySendable: @unchecked Sendable {
    // @unchecked: made only from what an async factory returned, whose type `registerAsync`
    // requires to be `Sendable`, or from what such a registration's storage holds (`Container.shared`).
    let value: Any
}

/// Made by the synchronous stand-in factory of an async registration, which never runs: a
/// synchronous resolve of such a registration stops before its factory (`resolveNeedingAwait`).
struct AsyncFactoryRequired {}
