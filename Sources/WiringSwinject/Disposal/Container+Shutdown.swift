public import Wiring

extension Container {
    /// Ends the container: disposes, once each and newest first, the instances it keeps for its
    /// registrations (the `.container` scope's, and custom scopes' that use a
    /// ``PermanentStorage``) that are ``Disposable``, ``AsyncDisposable`` or have an
    /// `onDispose` teardown, then releases them.
    /// Its live child containers are shut down first.
    ///
    /// ```swift
    /// try await container.shutdown()
    /// ```
    ///
    /// Every teardown runs even if others throw; their errors come back together, with those of
    /// teardowns that earlier resets ran. Afterwards, every resolve of the container's
    /// registrations, including those made later, returns `nil` and logs that it was shut down.
    ///
    /// Builds of its instances in flight when it is called finish first: it waits for them. Such
    /// a build's resolve returns `nil` instead of handing out its instance, which is disposed with
    /// the others, so nothing escapes undisposed. Calling it again, or concurrently, waits until
    /// the first call has finished, then throws the failures of teardowns that ran since; it
    /// disposes nothing twice.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed.
    public func shutdown() async throws(DisposalError) {
        do throws(DisposalError) {
            let inside = AsyncFrames.frames.contains { $0.lifespan != nil }
            try await disposables.end(insideForeignBuild: inside) { () async throws(DisposalError) in try await self.shutDownOnce() }
        } catch {
            throw error.ending(.container)
        }
    }

    /// Ends the container without `await`, when its instances and its live children's have only
    /// synchronous teardowns: as ``shutdown()``, on the calling thread.
    ///
    /// ```swift
    /// try container.syncShutdown()
    /// ```
    ///
    /// It refuses to start when ending needs awaiting (an ``AsyncDisposable`` instance, an `async`
    /// `onDispose`): it then throws a ``DisposalError`` whose `asynchronousTeardowns` names them,
    /// disposes nothing and leaves the container running. Meeting an `async` ``shutdown()`` in
    /// progress, it throws at once rather than block on async work. Builds in flight on other
    /// threads are waited for, blocking this thread; called from inside a build or a teardown, it
    /// returns at once (the end in progress may be waiting for that very build).
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed, or what stopped it from
    ///   starting.
    public func syncShutdown() throws(DisposalError) {
        do throws(DisposalError) {
            let needs = asynchronousEndNeeds()
            if !needs.isEmpty { throw DisposalError(asynchronousTeardowns: needs) }
            try disposables.endSynchronously(insideForeignBuild: isCalledFromBuild) {
                () throws(DisposalError) in try self.shutDownOnceSynchronously()
            }
        } catch {
            throw error.ending(.container)
        }
    }

    /// What ending this container and its live children would need to await: instances with an
    /// asynchronous teardown, and what the lifespan awaits (teardowns a reset started).
    private func asynchronousEndNeeds() -> [String] {
        var needs: [String] = []
        for entry in ownEntries {
            guard let instance = entry.permanentStorage?.instance else { continue }
            if EntryTeardown.isAsynchronous(instance, registered: entry.teardown) {
                needs.append(typeDisplayName(entry.serviceType))
            }
        }
        for left in leftInstances {
            guard let instance = left.stored.instance else { continue }
            if EntryTeardown.isAsynchronous(instance, registered: left.teardown) { needs.append(typeDisplayName(left.type)) }
        }
        needs += disposables.asynchronousEndNeeds()
        for child in liveChildren { needs += child.asynchronousEndNeeds() }
        var seen = Set<String>()
        return needs.filter { seen.insert($0).inserted }
    }

    /// The first ``shutdown()``'s work: the core's steps for a container's end (its
    /// `Lifespan.runEnd`): its live children shut down first, since their instances may use
    /// this container's; once the builds in flight finish, its registrations are retired and
    /// its instances taken from their storages, disposed newest first, and released.
    private func shutDownOnce() async throws(DisposalError) {
        try await disposables.runEnd(
            endingDependents: {
                await DisposalError.failures(awaitingEnd: liveChildren) { (child) async throws(DisposalError) in try await child.shutdown()
                }
            },
            // Called from inside one of its own async builds (an async factory shutting its own
            // container down), it waits for none: another build may be waiting for the caller's.
            // Those that finish afterwards hand their instances over (`TrackedBuild.leave`).
            excludingOwnBuilds: { AsyncFrames.builds(in: disposables) > 0 ? Int.max : 0 },
            retire: retireAndTakeInstances,
            release: { _ in }  // the instances, released after their teardowns ran
        )
    }

