internal import Wiring

extension Container: _Resolver {
    /// The resolve every other one ends in, for Swinject's extensions: the instance of `Service`
    /// registered with `name` and `option` whose factory takes `Arguments`, made by calling that
    /// factory through `invoker`; or a `Lazy`, `Provider` or `Optional` of one; or `nil`, after
    /// telling the debug helper.
    public func _resolve<Service, Arguments>(  // swift-format-ignore: AlwaysUseLowerCamelCase
        name: String?,
        option: (any ServiceKeyOption)? = nil,
        invoker: @escaping ((Arguments) -> Any) -> Any
    ) -> Service? {
        resolve(name: name, option: option, invoker: invoker)
    }

    /// `_resolve`, with a `nil` invoker for a factory that takes only the resolver: it is then
    /// called with this container, and the resolve makes no closure to say so.
    func resolve<Service, Arguments>(
        name: String?,
        option: (any ServiceKeyOption)?,
        invoker: (((Arguments) -> Any) -> Any)?
    ) -> Service? {
        // Written without closures or `Service?` locals, each of which would cost a lookup of
        // generic metadata on every resolve: this is the path every resolve takes.
        let turn = synchronized ? turnstile.enter() : nil
        defer { if let turn { turnstile.leave(turn) } }
        if Service.self == GraphIdentifier.self, Arguments.self == (any Resolver).self, name == nil, option == nil {
            return currentObjectGraph as? Service
        }
        let key =
            option == nil
            ? ServiceKey(serviceType: Service.self, argumentsType: Arguments.self, name: name)
            : ServiceKey(serviceType: Service.self, argumentsType: Arguments.self, name: name, option: option)
        var found = (in: ObjectIdentifier(self), generation: UInt64(0), ended: false)
        guard let registered = registration(for: key, found: &found) else {
            if found.ended { return resolveEnded(key: key) }
            return resolveUnregistered(key: key, invoker: invoker)
        }
        // The instance kept beside the registration, if any (`KeptInstances.swift`).
        if let kept = registered.kept, !ResolutionThread.hasPendingRestoredGraph {
            return kept.load(as: Service.self)
        }
        return resolve(entry: registered.entry, key: key, invoker: invoker, keeping: (found.in, found.generation))
    }

    /// What `_resolve` does when no registration has the key: a `Lazy`, `Provider` or `Optional`
    /// of a registered service, or `nil` after telling the debug helper.
    func resolveUnregistered<Service, Arguments>(
        key: ServiceKey,
        invoker: (((Arguments) -> Any) -> Any)?
    ) -> Service? {
        if let wrapped: Service = resolveAsWrapper(name: key.name, option: key.option, invoker: invoker) {
            return wrapped
        }
        debugHelper.resolutionFailed(serviceType: Service.self, key: key, availableRegistrations: registrations())
        return nil
    }

    /// A `Lazy`, `Provider` or `Optional` of a registered service, when `Wrapper` is one.
    private func resolveAsWrapper<Wrapper, Arguments>(
        name: String?,
        option: (any ServiceKeyOption)?,
        invoker: (((Arguments) -> Any) -> Any)?
    ) -> Wrapper? {
        guard let wrapper = Wrapper.self as? any InstanceWrapper.Type else { return nil }
        let key = ServiceKey(serviceType: wrapper.wrappedType, argumentsType: Arguments.self, name: name, option: option)
        guard let entry = entry(for: key) else {
            return wrapper.init(inContainer: self, withInstanceFactory: nil) as? Wrapper
        }
        let factory = { [weak self] (graph: GraphIdentifier?) -> Any? in
            guard let self else { return nil }
            return self.synchronizedIfEnabled { () -> Any? in
                let thread = ResolutionThread.current
                let origin = thread.graph(of: self.serial)
                defer { if let origin { thread.setGraph(origin, of: self) } }
                if let graph { thread.setGraph(graph, of: self) }
                let instance: Any? = self.resolve(entry: entry, key: nil, invoker: invoker)
                return instance
            }
        }
        return wrapper.init(inContainer: self, withInstanceFactory: factory) as? Wrapper
    }

