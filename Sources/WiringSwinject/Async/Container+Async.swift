internal import Wiring

extension Container {
    /// Registers an `async` factory to make `serviceType`, under `name` if given: a service built
    /// asynchronously, such as a database pool that connects before it is ready. Resolve it with
    /// ``resolveAsync(_:name:)``.
    ///
    /// ```swift
    /// container.registerAsync(Database.self) { r in
    ///     try await Database.connect(to: r.resolve(Settings.self)!.databaseURL)
    /// }
    /// .inObjectScope(.container)
    ///
    /// let database = await container.resolveAsync(Database.self)
    /// ```
    ///
    /// - Its scope decides how instances are shared, as for `register`: `.container` (and a
    ///   custom scope kept in a ``PermanentStorage``) and `.weak` build one instance for all
    ///   concurrent resolves, once; `.graph` shares one within a top-level `resolveAsync`;
    ///   `.transient` builds one each time.
    /// - A top-level `resolveAsync` is one object graph, as a top-level `resolve` is: the
    ///   synchronous resolves of its factories and `initCompleted` closures share its `.graph`
    ///   instances with the async ones, on whatever thread they run. Child tasks of one factory
    ///   (`async let`) that synchronously resolve the same `.graph` service at the same moment may
    ///   each build one, as Swinject's graph was never shared by two threads.
    /// - The factory gets the container: it may `resolve` synchronous registrations and
    ///   `await resolveAsync` asynchronous ones. If it throws, the resolve returns `nil` and logs
    ///   the error, and the next resolve tries again.
    /// - A synchronous `resolve` returns an instance the factory already built and its scope
    ///   keeps (a `.container` one, once `resolveAsync` built it); otherwise it returns `nil` and
    ///   logs that it needs `await`. It never blocks a thread waiting for the factory.
    /// - `initCompleted` closures and disposal (`onDispose`, ``Disposable``, ``AsyncDisposable``)
    ///   apply as to any registration.
    @discardableResult
    public func registerAsync<Service: Sendable>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping @Sendable (Container) async throws -> Service
    ) -> ServiceEntry<Service> {
        register(
            serviceType,
            factory: { (_: any Resolver) -> Any in AsyncFactoryRequired() },
            name: name,
            option: nil,
            asyncFactory: AsyncFactory(factory)
        )
    }

    /// The instance of `serviceType` registered under `name` (or without one), awaiting its
    /// factory if it is `async`; `nil` after logging why when there is none. A registration
    /// with a synchronous factory is resolved as `resolve` would, in this task.
    ///
    /// ```swift
    /// guard let database = await container.resolveAsync(Database.self) else { return }
    /// ```
    ///
    /// A loop of async factories that wait for each other, in one resolve or across tasks, is
    /// found: the resolve that would close it returns `nil` and logs the loop, instead of waiting
    /// for ever. Unlike `resolve`, it does not take a synchronized resolver's turn: it may await.
    public func resolveAsync<Service: Sendable>(_ serviceType: Service.Type, name: String? = nil) async -> Service? {
        let key = ServiceKey(serviceType: Service.self, argumentsType: (any Resolver).self, name: name)
        var found = (in: ObjectIdentifier(self), generation: UInt64(0), ended: false)
        guard let registered = registration(for: key, found: &found) else {
            if found.ended { return resolveEnded(key: key) }
            return resolve(Service.self, name: name)
        }
        if let kept = registered.kept { return kept.load(as: Service.self) }
        guard let factory = registered.entry.asyncFactory else { return resolve(Service.self, name: name) }
        let result: AsyncResult
        if AsyncFrames.graph == nil {
            let graph = AsyncGraph()
            result = await AsyncFrames.$graph.withValue(graph) {
                await resolveAsync(registered.entry, factory: factory)
            }
            Container.graphsCompleted(graph.end())
        } else {
            result = await resolveAsync(registered.entry, factory: factory)
        }
        switch result {
        case .built(let instance):
            // Not a `Service` only when forwarded to an unrelated type: as a synchronous resolve would.
            if let service = instance.value as? Service { return service }
            return resolveUnregistered(key: key, invoker: nil as (((any Resolver) -> Any) -> Any)?)
        case .failed(let failure):
            return reportAsyncFailure(failure, key: key)
        }
    }

    /// The instance of `entry`, an async registration, as its scope shares it.
    private func resolveAsync(_ entry: ServiceEntryBase, factory: AsyncFactory) async -> AsyncResult {
        let id = ObjectIdentifier(entry)
        let frames = AsyncFrames.frames
        if frames.contains(where: { $0.entry == id }) {
            return .failed(.cycle(frames.drop { $0.entry != id }.map(\.service) + ["\(entry.serviceType)"]))
        }
        let parts = entry.resolutionParts()
        switch parts.kind {
        case .transient:
            return await build(entry, factory: factory, parts: parts, as: nil)
        case .graph:
            return await inGraph(entry, factory: factory, parts: parts)
        case .permanent:
            return await shared(entry, factory: factory, parts: parts)
        case .other where parts.storage is WeakStorage:
            return await shared(entry, factory: factory, parts: parts)
        case .perGraph:
            // `.weak`: a weak storage over a graph one. Shared while held, as synchronously.
            guard let weak = (parts.storage as? CompositeStorage)?.weakScopeComponent else {
                return .failed(.unsupportedStorage("\(type(of: parts.storage))"))
            }
            return await shared(entry, factory: factory, parts: parts.storing(in: weak))
        case .other:
            return .failed(.unsupportedStorage("\(type(of: parts.storage))"))
        }
    }

    /// A `.graph` instance: one per top-level `resolveAsync`, which every resolve inside it shares.
    private func inGraph(_ entry: ServiceEntryBase, factory: AsyncFactory, parts: ResolutionParts) async -> AsyncResult {
        guard let graph = AsyncFrames.graph else { return await build(entry, factory: factory, parts: parts, as: nil) }
        let id = ObjectIdentifier(entry)
        let target = AsyncBuildID(entry: id, owner: ObjectIdentifier(graph))
        // The parts cross into the construction's task: a `.graph` storage, which it does not touch.
        let parts = UncheckedBox(parts)
        let task = graph.builds.withLock { builds in
            if let running = builds[id] { return running }
            let task = Task { await self.build(entry, factory: factory, parts: parts.value, as: target) }
            builds[id] = task
            return task
        }
        return await join(task, target: target, entry: entry)
    }

    /// Awaits the construction `target` in `task`, unless it waits, through others, for the
    /// construction this task is inside of: then that loop is the failure.
    private func join(_ task: Task<AsyncResult, Never>, target: AsyncBuildID, entry: ServiceEntryBase) async -> AsyncResult {
        let waiter = AsyncFrames.frames.last { $0.build != nil }?.build
        if let waiter, !AsyncWaits.shared.willWait(waiter, for: target) {
            return .failed(.cycle(AsyncFrames.frames.map(\.service) + ["\(entry.serviceType)"]))
        }
        defer { AsyncWaits.shared.didWait(waiter, for: target) }
        return await task.value
    }

    /// An instance shared across resolves (`.container`, `.weak`, a permanent custom scope): the
    /// one stored, or the one the construction in flight makes, or a new construction's. A
    /// construction that would wait, through others in flight, for itself fails as a loop.
    private func shared(_ entry: ServiceEntryBase, factory: AsyncFactory, parts: ResolutionParts) async -> AsyncResult {
        let storage = parts.storage
        let target = AsyncBuildID(entry: ObjectIdentifier(entry), owner: ObjectIdentifier(storage))
        // The parts cross into the construction's task: their storage is one of the built-in
        // ones, which are safe to share (they keep their instance behind a lock).
        let boxed = UncheckedBox(parts)
        // A construction in flight first: its instance may be stored but not yet complete. Only
        // the built-in storages are read under the lock: no user code runs there. What it finds
        // is released after unlocking (a `.weak` one may be the last reference by then).
        let found = factory.flight.withLock { current -> Found in
            if let current { return .running(current) }
            if let stored = storage.instance { return .stored(AnySendable(value: stored)) }
            let task = Task { () async -> AsyncResult in
                await self.build(entry, factory: factory, parts: boxed.value, as: target, clearing: factory)
            }
            current = task
            return .running(task)
        }
        switch found {
        case .stored(let instance): return .built(instance)
        case .running(let flight): return await join(flight, target: target, entry: entry)
        }
    }

    /// What ``shared(_:factory:parts:)`` found under its lock.
    private enum Found {
        case stored(AnySendable)
        case running(Task<AsyncResult, Never>)
    }

    /// Runs the async factory in a new frame, stores the instance as its scope says, runs the
    /// `initCompleted` closures; a permanent storage's build counts itself into its container's
    /// end, as a synchronous one does (`Disposal/TrackedBuild.swift`).
    ///
    /// From storing the instance until its resolve has it, the build holds the storage's gate, as a
    /// synchronous build does (no `await` in between): a reset waits for it, and a synchronous
    /// resolve does not take the instance before its `initCompleted` closures ran. A shared
    /// construction clears itself from `flight` inside that stretch, so a resolve that comes after
    /// a reset does not join it.
    private func build(
        _ entry: ServiceEntryBase,
        factory: AsyncFactory,
        parts: ResolutionParts,
        as id: AsyncBuildID?,
        clearing flight: AsyncFactory? = nil
    ) async -> AsyncResult {
        let frames = AsyncFrames.frames
        var tracked: TrackedBuild?
        if parts.permanent != nil {
            var refused = false
            tracked = TrackedBuild.enter(entry, insideBuild: ResolutionThread.current.isInsideBuild, async: true, refused: &refused)
            if refused {
                flight?.flight.withLock { $0 = nil }
                return .failed(.shutDown)
            }
        }
        let frame = AsyncFrames.Frame(
            entry: ObjectIdentifier(entry), service: "\(entry.serviceType)", build: id,
            lifespan: tracked.map { ObjectIdentifier($0.lifespan) })
        let made: AsyncResult = await AsyncFrames.$frames.withValue(frames + [frame]) {
            do {
                return .built(try await factory.make(self))
            } catch {
                return .failed(.threw("\(error)"))
            }
        }
        guard case .built(let built) = made else {
            tracked?.abandon()
            flight?.flight.withLock { $0 = nil }
            return made
        }
        let instance = built.value
        let turn = parts.gate?.enter()
        defer { if let gate = parts.gate, let turn { gate.leave(turn) } }
        if let permanent = parts.permanent {
            if let tracked { tracked.store(instance, of: entry, in: permanent) } else { permanent.instance = instance }
        } else if parts.kind == .graph {
            // In the graph of the top-level resolve, where the synchronous resolves of its
            // `initCompleted` closures, and of the factories that asked for it, find it.
            if let graph = AsyncFrames.graph {
                parts.storage.setInstance(instance, inGraph: graph.identifier)
                Container.graphsCompleted(graph.completeLater([(parts.storage, parts.kind, graph.identifier)]))
            }
        } else if parts.kind != .transient {
            parts.storage.instance = instance
        }
        if parts.completes { entry.completeInitialization(resolver: self, instance: instance, thread: ResolutionThread.current) }
        flight?.flight.withLock { $0 = nil }
        if let tracked, let permanent = parts.permanent, !tracked.leave(entry, storage: permanent) { return .failed(.shutDown) }
        return made
    }

    /// Logs why an async resolve made nothing, and returns `nil`.
    private func reportAsyncFailure<Service>(_ failure: AsyncFailure, key: ServiceKey) -> Service? {
        switch failure {
        case .shutDown:
            return resolveEnded(key: key)
        case .unsupportedStorage(let storage):
            log(
                """
                Swinject: Resolution failed. \(Service.self) has an async factory, and its scope keeps instances in a \(storage), \
                which resolveAsync cannot share across tasks.
                Fix: use .transient, .graph, .container or .weak, or a custom scope whose storage is a PermanentStorage.
                """)
        case .threw(let error):
            log(
                """
                Swinject: Resolution failed. The async factory of \(Service.self) threw: \(error)
                Path: \((AsyncFrames.frames.map(\.service) + ["\(Service.self)"]).joined(separator: " → "))
                Fix: see the error; nothing was stored, and the next resolveAsync of \(Service.self) runs the factory again.
                """)
        case .cycle(let path):
            log(
                """
                Swinject: Resolution failed. The async factory of \(Service.self) waits, through the others, for itself.
                Path: \(path.joined(separator: " → "))
                Fix: make one side of the loop take the other in an initCompleted closure, or resolve it after construction, instead of awaiting it in its factory.
                """)
        }
        return nil
    }

    /// What a synchronous resolve of an async registration with no instance built returns:
    /// `nil`, after logging that it needs `await`.
    func resolveNeedingAwait<Service>(key: ServiceKey) -> Service? {
        let thread = ResolutionThread.current
        thread.neededAwait = true
        let path = thread.path.map { "\($0)" } + ["\(Service.self)"]
        log(
            """
            Swinject: Resolution failed. \(Service.self) has an async factory, and no instance of it is built yet:
            \t{ \(registrationDescription(serviceType: Service.self, key: key)) }
            Path: \(path.joined(separator: " → "))
            Fix: resolve it with `await container.resolveAsync(\(Service.self).self)`; once built, a .container instance is found by resolve too.
            """)
        return nil
    }

    /// Sends `message` to the logging function, if anything logs.
    private func log(_ message: @autoclosure () -> String) {
        Container.activeLoggingFunction?(message())
    }
}
