/// A scope's instances: its lifespan's slots (``ScopeSlot``), behind the lifespan's one lock.
///
/// This is a server's request path, so it is built to cost little:
/// - no object per instance (a slot stores it in place), no hashing: a scope usually holds a
///   handful of instances, found by a linear scan of the registration's identity (past 8, by
///   the key hash the registration computed, in ``ScopeSlotIndex``);
/// - two lock pairs per build (claim the slot and count the build in; publish it and count it
///   out), one per cached read;
/// - exactly once under contention all the same: a build claims its slot before its factory
///   runs (with no lock held), and a thread that needs the same instance waits on the lifespan's
///   condition until it is published. Only such a wait registers the build in
///   ``BuildOwnership``, so a cross-thread loop through a scope still throws
///   ``WiringError/Code/cycle`` instead of hanging, and the uncontended path never touches it.
/// - A reset or close moves the slots out under the lock, and disposes and releases their
///   instances after it. A build a reset overlapped returns its instance to its caller without
///   caching it; one an end overlapped is disposed by that end, or by itself if the end is over.
extension Lifespan {
    /// The lock, the header and the inline slots, for the build path, which waits on the
    /// condition and so locks and unlocks by hand.
    @inline(__always)
    private var parts: (lock: InlineLockPointer, header: UnsafeMutablePointer<Header>, inline: UnsafeMutablePointer<ScopeSlot>) {
        // Valid while the lifespan lives: the caller holds a reference to it throughout.
        let (header, inline) = pointers
        return (Header.lock(at: header), header, inline)
    }

    /// The scope's instance of `entry`'s registration, built through `resolver` (the scope's)
    /// if needed, exactly once across all threads.
    func value<T>(for entry: Entry<T>, through resolver: Resolver, arguments: UnsafeRawPointer?) throws(WiringError) -> T {
        let inline = entry.storesScopedValueInline
        let thread = currentThreadID
        let (lock, header, inlineSlots) = parts
        // Every access below to `header.pointee` and the slots happens between lock() and unlock().
        lock.lock()
        while true {
            // A closed scope serves nothing, not even what it holds (its end may have disposed
            // it), but to a build in flight that its end waits for, which may finish its graph.
            if header.pointee.state.refuses {
                lock.unlock()
                throw WiringError(code: .shutDown, entry: entry, detail: .closedScope)
            }
            guard let index = header.pointee.slots.index(of: entry, inline: inlineSlots) else { break }
            let slot = header.pointee.slots.base(inlineSlots) + index
            switch slot.pointee.phase {
            case .published, .kept:
                let value = slot.pointee.storage.load(as: T.self, inline: inline)
                lock.unlock()
                return value
            case .building(let builder) where builder == thread:
                // Re-entered from its own hooks, which may close a cycle on the instance the
                // factory made; from its factory, a loop.
                if slot.pointee.hasValue {
                    let value = slot.pointee.storage.load(as: T.self, inline: inline)
                    lock.unlock()
                    return value
                }
                lock.unlock()
                throw Resolver.cycle(entry)
            case .building(let builder):
                // Another thread builds it: wait for it, unless that thread waits for us.
                let marker = slot.pointee.marker ?? ScopedBuildMarker()
                slot.pointee.marker = marker
                guard BuildOwnership.shared.wait(for: ObjectIdentifier(marker), ownedBy: builder, by: thread) else {
                    lock.unlock()
                    throw Resolver.cycle(entry)
                }
                lock.wait()
                BuildOwnership.shared.endWait(by: thread)
                withExtendedLifetime(marker) {}
            }
        }
        // Not built. A stale instance of the same key (its registration replaced or removed)
        // goes, so that the scope never serves what an old factory built.
        let stale = header.pointee.slots.removeStale(of: entry, inline: inlineSlots)
        let started = header.pointee.claim(entry, by: thread, inline: inlineSlots)
        lock.unlock()
        if let stale { disposeAndRelease(stale) }
        return try build(entry, through: resolver, arguments: arguments, claimedBy: thread, started: started)
    }

    /// What ``readOrClaim(_:)`` found.
    @usableFromInline
    enum ReadOrClaim {
        /// Published: the slot, with the lock held (read it, then ``unlockSlots()``).
        case published(UnsafeMutablePointer<ScopeSlot>)
        /// Claimed for a build by this thread, at this reset generation: build it with
        /// ``build(_:through:arguments:claimedBy:started:)``.
        case claimed(thread: UInt, started: Int)
        /// Anything else (closed, being built, a stale instance to replace): the general path,
        /// ``value(for:through:arguments:)``, decides.
        case general
    }

