/// The builds an async resolve is inside of, innermost last: task-local, so that it follows
/// the resolve into the tasks that construct singletons.
enum AsyncResolutionStack {
    struct Frame: Sendable {
        let key: ServiceKey
        /// The construction this frame is, for caching lifetimes.
        let build: AsyncBuildID?
        /// The lifespan the build counted itself in, if its lifetime is tracked: a shutdown
        /// or close called from inside this build must not wait for it.
        let lifespan: ObjectIdentifier?
    }

    /// How many builds of the current task (and the tasks it runs in) count themselves in `lifespan`.
    static func builds(in lifespan: Lifespan) -> Int {
        let id = ObjectIdentifier(lifespan)
        return frames.reduce(0) { $0 + ($1.lifespan == id ? 1 : 0) }
    }

    @TaskLocal static var frames: [Frame] = []
}

/// One construction of an async registration for one owner. Shared with the facades, whose
/// async constructions wait for each other in the same graph (``AsyncWaits``).
package struct AsyncBuildID: Hashable, Sendable {
    let entry: ObjectIdentifier
    let owner: ObjectIdentifier

    package init(entry: ObjectIdentifier, owner: ObjectIdentifier) {
        self.entry = entry
        self.owner = owner
    }
}

/// Which async construction waits for which: a loop between constructions running in different
/// tasks would wait for ever, so it throws instead.
///
/// One construction may wait for several at once (child tasks of a task group each waiting for
/// another construction), so each keeps a multiset of the constructions it waits for.
package final class AsyncWaits: Sendable {
    package static let shared = AsyncWaits()
    private let waits = Lock<[AsyncBuildID: [AsyncBuildID: Int]]>([:])

    /// Records that the innermost construction of the current task waits for `target`, or
    /// throws ``WiringError/Code/cycle`` if `target` (transitively) waits for it. The error names
    /// only `target`; the builds it passes through on its way out prepend themselves to the path.
    ///
    /// - Returns: The construction that waits, to pass to ``didWait(_:for:)``; `nil` when the
    ///   current task is inside no construction.
    func willWait<T>(for target: AsyncBuildID, entry: Entry<T>) throws(WiringError) -> AsyncBuildID? {
        let frames = AsyncResolutionStack.frames
        // Waiting for a construction this task is itself inside of: a loop within one chain.
        if frames.contains(where: { $0.build == target }) { throw Resolver.cycle(entry) }
        guard let waiter = frames.last(where: { $0.build != nil })?.build else { return nil }
        if !willWait(waiter, for: target) { throw Resolver.cycle(entry) }
        return waiter
    }

    /// Records that the construction `waiter` waits for `target`, unless `target` (transitively)
    /// waits for `waiter`: then it records nothing and returns `false`, since that wait would
    /// never end. Pair a `true` with ``didWait(_:for:)``.
    package func willWait(_ waiter: AsyncBuildID, for target: AsyncBuildID) -> Bool {
        waits.withLock { waits -> Bool in
            // Depth-first from `target` along every waits-for edge; reaching `waiter` is a loop.
            var stack = [target]
            var seen: Set<AsyncBuildID> = []
            while let step = stack.popLast() {
                if step == waiter { return false }
                guard seen.insert(step).inserted, let next = waits[step] else { continue }
                stack.append(contentsOf: next.keys)
            }
            waits[waiter, default: [:]][target, default: 0] += 1
            return true
        }
    }

    /// `waiter` has what it waited for from `target`.
    package func didWait(_ waiter: AsyncBuildID?, for target: AsyncBuildID) {
        guard let waiter else { return }
        waits.withLock { waits in
            guard var targets = waits[waiter], let count = targets[target] else { return }
            targets[target] = count > 1 ? count - 1 : nil
            waits[waiter] = targets.isEmpty ? nil : targets
        }
    }
}

