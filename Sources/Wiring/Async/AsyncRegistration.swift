extension Container {
    /// Registers an `async` factory: a service that is built asynchronously, such as a database
    /// pool that connects before it is ready. The factory may be isolated to an actor (a
    /// `@MainActor` closure, for example); it runs there.
    ///
    /// ```swift
    /// container.register(ConnectionPool.self, lifetime: .singleton) { r async throws in
    ///     try await ConnectionPool.connect(url: try r.resolve(Config.self).databaseURL)
    /// }
    /// let pool = try await container.resolveAsync(ConnectionPool.self)
    /// ```
    ///
    /// - Resolve it with ``Resolving/resolveAsync(_:tag:file:line:)``. Its factory can resolve
    ///   synchronous registrations with `resolve` and asynchronous ones with `resolveAsync`.
    /// - A singleton (or eager singleton, built by ``startAsync()``) is **single-flight**:
    ///   concurrent resolves share one construction. If it fails, every waiting resolve gets the
    ///   error and the next resolve tries again. A cancelled waiter does not cancel the
    ///   construction that the others wait for.
    /// - Once built, a singleton can also be read with the synchronous `resolve`. Before that,
    ///   a synchronous resolve throws ``WiringError/Code/asyncRequired``; it never blocks a thread
    ///   waiting for a task.
    /// - Lifetimes: transient, singleton, eager singleton and scoped. Graph and weak singleton
    ///   lifetimes are not supported for async factories (a precondition).
    @discardableResult
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T
    ) -> Registration<T> {
        // fatalError, not precondition: its message is printed in release builds too.
        guard lifetime.kind != .graph && lifetime.kind != .weakSingleton else {
            fatalError(
                """
                Wiring: \(typeDisplayName(T.self)) has an async factory, and async factories cannot have the lifetime \(lifetime).
                  registered at: \(SourceLocation(file, line))
                To fix: use .transient, .singleton, .eagerSingleton or .scoped.
                """
            )
        }
        let registration = register(T.self, tag: tag, lifetime: lifetime, file: file, line: line) {
            (_: Resolver) throws -> T in throw AsyncFactoryRequired()
        }
        let build = AsyncBuild(factory: factory)
        modify(registration.key) { (entry: Entry<T>) in entry.refined { $0.asyncBuild = build } }
        return registration
    }

    /// Builds every eager singleton of this container that is not built yet, in registration
    /// order, awaiting those with async factories: the async form of ``start()``. One that
    /// needs the main actor (a main-actor factory, or one it resolves) is built there.
    ///
    /// - Throws: The first ``WiringError`` a build throws; the singletons built before it stay
    ///   built.
    public func startAsync() async throws(WiringError) {
        for entry in eagerEntries {
            if let build = entry.asyncBuildObject as? any AsyncStarting {
                try await build.start(entry)
            } else {
                do {
                    try entry.startEagerly()
                } catch  where error.code == .isolationMismatch && !isOnMainActorExecutor {
                    // As `resolveAsync` does: the same build again, on the main actor.
                    try await againOnMainActor { () throws(WiringError) in try entry.startEagerly() }
                }
            }
        }
    }
}

/// Thrown by the synchronous factory of an async registration; becomes
/// ``WiringError/Code/asyncRequired``.
struct AsyncFactoryRequired: Error {}

/// An async build that ``Container/startAsync()`` can run without knowing its type.
protocol AsyncStarting: AnyObject {
    func start(_ entry: AnyEntry) async throws(WiringError)
    /// Resolves `entry` through `resolver`, awaiting its factory, and drops the instance: the
    /// async dry run.
    func resolveDiscarding(_ entry: AnyEntry, through resolver: Resolver) async throws(WiringError)
}

/// Something in a registration's refinements that a copied container must not share.
protocol FreshCopying: AnyObject {
    func freshCopy() -> AnyObject
}

/// The async side of a registration: its factory, and the constructions in flight, one per
/// owner (the container for singletons, the scope for scoped registrations).
final class AsyncBuild<T: Sendable>: Sendable, FreshCopying, AsyncStarting {
    /// The factory, as registered: a call runs it in the isolation it was declared with. Stored as
    /// a plain async function that calls it, not as the `@isolated(any)` function itself: that
    /// function type, stored in a generic class, may need its metadata, which runtimes before
    /// macOS 15 and iOS 18 cannot make.
    let factory: @Sendable (Resolver) async throws -> T
    /// The constructions in flight, by owner, and how many resolves have joined each (its
    /// starter included).
    private let inFlight = Lock<[ObjectIdentifier: (task: Task<T, any Error>, callers: Int)]>([:])