    /// The published instance of `entry`'s registration (the lock left held), or its slot claimed
    /// for a build when the scope is open and nothing else stands in the way: the inlined first
    /// step of a resolve through the innermost scope (``Resolver/resolve(entry:arguments:)``), one
    /// lock pair for a read or a claim.
    @usableFromInline
    func readOrClaim(_ entry: AnyEntry) -> ReadOrClaim {
        let (lock, header, inline) = parts
        lock.lock()
        if header.pointee.state.closed {
            lock.unlock()
            return .general
        }
        let owner = ObjectIdentifier(entry.owner)
        let sequence = entry.sequence
        let type = ObjectIdentifier(entry.key.type)
        let hash = entry.scopeKeyHash
        // The first slot that decides: the registration's own (unless kept), or a stale
        // instance of the same key, to replace.
        let found = header.pointee.slots.first(hash: hash, inline: inline) { slot, _ -> ReadOrClaim? in
            if slot.pointee.sequence == sequence, slot.pointee.owner == owner {
                if slot.pointee.phase == .published { return .published(slot) }
                return slot.pointee.phase == .kept ? nil : .general  // being built
            }
            return ScopeSlot.isPublished(slot, entry.key, type: type, hash: hash) ? .general : nil  // stale, to replace
        }
        if let found {
            if case .general = found { lock.unlock() }
            return found
        }
        let thread = currentThreadID
        let started = header.pointee.claim(entry, by: thread, inline: inline)
        lock.unlock()
        return .claimed(thread: thread, started: started)
    }

    /// Builds the instance of `entry`'s registration whose slot `thread` claimed at reset
    /// generation `started`, publishes it and returns it: the second half of a build, after
    /// the claim, with no lock held.
    @usableFromInline
    func build<T>(
        _ entry: Entry<T>, through resolver: Resolver, arguments: UnsafeRawPointer?, claimedBy thread: UInt, started: Int
    ) throws(WiringError) -> T {
        var kind = TeardownKind.none
        let value: T
        do {
            var unused: DisposalTicket?
            value = try resolver.buildUntracked(entry, arguments, disposal: nil, ticket: &unused) { (value, _) throws(WiringError) in
                kind = DisposalTracker.teardownKind(for: value, of: entry, extras: entry.extras)
                // Only hooks can re-enter the build with its instance made (a cycle they close);
                // without hooks, nothing reads it before it is published.
                guard entry.hasHooks else { return }
                self.withLocked { state, slots, inline in
                    guard let index = slots.building(entry, by: thread, inline: inline) else { return }
                    let slot = slots.base(inline) + index
                    slot.pointee.storage.store(value, inline: entry.storesScopedValueInline)
                    slot.pointee.hasValue = true
                    slot.pointee.teardownKind = kind
                    slot.pointee.order = state.nextCreationOrder()
                }
            }
        } catch {
            let (ready, mine) = withLocked { state, slots, inline in
                (state.leave(async: false), slots.building(entry, by: thread, inline: inline).map { slots.remove(at: $0, inline: inline) })
            }
            for waiter in ready { waiter.resume() }
            Self.wakeWaiters(of: mine?.marker, in: self)
            if var mine {
                // A hook threw: the instance exists (its slot holds it); nothing will hand it
                // out, so it goes now.
                if let teardown = mine.takeTeardown() {
                    let run = run(for: entry)
                    run.tracer?.trackedInstancesChanged(by: 1)
                    run.disposeNow(teardown)
                }
                mine.release()
            }
            throw error
        }
        if publishQuietly(value, kind: kind, of: entry, by: thread, started: started) { return value }
        return try publish(value, kind: kind, of: entry, by: thread, started: started)
    }

    /// Publishes a build's instance in the usual case, in one lock pair: the scope is open, no
    /// reset overlapped the build, no thread waits for the scope, no other thread waited for
    /// this build, and nothing was provided for the registration meanwhile. Returns `false`,
    /// having changed nothing, otherwise: ``publish(_:kind:of:by:started:)`` then decides.
    private func publishQuietly<T>(_ value: T, kind: TeardownKind, of entry: Entry<T>, by thread: UInt, started: Int) -> Bool {
        let (lock, header, inline) = parts
        lock.lock()
        guard !header.pointee.state.closed, header.pointee.state.waiters.isEmpty, header.pointee.slots.generation == started,
            let slot = header.pointee.slots.quietlyBuilding(entry, by: thread, inline: inline)
        else {
            lock.unlock()
            return false
        }
        header.pointee.state.inFlight -= 1
        if !slot.pointee.hasValue {
            slot.pointee.storage.store(value, inline: entry.storesScopedValueInline)
            slot.pointee.hasValue = true
            slot.pointee.order = header.pointee.state.nextCreationOrder()
        }
        slot.pointee.teardownKind = kind
        slot.pointee.phase = .published
        lock.unlock()
        Self.reportTracked(kind, of: entry)
        return true
    }