    /// The registration under `key`, here or in the nearest parent that has one: the first
    /// container of the hierarchy with a registration under `key` resolves it.
    /// None once that container was shut down.
    func entry(for key: ServiceKey) -> ServiceEntryBase? {
        var found = (in: ObjectIdentifier(self), generation: UInt64(0), ended: false)
        return registration(for: key, found: &found)?.entry
    }

    /// ``entry(for:)`` as it is registered, with the instance kept beside it; `found` is set to
    /// the container it was found in, and that container's count of changes, read before the
    /// registration was. `nil` when that container was shut down: then `found.ended` is set.
    @inline(__always)
    func registration(for key: ServiceKey, found: inout (in: ObjectIdentifier, generation: UInt64, ended: Bool)) -> Registered? {
        // unowned(unsafe): the walk takes no reference of its own (a container is retained on its
        // slow path, since its entries refer to it weakly). `self` lives through the call, and each
        // container holds its parent in a `let`, so every container of the chain lives as long.
        unowned(unsafe) var current = self
        while true {
            if current.hasRegistrations {
                let generation = current.keptGeneration
                if let registered = current.services.withLock({ $0[key] }) {
                    found = (ObjectIdentifier(current), generation, current.hasEnded)
                    return found.ended ? nil : registered
                }
            }
            guard let parent = current.parent else { return nil }
            current = parent
        }
    }

    /// Every registration the container can resolve, its own over its parents'.
    func registrations() -> [ServiceKey: any ServiceEntryProtocol] {
        var all = parent?.registrations() ?? [:]
        for (key, registered) in services.withLock({ $0 }) { all[key] = registered.entry }
        return all
    }

    /// Swinject's resolve of one registration: the instance its scope stored for the current
    /// graph, or one made by its factory, stored, and completed by its `initCompleted` closures.
    /// The factory and those closures get this container as their resolver, even for a parent's
    /// registration. An instance another thread is building for a storage shared across graphs is
    /// waited for rather than built twice; this thread asking for it again builds it again, as in
    /// Swinject (which is how `initCompleted` closes circles).
    ///
    /// `key` is the key the entry was found by: if what the factory made is not a `Service`, the
    /// resolve goes on as for a key with no registration (a wrapper, or the debug helper); with no
    /// key, it returns `nil`. Written with no `Service?` local, whose generic metadata would be
    /// looked up on every resolve: each result is returned directly.
    ///
    /// With `keeping`, the entry was found by `key` in that container (this one or a parent), when
    /// its changes were at that generation: if that container made the entry, a complete
    /// `.container` instance is kept beside it for the next resolves by `key`, unless the container
    /// changed since (`KeptInstances.swift`).
    func resolve<Service, Arguments>(
        entry: ServiceEntryBase,
        key: ServiceKey?,
        invoker: (((Arguments) -> Any) -> Any)?,
        keeping found: (in: ObjectIdentifier, generation: UInt64)? = nil
    ) -> Service? {
        let thread = ResolutionThread.current
        let graph = incrementResolutionDepth(thread)
        defer { decrementResolutionDepth(thread) }
        let parts = entry.resolutionParts()
        let storage = parts.storage
        // `is`, then `as?` into the result: an `if let … as? Service` would need a `Service?` of its own.
        // A stored instance whose gate another thread holds may still be in its `initCompleted`
        // closures: wait for that thread below rather than hand it out half set up.
        // A transient storage (a final class) keeps nothing: it is not asked.
        let stores = parts.kind != .transient
        if stores, let stored = storage.instance(inGraph: graph), stored is Service, parts.gate?.isHeldByAnotherThread != true {
            if let found, let key, parts.isContainerScoped, parts.gate?.isOpen == true {
                entry.keep(stored, as: Service.self, key: key, foundIn: found.in, generation: found.generation)
            }
            return stored as? Service
        }

        // An `async` factory cannot run here; an instance it built is returned above.
        if parts.isAsync {
            return resolveNeedingAwait(key: key ?? ServiceKey(serviceType: Service.self, argumentsType: Arguments.self, name: nil))
        }
        let turn = parts.gate?.enter()
        defer { if let gate = parts.gate, let turn { gate.leave(turn) } }
        if turn != nil, let stored = storage.instance(inGraph: graph), stored is Service { return stored as? Service }
        if let permanent = parts.permanent {
            return build(entry: entry, key: key, invoker: invoker, parts: parts, into: permanent, thread: thread, graph: graph)
        }

        let built = make(entry, invoker: invoker, thread: thread)
        // The factory may have resolved this registration again (a circle), and stored that.
        if stores, let stored = storage.instance(inGraph: graph), stored is Service { return stored as? Service }
        if stores {
            storage.setInstance(built, inGraph: graph)
            thread.track(storage, kind: parts.kind, graph: graph, of: serial)
        }
        if built is Service {
            if parts.completes { entry.completeInitialization(resolver: self, instance: built, thread: thread) }
            return built as? Service
        }
        guard let key else { return nil }
        return resolveUnregistered(key: key, invoker: invoker)
    }

