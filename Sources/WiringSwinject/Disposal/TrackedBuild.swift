internal import Wiring

/// One build of an instance its container will dispose: a miss of a ``PermanentStorage`` (the
/// `.container` scope, or a custom scope that keeps its instance until reset).
///
/// It counts itself into the lifespan of the container that made the registration before the factory
/// runs, so that the container's end waits for it and disposes what it built, and out after the
/// `initCompleted` closures; a build that began before the end may finish its graph, and one that
/// meets a finished end disposes its own instance. As the core's `TrackedBuild`, but an instance
/// gets no ticket when it is built: its container's end takes it from its storage, in creation
/// order, and asks then how to dispose it (`Container+Shutdown.swift`).
struct TrackedBuild {
    /// The container that made the registration.
    let owner: Container
    let lifespan: Lifespan
    /// Whether a synchronous factory or `initCompleted` closure runs on this thread.
    let insideBuild: Bool
    /// Whether it is an async build (`Container.resolveAsync`): a synchronous end cannot wait for it.
    let isAsync: Bool

    /// Counts a build of `entry` into its container's lifespan; `nil` when the container is gone (the
    /// build is not tracked) or when the build is refused (`refused` is then set): the container
    /// has ended, or is ending and the build is not part of one in flight. `insideBuild` says a
    /// synchronous factory or `initCompleted` closure runs on this thread; a build of this task
    /// counted in the same lifespan (an async factory's) makes it nested too.
    static func enter(_ entry: ServiceEntryBase, insideBuild: Bool, async: Bool, refused: inout Bool) -> TrackedBuild? {
        guard let owner = entry.container else { return nil }
        let lifespan = owner.disposables
        guard lifespan.enter(async: async, nested: { isNested(insideBuild, in: lifespan) }) else {
            refused = true
            return nil
        }
        return TrackedBuild(owner: owner, lifespan: lifespan, insideBuild: insideBuild, isAsync: async)
    }

    /// Whether a build runs inside another one that an end of `lifespan` may be waiting for: a
    /// synchronous one on this thread, or an async one of this task counted in `lifespan`. Asked only
    /// once the lifespan is closed (it reads a task-local).
    private static func isNested(_ insideBuild: Bool, in lifespan: Lifespan) -> Bool {
        insideBuild || AsyncFrames.builds(in: lifespan) > 0
    }

    /// Stores `instance`, built by `entry`'s factory, with its place in the owner's creation
    /// order: taken right after it was built, so that it is disposed before the dependencies it
    /// was built from. An instance it replaces (one stored meanwhile) is disposed.
    func store(_ instance: Any, of entry: ServiceEntryBase, in storage: PermanentStorage) {
        let replaced = storage.exchange(PermanentStorage.Stored(instance: instance, order: owner.nextCreationOrder()))
        if replaced.instance != nil { owner.disposeNow(replaced, type: entry.serviceType, teardown: entry.teardown) }
    }

    /// Counts the build out of the lifespan; whether its resolve may hand out the instance: not once
    /// the container began to end, unless the build is part of one still in flight, which the end
    /// waits for. The end takes the instance from `storage` and disposes it; if it has already
    /// ended the container (and so taken the instances), this hands the instance to it, or
    /// disposes it here once it has disposed everything.
    func leave(_ entry: ServiceEntryBase, storage: PermanentStorage) -> Bool {
        entry.finishBuild()
        let (closed, finished) = lifespan.leave(async: isAsync)
        if closed, owner.hasEnded {
            owner.handOver(storage.exchange(PermanentStorage.Stored()), type: entry.serviceType, teardown: entry.teardown)
        }
        return !closed || (!finished && Self.isNested(insideBuild, in: lifespan))
    }

    /// Counts out a build that stored nothing of its own (a circle stored the instance first).
    func abandon() {
        _ = lifespan.leave(async: isAsync)
    }
}