    /// The second half of a build: counts it out and publishes its instance, unless a reset or
    /// an end overlapped it. Returns the instance to hand out: the one built, or one provided
    /// meanwhile.
    private func publish<T>(
        _ value: T, kind: TeardownKind, of entry: Entry<T>, by thread: UInt, started: Int
    ) throws(WiringError) -> T {
        let inline = entry.storesScopedValueInline
        var result = value
        var handOut = true
        var disposeNow = false
        var dropped: ScopeSlot?
        var marker: ScopedBuildMarker?
        let ready = withLocked { state, slots, inlineSlots -> [Waiter] in
            let ready = state.leave(async: false)
            if state.refuses {
                // The owner began to end meanwhile: not handed out.
                handOut = false
                disposeNow = state.finished
            }
            guard let index = slots.building(entry, by: thread, inline: inlineSlots) else { return ready }
            let slot = slots.base(inlineSlots) + index
            marker = slot.pointee.marker
            slot.pointee.marker = nil
            if !slot.pointee.hasValue {
                slot.pointee.storage.store(value, inline: inline)
                slot.pointee.hasValue = true
                slot.pointee.order = state.nextCreationOrder()
            }
            slot.pointee.teardownKind = kind
            if let provided = slots.published(entry, inline: inlineSlots) {
                // Provided meanwhile: the scope keeps what it was given.
                result = slots.base(inlineSlots)[provided].storage.load(as: T.self, inline: inline)
                slot.pointee.phase = .kept
            } else if handOut, slots.generation == started {
                slot.pointee.phase = .published
            } else {
                slot.pointee.phase = .kept
            }
            if slot.pointee.phase == .kept, disposeNow || kind == .none {
                // Nothing for an end to dispose of, or the end is over: it goes after the lock.
                dropped = slots.remove(at: index, inline: inlineSlots)
            }
            return ready
        }
        for waiter in ready { waiter.resume() }
        Self.wakeWaiters(of: marker, in: self)
        Self.reportTracked(kind, of: entry)
        if var dropped {
            if disposeNow, let teardown = dropped.takeTeardown() { run(for: entry).disposeNow(teardown) }
            dropped.release()
        }
        if !handOut { throw WiringError(code: .shutDown, entry: entry, detail: .closedScope) }
        return result
    }

    /// Tells the registration's instruments, if any, that a build's instance is tracked: after
    /// the lock, since it calls them.
    @inline(__always)
    private static func reportTracked(_ kind: TeardownKind, of entry: AnyEntry) {
        if kind != .none, let tracer = entry.tracer, !tracer.instruments.isEmpty { tracer.trackedInstancesChanged(by: 1) }
    }

    /// Lets the threads that waited for a build look again. Call it without the lock.
    private static func wakeWaiters(of marker: ScopedBuildMarker?, in lifespan: Lifespan) {
        guard let marker else { return }
        BuildOwnership.shared.release(ObjectIdentifier(marker))
        let lock = lifespan.lockPointer
        lock.lock()
        lock.broadcast()
        lock.unlock()
    }

    /// How a teardown of `entry`'s instance runs and is reported.
    func run(for entry: AnyEntry) -> TeardownRun {
        TeardownRun(registeredType: entry.key.type, tracer: entry.tracer.flatMap { $0.instruments.isEmpty ? nil : $0 }, lifespan: self)
    }

    /// Disposes `slot`'s instance now, if it has a teardown (or a ticket, for one an async build
    /// made), then releases it. Call it with no lock held.
    private func disposeAndRelease(_ slot: consuming ScopeSlot) {
        if let teardown = slot.takeTeardown() { run(for: slot.entry).disposeNow(teardown) }
        slot.ticket?.disposeNow()
        slot.release()
    }