    /// ``shutDownOnce()`` without `await`.
    private func shutDownOnceSynchronously() throws(DisposalError) {
        try disposables.runEndSynchronously(
            // A child that refused reports what needed `await`: it appeared since the check.
            endingDependents: {
                DisposalError.failures(ending: liveChildren) { (child) throws(DisposalError) in try child.syncShutdown() }
            },
            insideForeignBuild: isCalledFromBuild,
            retire: retireAndTakeInstances,
            release: { _ in }  // the instances, released after their teardowns ran
        )
    }

    /// Retires the registrations, then takes their instances (``takeInstances()``).
    private func retireAndTakeInstances() -> [PermanentStorage.Stored] {
        retireRegistrations()
        return takeInstances()
    }

    /// Marks the container ended and forgets its kept instances, in one step under its
    /// registrations' lock: from then on no resolve finds one of its registrations, nor keeps one
    /// of its instances.
    private func retireRegistrations() {
        forgettingKept { isEnded.store(true, ordering: .releasing) }
    }

    /// Takes the instances its registrations' permanent storages hold out of them, with those
    /// that retired registrations left (``keepForShutdown(_:type:teardown:)``), and hands those
    /// with a teardown to the lifespan in creation order, for its end to dispose newest first.
    /// Returns them all, for the caller to release after that.
    /// Called right after ``retireRegistrations()``: a build that stores an instance once the
    /// container has ended hands it over itself (``handOver(_:type:teardown:)``). The storage's
    /// lock orders the two: a build that stores after this took its storage reads `isEnded` as set.
    private func takeInstances() -> [PermanentStorage.Stored] {
        var taken = takeLeftInstances()
        for entry in ownEntries {
            guard let storage = entry.permanentStorage else { continue }
            let stored = storage.exchange(PermanentStorage.Stored())
            if stored.instance != nil { taken.append(LeftInstance(stored: stored, type: entry.serviceType, teardown: entry.teardown)) }
        }
        taken.sort { $0.stored.order < $1.stored.order }
        for instance in taken {
            _ = track(instance.stored, type: instance.type, teardown: instance.teardown)
        }
        return taken.map(\.stored)
    }

    /// Hands an instance of `type` that a build stored after the end took the others to that end,
    /// or disposes it now if the end has disposed everything already. Call it with no lock held.
    func handOver(_ stored: PermanentStorage.Stored, type: Any.Type, teardown: EntryTeardown?) {
        guard let ticket = track(stored, type: type, teardown: teardown) else { return }
        // Tracked before the end's snapshot, the end disposes it; after, no one else will. A
        // ticket runs its teardown once, whoever asks.
        if disposables.isFinished { ticket.disposeNow() }
    }

    /// Disposes now, if it has a teardown, an instance of `type` that a reset took out of its
    /// storage, or whose registration went; its failure is reported by the next end. Call it with
    /// no lock held.
    func disposeNow(_ dropped: PermanentStorage.Stored, type: Any.Type, teardown registered: EntryTeardown?) {
        track(dropped, type: type, teardown: registered)?.disposeNow()
    }

    /// Hands `stored`'s instance, of `type`, to the lifespan with the teardown that disposes it; `nil`
    /// when there is no instance, or nothing would dispose it.
    private func track(_ stored: PermanentStorage.Stored, type: Any.Type, teardown registered: EntryTeardown?) -> DisposalTicket? {
        guard let instance = stored.instance, let teardown = EntryTeardown.teardown(for: instance, registered: registered)
        else { return nil }
        return disposables.track(type, teardown: teardown)
    }

    /// Whether the caller runs inside a build: a factory or `initCompleted` closure on this
    /// thread, or an async build of this task.
    private var isCalledFromBuild: Bool {
        ResolutionThread.current.isInsideBuild || AsyncFrames.frames.contains { $0.lifespan != nil }
    }

    /// Whether the container was shut down: its registrations resolve to nothing.
    var hasEnded: Bool {
        isEnded.load(ordering: .acquiring)
    }
}