extension Resolver {
    /// Resolves an async registration, honouring its lifetime.
    func resolveAsync<T: Sendable>(entry: Entry<T>, build: AsyncBuild<T>) async throws(WiringError) -> T {
        switch entry.lifetime.kind {
        case .singleton, .eagerSingleton:
            guard let cell = entry.cell else { fatalError("Wiring: a singleton entry has no cell") }
            let owner = Resolver(container: entry.owner, scope: nil)
            let id = ObjectIdentifier(entry.owner)
            return try await build.singleFlight(owner: id, peek: { cell.peek() }, entry: entry) { () throws(WiringError) -> T in
                // A reset while the factory runs keeps its instance out of the cell.
                let started = cell.currentGeneration()
                return try await owner.buildAsync(
                    entry,
                    build,
                    as: AsyncBuildID(entry: ObjectIdentifier(entry), owner: id),
                    publish: AsyncBuild.publishing(into: cell, entry: entry, startedAt: started)
                )
            }
        case .scoped:
            guard let target = scope?.enclosing(named: entry.lifetime.scopeName) else {
                throw Resolver.noScope(for: entry, in: container)
            }
            let instances = SharedLifespan(lifespan: target.lifespan)
            if instances.lifespan.refusesBuilds {
                throw WiringError(code: .shutDown, entry: entry, detail: .closedScope)
            }
            let inScope = Resolver(container: container, scope: target)
            let id = ObjectIdentifier(target)
            return try await build.singleFlight(owner: id, peek: { instances.lifespan.peek(entry) }, entry: entry) {
                () throws(WiringError) -> T in
                // A reset of the scope while the factory runs keeps its instance out of the scope.
                let started = instances.lifespan.resetGeneration()
                return try await inScope.buildAsync(
                    entry,
                    build,
                    as: AsyncBuildID(entry: ObjectIdentifier(entry), owner: id),
                    publish: { (value, ticket) in
                        .success(instances.lifespan.store(value, ticket: ticket, for: entry, startedAt: started))
                    }
                )
            }
        case .transient, .graph, .weakSingleton:
            return try await buildAsync(entry, build, as: nil)
        }
    }

    /// Runs the async factory, then the registration's decorators, disposal tracking and hooks,
    /// then `publish` (the caching lifetimes' store into their cell).
    ///
    /// A tracked lifetime counts the build in its owner's ``Lifespan``, as
    /// ``buildTracked(_:_:onConstructed:)`` does: a shutdown or close waits for it (unless it is
    /// called from inside this very build), and an instance finished after that began is disposed
    /// and not handed out.
    func buildAsync<T: Sendable>(
        _ entry: Entry<T>,
        _ build: AsyncBuild<T>,
        as id: AsyncBuildID?,
        publish: AsyncPublish<T>? = nil
    ) async throws(WiringError) -> T {
        let frames = AsyncResolutionStack.frames
        if frames.contains(where: { $0.key == entry.key && ($0.build == id || id == nil) }) {
            // The builds this resolve is inside of prepend themselves as the error passes them.
            throw Resolver.cycle(entry)
        }
        let disposal = entry.tracksDisposal ? try TrackedBuild.enter(entry, through: self, async: true) : nil
        let resolver = self
        let frame = AsyncResolutionStack.Frame(key: entry.key, build: id, lifespan: disposal.map { ObjectIdentifier($0.lifespan) })
        // Call-site injection inside the factory (`wired()`, the property wrappers) resolves from
        // this build's resolver, across its `await`s, as it does in a synchronous factory: the
        // task-local hides whatever resolver the caller, or the first caller of a single-flight
        // construction, made current.
        let (result, ticket) = await CurrentResolver.$value.withValue(resolver) {
            await AsyncResolutionStack.$frames.withValue(frames + [frame]) {
                () async -> (Result<T, WiringError>, DisposalTicket?) in
                await Self.runAsyncBuild(entry, build, as: id, resolver: resolver, disposal: disposal, publish: publish)
            }
        }
        guard let disposal else { return try result.get() }
        return try await disposal.finish(result, ticket: ticket)
    }