    /// The instance of `entry`'s registration through `resolver` (this scope's), for a resolve
    /// through the innermost scope, inlined and specialised into the caller: a published
    /// instance is read with one lock pair; a build claims its slot in that same lock pair.
    /// `nil` when the general path (``value(for:through:arguments:)``) must decide.
    @inlinable @inline(__always)
    func innermostValue<T>(of entry: Entry<T>, through resolver: Resolver, arguments: UnsafeRawPointer?) throws(WiringError) -> T? {
        switch readOrClaim(entry) {
        case .published(let slot):
            // Under the lock: the copy retains the instance before a close or reset can release it.
            let value = slot.pointee.storage.load(as: T.self, inline: entry.storesScopedValueInline)
            unlockSlots()
            return value
        case .claimed(let thread, let started):
            return try build(entry, through: resolver, arguments: arguments, claimedBy: thread, started: started)
        case .general:
            return nil
        }
    }

    /// Releases the lock ``readOrClaim(_:)`` left held on a published slot.
    @usableFromInline
    func unlockSlots() {
        lockPointer.unlock()
    }

    /// The instance of `entry`'s registration if it is built; never builds, never waits.
    func peek<T>(_ entry: Entry<T>) -> T? {
        withLocked { state, slots, inline in
            if state.refuses { return nil }
            return slots.published(entry, inline: inline).map {
                slots.base(inline)[$0].storage.load(as: T.self, inline: entry.storesScopedValueInline)
            }
        }
    }

    /// The scope's reset generation now: what an async build reads before it starts, for
    /// ``store(_:ticket:for:startedAt:)``.
    func resetGeneration() -> Int {
        withLocked { _, slots, _ in slots.generation }
    }

    /// Caches `value`, built by an async build (whose ticket the lifespan holds), for `entry`'s
    /// registration unless an instance is cached already; returns the one cached. A stale
    /// instance of the same key (an older registration's) goes, disposed after the lock, as a
    /// synchronous build's does. After a reset since generation `started` (when the build
    /// began), nothing is cached, as for a synchronous build: the caller gets `value`, and its
    /// ticket stays in the lifespan, for the scope's end to dispose.
    func store<T>(_ value: T, ticket: DisposalTicket?, for entry: Entry<T>, startedAt started: Int) -> T {
        let (existing, stale) = withLocked { state, slots, inline -> (T?, ScopeSlot?) in
            if let index = slots.published(entry, inline: inline) {
                return (slots.base(inline)[index].storage.load(as: T.self, inline: entry.storesScopedValueInline), nil)
            }
            guard slots.generation == started else { return (nil, nil) }
            let stale = slots.removeStale(of: entry, inline: inline)
            // Its place in creation order is its ticket's, made when the async build finished.
            slots.appendPublished(value, of: entry, ticket: ticket, order: ticket?.order ?? state.nextCreationOrder(), inline: inline)
            return (nil, stale)
        }
        if let stale { disposeAndRelease(stale) }
        return existing ?? value
    }

    /// What ``provide(_:for:)`` did.
    enum Provided { case provided, duplicate, closed }

    /// Caches `value` for `entry`'s registration, unless the scope holds one already or is closed.
    func provide<T>(_ value: T, for entry: Entry<T>) -> Provided {
        let (outcome, stale) = withLocked { state, slots, inline -> (Provided, ScopeSlot?) in
            if state.closed { return (.closed, nil) }
            if slots.published(entry, inline: inline) != nil { return (.duplicate, nil) }
            let stale = slots.removeStale(of: entry, inline: inline)
            slots.appendPublished(value, of: entry, ticket: nil, order: state.nextCreationOrder(), inline: inline)
            return (.provided, stale)
        }
        if let stale { disposeAndRelease(stale) }
        return outcome
    }

    /// Disposes and releases every instance the scope holds, newest first; builds in flight
    /// finish without caching. Call it with no lock held.
    func resetSlots() {
        drainSlots(resetting: true) { disposeAndRelease($0) }
    }

    /// ``Scope/reset()``: ``resetSlots()``, so that no end misses an asynchronous teardown it
    /// starts (the container's end, which may follow, would dispose what such a teardown uses):
    /// - once the scope's end has begun, that end disposes the instances itself, in its order,
    ///   awaiting what it must, and the reset only keeps builds in flight from caching;
    /// - before, a batch of instances with an asynchronous teardown counts itself in as an async
    ///   build in flight (``State/asyncInFlight``) until their tasks are started: an `async` end
    ///   waits for it, then awaits the tasks; a synchronous one refuses, as for an async build.
    func resetUnlessEnding() {
        drainSlots(resetting: true, asReset: true) { disposeAndRelease($0) }
    }