    /// Runs `entry`'s factory, with its service on the thread's path.
    @inline(__always)
    private func make<Arguments>(_ entry: ServiceEntryBase, invoker: (((Arguments) -> Any) -> Any)?, thread: ResolutionThread) -> Any {
        thread.path.append(entry.serviceType)
        defer { thread.path.removeLast() }
        if let invoker {
            return invoker(entry.factory(taking: Arguments.self))
        }
        return entry.factory(taking: (any Resolver).self)(self)
    }

    /// The rest of ``resolve(entry:key:invoker:keeping:)`` for a miss of a permanent storage,
    /// whose instance the registration's container disposes: the build is counted into that
    /// container's end (`Disposal/TrackedBuild.swift`), and its instance stored with its teardown.
    private func build<Service, Arguments>(
        entry: ServiceEntryBase,
        key: ServiceKey?,
        invoker: (((Arguments) -> Any) -> Any)?,
        parts: ResolutionParts,
        into storage: PermanentStorage,
        thread: ResolutionThread,
        graph: GraphIdentifier
    ) -> Service? {
        var refused = false
        let tracked = TrackedBuild.enter(entry, insideBuild: thread.isInsideBuild, async: false, refused: &refused)
        if refused {
            return resolveEnded(key: key ?? ServiceKey(serviceType: Service.self, argumentsType: Arguments.self, name: nil))
        }
        let built = make(entry, invoker: invoker, thread: thread)
        // The factory may have resolved this registration again (a circle), and stored that:
        // the instance built here is dropped, and disposed if its container would have.
        if let stored = storage.instance, stored is Service {
            tracked?.abandon()
            tracked?.owner.disposeNow(PermanentStorage.Stored(instance: built), type: entry.serviceType, teardown: entry.teardown)
            return stored as? Service
        }
        if let tracked {
            tracked.store(built, of: entry, in: storage)
        } else {
            storage.setInstance(built, inGraph: graph)
        }
        thread.track(storage, kind: parts.kind, graph: graph, of: serial)
        if built is Service, parts.completes { entry.completeInitialization(resolver: self, instance: built, thread: thread) }
        let askedFor = key ?? ServiceKey(serviceType: Service.self, argumentsType: Arguments.self, name: nil)
        if let tracked, !tracked.leave(entry, storage: storage) { return resolveEnded(key: askedFor) }
        if built is Service { return built as? Service }
        guard let key else { return nil }
        return resolveUnregistered(key: key, invoker: invoker)
    }

    /// What a resolve returns when the container that made the registration was shut down:
    /// `nil`, after logging why.
    func resolveEnded<Service>(key: ServiceKey) -> Service? {
        if let log = Container.activeLoggingFunction {
            let path = ResolutionThread.current.path.map { "\($0)" } + ["\(Service.self)"]
            if bornEnded {
                log(
                    """
                    Swinject: Resolution failed. This container was made after its parent was shut down, so it is shut down too:
                    \t{ \(registrationDescription(serviceType: Service.self, key: key)) }
                    Path: \(path.joined(separator: " → "))
                    Fix: make the child from a container that has not been shut down: a container shut down stays shut down, and so does every child made from it.
                    """)
                return nil
            }
            log(
                """
                Swinject: Resolution failed. The container that registered it was shut down:
                	{ \(registrationDescription(serviceType: Service.self, key: key)) }
                Path: \(path.joined(separator: " → "))
                Fix: resolve \(Service.self) before that container's shutdown() or syncShutdown(); a container shut down stays shut down, so make a new one to go on.
                """)
        }
        return nil
    }

    private static let maximumResolutionDepth = 200

