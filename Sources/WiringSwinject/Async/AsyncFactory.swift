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
        /// The disposal bag the build counted itself in, if any: an end called from inside this
        /// build must not wait for it.
        let bag: ObjectIdentifier?
    }

    @TaskLocal static var frames: [Frame] = []
    @TaskLocal static var graph: AsyncGraph?

    /// How many builds of the current task count themselves in `bag`.
    static func builds(in bag: DisposalBag) -> Int {
        let id = ObjectIdentifier(bag)
        return frames.count { $0.bag == id }
    }
}

/// The `.graph` instances of one top-level `resolveAsync`, by registration: shared by every async
/// resolve inside it, each built once.
final class AsyncGraph: Sendable {
    let builds = Lock<[ObjectIdentifier: Task<AsyncResult, Never>]>([:])
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
