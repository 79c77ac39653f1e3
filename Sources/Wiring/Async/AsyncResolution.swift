/// The builds an async resolve is inside of, innermost last: task-local, so that it follows
/// the resolve into the tasks that construct singletons.
enum AsyncResolutionStack {
    struct Frame: Sendable {
        let key: ServiceKey
        /// The construction this frame is, for caching lifetimes.
        let build: AsyncBuildID?
    }

    @TaskLocal static var frames: [Frame] = []
}

/// One construction of an async registration for one owner.
struct AsyncBuildID: Hashable, Sendable {
    let entry: ObjectIdentifier
    let owner: ObjectIdentifier
}

/// Which async construction waits for which: a loop between constructions running in different
/// tasks would wait for ever, so it throws instead.
final class AsyncWaits: Sendable {
    static let shared = AsyncWaits()
    private let waits = Lock<[AsyncBuildID: AsyncBuildID]>([:])

    /// Records that the innermost construction of the current task waits for `target`, or
    /// throws ``WiringError/Code/cycle`` if `target` (transitively) waits for it. The error names
    /// only `target`; the builds it passes through on its way out prepend themselves to the path.
    func willWait<T>(for target: AsyncBuildID, entry: Entry<T>) throws(WiringError) {
        let frames = AsyncResolutionStack.frames
        // Waiting for a construction this task is itself inside of: a loop within one chain.
        let ownLoop = frames.contains { $0.build == target }
        guard !ownLoop, let waiter = frames.last(where: { $0.build != nil })?.build else {
            if ownLoop { throw WiringError(code: .cycle, entry: entry) }
            return
        }
        let loop = waits.withLock { waits -> Bool in
            var current: AsyncBuildID? = target
            var steps = 0
            while let step = current, steps <= waits.count {
                if step == waiter { return true }
                current = waits[step]
                steps += 1
            }
            waits[waiter] = target
            return false
        }
        if loop { throw WiringError(code: .cycle, entry: entry) }
    }

    /// The innermost construction of the current task has its instance.
    func didWait() {
        guard let waiter = AsyncResolutionStack.frames.last(where: { $0.build != nil })?.build else { return }
        _ = waits.withLock { $0.removeValue(forKey: waiter) }
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
            return try await build.singleFlight(owner: id, cell: cell, entry: entry) { () throws(WiringError) -> T in
                try await owner.buildAsync(entry, build, as: AsyncBuildID(entry: ObjectIdentifier(entry), owner: id))
            }
        case .scoped:
            guard let target = scope?.enclosing(named: entry.lifetime.scopeName) else {
                throw WiringError(code: .scopeNotActive, entry: entry, detail: .scope(entry.lifetime.scopeName))
            }
            guard let cell: InstanceCell<T> = target.cell(for: entry) else {
                throw WiringError(code: .shutDown, entry: entry, detail: .closedScope)
            }
            let inScope = Resolver(container: container, scope: target)
            let id = ObjectIdentifier(target)
            return try await build.singleFlight(owner: id, cell: cell, entry: entry) { () throws(WiringError) -> T in
                try await inScope.buildAsync(entry, build, as: AsyncBuildID(entry: ObjectIdentifier(entry), owner: id))
            }
        case .transient, .graph, .weakSingleton:
            return try await buildAsync(entry, build, as: nil)
        }
    }

    /// Runs the async factory, then the registration's decorators, disposal tracking and hooks.
    func buildAsync<T: Sendable>(
        _ entry: Entry<T>,
        _ build: AsyncBuild<T>,
        as id: AsyncBuildID?
    ) async throws(WiringError) -> T {
        let frames = AsyncResolutionStack.frames
        if frames.contains(where: { $0.key == entry.key && ($0.build == id || id == nil) }) {
            // The builds this resolve is inside of prepend themselves as the error passes them.
            throw WiringError(code: .cycle, entry: entry)
        }
        let resolver = self
        let result: Result<T, WiringError> = await AsyncResolutionStack.$frames.withValue(
            frames + [AsyncResolutionStack.Frame(key: entry.key, build: id)]
        ) {
            do {
                var instance = try await build.factory(resolver)
                for decorator in entry.refinements.decorators { instance = try decorator(resolver, instance) }
                if DisposalTracker.tracks(entry.lifetime, transients: entry.refinements.tracksTransients) {
                    DisposalTracker.track(instance, teardown: entry.refinements.teardown, by: resolver)
                }
                for hook in entry.hooks { try hook(resolver, instance) }
                return .success(instance)
            } catch {
                return .failure(Resolver.failure(error, in: entry))
            }
        }
        return try result.get()
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
            let result = await MainActor.run { () -> Result<T, WiringError> in
                do throws(WiringError) {
                    return .success(try resolver.resolve(T.self, tag: tag.value, file: file, line: line))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
    }
}