    /// The factory, decorators, disposal tracking, hooks and `publish` of one async build; with
    /// the instance's disposal ticket, if it was built.
    private static func runAsyncBuild<T: Sendable>(
        _ entry: Entry<T>,
        _ build: AsyncBuild<T>,
        as id: AsyncBuildID?,
        resolver: Resolver,
        disposal: TrackedBuild?,
        publish: AsyncPublish<T>?
    ) async -> (Result<T, WiringError>, DisposalTicket?) {
        var ticket: DisposalTicket?
        do {
            var instance: T
            if let tracer = entry.tracer {
                // A single-flight build counts the resolves that joined it.
                var waiters: (@Sendable () -> Int)?
                if let owner = id?.owner { waiters = { build.callers(of: owner) } }
                instance = try await tracer.buildAsync(entry.traced, resolver, waiters: waiters) {
                    try await build.factory(resolver)
                } abandoned: { built in
                    DisposalTracker.disposeAbandoned(
                        built, tracks: entry.tracksDisposal, extras: entry.extras, tracer: tracer, through: resolver)
                }
            } else {
                instance = try await build.factory(resolver)
            }
            if let decorate = entry.decorate {
                do {
                    instance = try decorate(resolver, instance)
                } catch {
                    // Abandoned by its decorator: disposed now, as a hook's failure disposes it.
                    DisposalTracker.disposeAbandoned(
                        instance, tracks: entry.tracksDisposal, extras: entry.extras, tracer: entry.tracer, through: resolver)
                    throw error
                }
            }
            ticket = disposal?.track(instance, builtBy: entry)
            for hook in entry.hooks { try hook(resolver, instance) }
            if let publish { instance = try publish(instance, ticket).get() }
            return (.success(instance), ticket)
        } catch {
            return (.failure(Resolver.failure(error, in: entry)), ticket)
        }
    }
}

extension Resolving {
    /// Resolves `type` from any context: registrations with an async factory are awaited (and
    /// singletons built once for all concurrent callers), and factories registered with
    /// ``Container/register(_:tag:lifetime:file:line:mainActor:)`` run on the main actor.
    ///
    /// ```swift
    /// let pool = try await container.resolveAsync(ConnectionPool.self)
    /// let model = try await container.resolveAsync(SettingsViewModel.self)
    /// ```
    ///
    /// A synchronous registration resolves where this is called. If its graph needs the main
    /// actor somewhere, the whole resolve runs again on the main actor; instances that were
    /// already cached are reused, and transient instances built by the first attempt are
    /// discarded.
    public func resolveAsync<T: Sendable>(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async throws(WiringError) -> T {
        let resolver = self.resolver
        let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self)
        if let entry = resolver.lookup(key), let build = entry.asyncBuildObject as? AsyncBuild<T> {
            do {
                return try await resolver.resolveAsync(entry: unsafeDowncast(entry, to: Entry<T>.self), build: build)
            } catch {
                throw error.calledFrom(SourceLocation(file, line))
            }
        }
        do {
            return try resolve(T.self, tag: tag, file: file, line: line)
        } catch  where error.code == .isolationMismatch && !isOnMainActorExecutor {
            let tag = UncheckedBox(tag)
            return try await againOnMainActor { () throws(WiringError) in
                try resolver.resolve(T.self, tag: tag.value, file: file, line: line)
            }
        }
    }
}

/// What an async build does with its instance and disposal ticket before it counts itself out
/// of its owner's lifespan (a caching lifetime stores it). It returns a `Result` rather than being
/// `throws(WiringError)`: an optional of a typed-throws function type needs runtime support that
/// Apple systems below macOS 15 and iOS 18 lack (`Scripts/check-platform-floor.sh`).
typealias AsyncPublish<T> = (T, DisposalTicket?) -> Result<T, WiringError>