    init(factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> T) {
        self.factory = { resolver in try await factory(resolver) }
    }

    private init(calling factory: @escaping @Sendable (Resolver) async throws -> T) {
        self.factory = factory
    }

    func freshCopy() -> AnyObject { AsyncBuild(calling: factory) }

    func start(_ entry: AnyEntry) async throws(WiringError) {
        try await resolveDiscarding(entry, through: Resolver(container: entry.owner, scope: nil))
    }

    func resolveDiscarding(_ entry: AnyEntry, through resolver: Resolver) async throws(WiringError) {
        _ = try await resolver.resolveAsync(entry: unsafeDowncast(entry, to: Entry<T>.self), build: self)
    }

    /// What a construction does with its instance before it counts itself out of its owner's
    /// lifespan: stores it, with its ticket, into `cell`.
    static func publishing(
        into cell: InstanceCell<T>,
        entry: Entry<T>,
        startedAt started: Int
    ) -> AsyncPublish<T> {
        { (value, ticket) in
            do throws(WiringError) {
                return .success(
                    try cell.value(for: entry, startedAt: started) { (cell) throws(WiringError) -> T in
                        cell.pendingTicket = ticket
                        return value
                    })
            } catch {
                return .failure(error)
            }
        }
    }

    /// How many resolves have joined the construction in flight for `owner` (its starter
    /// included); 0 when none is in flight.
    func callers(of owner: ObjectIdentifier) -> Int {
        inFlight.withLock { $0[owner]?.callers ?? 0 }
    }

    /// What a caller of ``singleFlight(owner:peek:entry:build:)`` found.
    private enum Flight: Sendable {
        case built(T)
        case running(Task<T, any Error>)
    }

    /// The instance for `owner`: as `peek` reads it from its cache if built, else from the
    /// construction in flight, else from a new construction that publishes into that cache when
    /// it succeeds.
    func singleFlight(
        owner: ObjectIdentifier,
        peek: () -> T?,
        entry: Entry<T>,
        build: @escaping @Sendable () async throws(WiringError) -> T
    ) async throws(WiringError) -> T {
        if let value = peek() { return value }
        let flight = inFlight.withLock { tasks -> Flight in
            if let running = tasks[owner] {
                tasks[owner]?.callers += 1
                return .running(running.task)
            }
            // A construction may have finished (and left `inFlight`) since the peek above; it
            // stores into the cache before leaving, so this second look cannot miss it.
            if let value = peek() { return .built(value) }
            // Unstructured, so that cancelling the first waiter does not cancel the
            // construction; it inherits the task-local resolution stack.
            // In a dry run, on the dry run's own thread (see ``DryRunWorker``); else no preference.
            let run: @concurrent @Sendable () async throws -> T = {
                defer { _ = self.inFlight.withLock { $0.removeValue(forKey: owner) } }
                return try await build()
            }
            let task: Task<T, any Error>
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {  // floor: gated
                task = Task(executorPreference: DryRunWorker.currentExecutor, operation: run)  // floor: gated
            } else {
                // No dry run builds async registrations there (``DryRun/hasTaskExecutors``).
                task = Task(operation: run)
            }
            tasks[owner] = (task, 1)
            return .running(task)
        }
        let task: Task<T, any Error>
        switch flight {
        case .built(let value): return value
        case .running(let running): task = running
        }
        let target = AsyncBuildID(entry: ObjectIdentifier(entry), owner: owner)
        let waiter = try AsyncWaits.shared.willWait(for: target, entry: entry)
        defer { AsyncWaits.shared.didWait(waiter, for: target) }
        do {
            return try await task.value
        } catch let error as WiringError {
            throw error
        } catch {
            throw WiringError(code: .factoryFailed, entry: entry, underlyingError: error)
        }
    }
}

extension Container {
    /// How many resolves wait for the construction of the async singleton `type` (with `tag`)
    /// in flight now, the one that started it included; 0 when none is in flight. For tests
    /// that must know that concurrent resolves have joined one construction before letting it
    /// finish, without sleeping.
    @_spi(Testing)
    public func singleFlightCallers<T>(_ type: T.Type, tag: (any Hashable & Sendable)? = nil) -> Int {
        let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self)
        guard let entry = resolver.lookup(key), let build = entry.asyncBuildObject as? any SingleFlightCounting else {
            return 0
        }
        return build.callers(of: ObjectIdentifier(entry.owner))
    }
}

/// An ``AsyncBuild`` of any type, for ``Container/singleFlightCallers(_:tag:)``.
protocol SingleFlightCounting: AnyObject {
    func callers(of owner: ObjectIdentifier) -> Int
}

extension AsyncBuild: SingleFlightCounting {}