    /// Takes every slot not being built out of the lifespan, newest first, and hands each to `each`
    /// after the lock. `resetting` counts a reset first (``ScopeSlots/generation``), so that a
    /// build it overlaps does not publish. A few at a time, moved to the stack under the lock: no
    /// allocation for a request's handful; more than a few all at once, sorted after the lock,
    /// so that draining many costs no scan per slot.
    /// Never inlined: inlined into the general end's `defer`, it made the one-step close that
    /// shares that function about 200 instructions dearer.
    @inline(never)
    func drainSlots(resetting: Bool, asReset: Bool = false, _ each: (consuming ScopeSlot) -> Void) {
        withUnsafeTemporaryAllocation(of: ScopeSlot.self, capacity: 8) { buffer in
            var counted = !resetting
            while true {
                var many: [ScopeSlot] = []
                var countedIn = false
                let taken = withLocked { state, slots, inline -> Int in
                    if !counted {
                        slots.generation &+= 1
                        counted = true
                    }
                    if asReset, state.closed { return 0 }
                    let taken: Int
                    if slots.count > buffer.count {
                        many = slots.takeSettled(inline: inline)
                        taken = many.count
                    } else {
                        taken = slots.takeNewest(into: buffer, inline: inline)
                    }
                    if asReset, taken > 0 {
                        let startsTasks =
                            many.isEmpty
                            ? UnsafeMutableBufferPointer(rebasing: buffer[0..<taken]).contains(where: \.startsAsynchronousTeardown)
                            : many.contains(where: \.startsAsynchronousTeardown)
                        if startsTasks {
                            state.enter(async: true)
                            countedIn = true
                        }
                    }
                    return taken
                }
                if taken == 0 { return }
                if many.isEmpty {
                    for index in 0..<taken { each((buffer.baseAddress.unsafelyUnwrapped + index).move()) }
                } else {
                    // Oldest first, so that the newest is the last, moved out of the array first.
                    many.sort { $0.order < $1.order }
                    while let slot = many.popLast() { each(slot) }
                }
                // Its tasks started, an end that waited for it takes them.
                if countedIn { _ = leave(async: true) }
            }
        }
    }

    /// One slot's teardown, taken by an end (``ScopeSlots/takeTeardowns(inline:)``) to run after
    /// the lock. The slot stays in the lifespan until the end releases it; a slot's teardown runs
    /// once, by whoever takes it.
    struct SlotTeardown {
        let order: Int
        let teardown: DisposalTicket.Teardown
        let entry: AnyEntry
    }
}

extension Lifespan.Header {
    /// Claims a slot of `entry`'s registration for a build on `thread`, counted in for the end
    /// to wait for; returns the reset generation it started at. Requires the lock.
    mutating func claim(_ entry: AnyEntry, by thread: UInt, inline: UnsafeMutablePointer<ScopeSlot>) -> Int {
        state.enter(async: false)
        _ = slots.append(entry, phase: .building(thread: thread), inline: inline)
        return slots.generation
    }
}

extension ScopeSlots {
    /// The slot `thread` is building for `entry`'s registration, if no other thread waits for
    /// it and no instance of the registration was published meanwhile (provided); one scan.
    /// Requires the lock.
    func quietlyBuilding(_ entry: AnyEntry, by thread: UInt, inline: UnsafeMutablePointer<ScopeSlot>) -> UnsafeMutablePointer<ScopeSlot>? {
        let owner = ObjectIdentifier(entry.owner)
        let sequence = entry.sequence
        var building: UnsafeMutablePointer<ScopeSlot>?
        let provided = first(hash: entry.scopeKeyHash, inline: inline) { slot, _ -> Bool? in
            guard slot.pointee.sequence == sequence, slot.pointee.owner == owner else { return nil }
            switch slot.pointee.phase {
            case .published: return true
            case .building(thread: thread) where slot.pointee.marker == nil: building = slot
            case .building, .kept: break
            }
            return nil
        }
        return provided == nil ? building : nil
    }

    /// The slot `thread` is building for `entry`'s registration. Requires the lock.
    func building(_ entry: AnyEntry, by thread: UInt, inline: UnsafeMutablePointer<ScopeSlot>) -> Int? {
        find(entry, inline: inline) { $0 == .building(thread: thread) }
    }