    /// Enters one more level of resolution, here and in every parent, starting a graph where none
    /// runs; returns this container's graph.
    @discardableResult
    func incrementResolutionDepth(_ thread: ResolutionThread) -> GraphIdentifier {
        parent?.incrementResolutionDepth(thread)
        guard let graph = thread.enter(serial, maximumDepth: Container.maximumResolutionDepth) else {
            let (path, circle) = Self.circle(in: thread.path)
            fatalError(
                """
                Infinite recursive call for circular dependency has been detected. \
                To avoid the infinite call, 'initCompleted' handler should be used to inject circular dependency.
                Circle: \(circle.map { "\($0)" }.joined(separator: " → "))
                Path: \(path.map { "\($0)" }.joined(separator: " → ")) (then the circle again, \(thread.path.count) levels in all)
                Fix: make one side of the circle take the other in an initCompleted closure, instead of in its factory.
                """
            )
        }
        return graph
    }

    /// The circle in `types`, a path that went as deep as resolves may go: its first turn
    /// (`Egg → Hen → Egg`), found from the period with which the path's end repeats, and the
    /// path up to the end of that turn. The whole path, twice, when no type repeats.
    static func circle(in types: [Any.Type]) -> (path: [Any.Type], circle: [Any.Type]) {
        guard let last = types.last,
            let previous = types.dropLast().lastIndex(where: { ObjectIdentifier($0) == ObjectIdentifier(last) })
        else { return (types, types) }
        let length = types.count - 1 - previous
        // Where the circle first began: walk back while the path repeats with its period.
        var start = previous
        while start > 0, ObjectIdentifier(types[start - 1]) == ObjectIdentifier(types[start - 1 + length]) { start -= 1 }
        let turn = Array(types[start...(start + length)])
        return (Array(types[...(start + length)]), turn)
    }

    /// Leaves one level; at the top, the graph ends: its storages are told, and the graph is dropped.
    func decrementResolutionDepth(_ thread: ResolutionThread) {
        parent?.decrementResolutionDepth(thread)
        guard let completed = thread.leave(serial) else { return }
        Self.graphsCompleted(completed)
    }

    /// Tells each storage that the graph it stored an instance for completed.
    static func graphsCompleted(_ completed: [ResolutionThread.InFlight]) {
        for (storage, kind, graph) in completed {
            switch kind {
            case .graph, .perGraph: (storage as! any GraphAwareStorage).graphResolutionCompleted(graph: graph)
            case .transient, .other, .permanent: storage.graphResolutionCompleted()
            }
        }
    }
}

extension Container {
    /// The object graph this container resolves in on the calling thread, or `nil` outside a
    /// resolve. Internal in Swinject 2.10.0; public here, because its own tests read it.
    public var currentObjectGraph: GraphIdentifier? {
        // In an async factory, between its synchronous resolves: the graph those resolve in.
        ResolutionThread.current.graph(of: serial) ?? AsyncFrames.graph?.identifier
    }

    /// Makes `identifier` the object graph of the calling thread's next resolves in this
    /// container, until the resolve that uses it returns. Internal in Swinject 2.10.0; public here,
    /// because its own tests call it. ``withObjectGraph(_:closure:)`` is the supported way.
    public func restoreObjectGraph(_ identifier: GraphIdentifier) {
        ResolutionThread.current.setGraph(identifier, of: self)
    }

    /// Runs `closure` with this container resolving in the graph `identifier`, so that `.graph`
    /// instances still alive from that graph are reused.
    public func withObjectGraph<T>(_ identifier: GraphIdentifier, closure: (Container) throws -> T) rethrows -> T {
        try synchronizedIfEnabled {
            let thread = ResolutionThread.current
            let previous = thread.graph(of: serial)
            thread.setGraph(identifier, of: self)
            incrementResolutionDepth(thread)
            defer {
                thread.setGraph(previous, of: self)
                decrementResolutionDepth(thread)
            }
            return try closure(self)
        }
    }
}

extension Container: Resolver {
    /// The instance of `serviceType` registered without a name, or `nil`.
    public func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        resolve(serviceType, name: nil)
    }

    /// The instance of `serviceType` registered under `name`, or `nil`.
    public func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        resolve(name: name, option: nil, invoker: nil as (((any Resolver) -> Any) -> Any)?)
    }
}
