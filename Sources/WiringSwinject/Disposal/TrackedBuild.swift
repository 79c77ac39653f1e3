internal import Wiring

/// One build of an instance its container will dispose: a miss of a ``PermanentStorage`` (the
/// `.container` scope, or a custom scope that keeps its instance until reset).
///
/// It counts itself into the bag of the container that made the registration before the factory
/// runs, so that the container's end waits for it and disposes what it built, and out after the
/// `initCompleted` closures; a build that began before the end may finish its graph, and one that
/// meets a finished end disposes its own instance. As the core's `TrackedBuild`, but an instance
/// gets no ticket when it is built: its container's end takes it from its storage, in creation
/// order, and asks then how to dispose it (`Container+Shutdown.swift`).
struct TrackedBuild {
    /// The container that made the registration.
    let owner: Container
    let bag: DisposalBag
    /// Whether the build runs inside another one (a factory or an `initCompleted` closure
    /// resolved it), which the end may be waiting for.
    let nested: Bool
    /// Whether it is an async build (`Container.resolveAsync`): a synchronous end cannot wait for it.
    let isAsync: Bool

    /// Counts a build of `entry` into its container's bag; `nil` when the container is gone (the
    /// build is not tracked) or when the build is refused (`refused` is then set): the container
    /// has ended, or is ending and the build is not part of one in flight (`nested`).
    static func enter(_ entry: ServiceEntryBase, nested: Bool, async: Bool, refused: inout Bool) -> TrackedBuild? {
        guard let owner = entry.container else { return nil }
        let bag = owner.disposables
        guard bag.enter(async: async) || (nested && bag.enterNested(async: async)) else {
            refused = true
            return nil
        }
        return TrackedBuild(owner: owner, bag: bag, nested: nested, isAsync: async)
    }

    /// Stores `instance`, built by the factory, with its place in the owner's creation order:
    /// taken right after it was built, so that it is disposed before the dependencies it was
    /// built from.
    func store(_ instance: Any, in storage: PermanentStorage) {
        let replaced = storage.exchange(PermanentStorage.Stored(instance: instance, order: owner.nextCreationOrder()))
        _ = replaced  // released here, after unlocking
    }

    /// Counts the build out of the bag; whether its resolve may hand out the instance: not once
    /// the container began to end, unless the build is part of one still in flight, which the end
    /// waits for. The end takes the instance from `storage` and disposes it; if it has already
    /// taken the instances, this hands the instance to it, or disposes it here once it has
    /// disposed everything.
    func leave(_ entry: ServiceEntryBase, storage: PermanentStorage) -> Bool {
        let (closed, finished) = bag.leave(async: isAsync)
        if closed, owner.hasTakenInstances {
            owner.handOver(storage.exchange(PermanentStorage.Stored()), of: entry)
        }
        return !closed || (!finished && nested)
    }

    /// Counts out a build that stored nothing of its own (a circle stored the instance first).
    func abandon() {
        _ = bag.leave(async: isAsync)
    }
}