    /// The published slot of `entry`'s registration. Requires the lock.
    func published(_ entry: AnyEntry, inline: UnsafeMutablePointer<ScopeSlot>) -> Int? {
        find(entry, inline: inline) { $0 == .published }
    }

    /// Removes the published instance of `entry`'s key that another registration made (the
    /// registration was replaced or removed since), for the caller to dispose and release after
    /// the lock. (`entry`'s own published instance is never there: the callers looked first.)
    mutating func removeStale(of entry: AnyEntry, inline: UnsafeMutablePointer<ScopeSlot>) -> ScopeSlot? {
        let type = ObjectIdentifier(entry.key.type)
        let hash = entry.scopeKeyHash
        guard
            let position = first(
                hash: hash, inline: inline,
                { slot, position in
                    ScopeSlot.isPublished(slot, entry.key, type: type, hash: hash) ? position : nil
                })
        else { return nil }
        return remove(at: position, inline: inline)
    }

    /// Appends a published slot holding `value` (provided, or built by an async build whose
    /// ticket the lifespan holds: nothing for the slot to dispose). Requires the lock.
    mutating func appendPublished<T>(
        _ value: T, of entry: Entry<T>, ticket: DisposalTicket?, order: Int, inline: UnsafeMutablePointer<ScopeSlot>
    ) {
        let slot = append(entry, phase: .published, inline: inline)
        slot.pointee.ticket = ticket
        slot.pointee.order = order
        slot.pointee.storage.store(value, inline: entry.storesScopedValueInline)
        slot.pointee.hasValue = true
    }

    /// Moves up to `buffer.count` slots that are not being built into `buffer`, newest first;
    /// returns how many. Requires the lock.
    mutating func takeNewest(into buffer: UnsafeMutableBufferPointer<ScopeSlot>, inline: UnsafeMutablePointer<ScopeSlot>) -> Int {
        var taken = 0
        while taken < buffer.count {
            let slots = base(inline)
            var newest: Int?
            for index in 0..<count {
                let slot = slots + index
                if case .building = slot.pointee.phase { continue }
                if newest.map({ slot.pointee.order > slots[$0].order }) ?? true { newest = index }
            }
            guard let newest else { break }
            (buffer.baseAddress.unsafelyUnwrapped + taken).initialize(to: remove(at: newest, inline: inline))
            taken += 1
        }
        return taken
    }

    /// Takes the teardown of every slot that has one, in the slots' order. Requires the lock.
    mutating func takeTeardowns(inline: UnsafeMutablePointer<ScopeSlot>) -> [Lifespan.SlotTeardown] {
        let slots = base(inline)
        var taken: [Lifespan.SlotTeardown] = []
        for index in 0..<count where slots[index].teardownKind != .none {
            if let teardown = slots[index].takeTeardown() {
                taken.append(Lifespan.SlotTeardown(order: slots[index].order, teardown: teardown, entry: slots[index].entry))
            }
        }
        return taken
    }

    /// The index of the newest of the `count` slots at `slots` whose teardown has not run: for the
    /// quiet close's handful of slots moved out of the lifespan.
    static func newestWithTeardown(_ slots: UnsafeMutablePointer<ScopeSlot>, count: Int) -> Int? {
        var newest: Int?
        var newestOrder = -1
        for index in 0..<count where slots[index].teardownKind != .none && slots[index].order > newestOrder {
            newest = index
            newestOrder = slots[index].order
        }
        return newest
    }

    /// Whether a slot's teardown is asynchronous. Requires the lock.
    func hasAsynchronousTeardown(inline: UnsafeMutablePointer<ScopeSlot>) -> Bool {
        let slots = base(inline)
        for index in 0..<count where slots[index].teardownKind == .async { return true }
        return false
    }

    /// The registrations of slots whose teardown is asynchronous, newest first. Requires the lock.
    func asynchronousTeardowns(inline: UnsafeMutablePointer<ScopeSlot>) -> [(order: Int, name: String)] {
        let slots = base(inline)
        var found: [(order: Int, name: String)] = []
        for index in 0..<count where slots[index].teardownKind == .async {
            found.append((slots[index].order, typeDisplayName(slots[index].entry.key.type)))
        }
        return found
    }

    /// How many slots hold a teardown not yet run. Requires the lock.
    func undisposedCount(inline: UnsafeMutablePointer<ScopeSlot>) -> Int {
        let slots = base(inline)
        var undisposed = 0
        for index in 0..<count where slots[index].teardownKind != .none { undisposed += 1 }
        return undisposed
    }
}
