/// The scopes of a container that are open, for its ``Container/shutdown()`` to close, newest
/// (innermost) first.
///
/// Opening a scope costs no lock: its lifespan is pushed on a list with one compare-and-swap. Nothing
/// removes it when it closes or is released; the lifespan says so (``Lifespan/leftOpenScopes``),
/// and the list drops such lifespans in batches, on the push that finds the list grown to twice what
/// the last batch kept (at least 8), under a lock that only walks of the list take. A walk
/// takes the whole chain out of the list first, so pushes never meet it. Shutdown takes the
/// list and marks it ended: a scope opened afterwards is born closed.
///
/// A batch also runs when as many scopes have left since the last one as half of what it
/// allows (``scopeLeft()``), so that a burst of scopes, once closed or released, is dropped
/// without waiting for as many new ones to open.
///
/// So an open or a close costs no lock pair of the container's, and the list holds at most
/// three times the open scopes, plus 8, of which the dropped ones hold no instance.
final class OpenScopes: Sendable {
    /// Its atomic words, kept inline (``AtomicWordStorage``): the first stored property, where
    /// ``AtomicView/init(inline:word:)`` finds them.
    private let atomics = (
        AtomicWordStorage(UInt(0)),
        AtomicWordStorage(0),
        AtomicWordStorage(OpenScopes.minimumBatch),
        AtomicWordStorage(0),
        AtomicWordStorage(false)
    )
    /// The newest lifespan, retained by the list (`Unmanaged`, +1), whose ``Lifespan/nextOpenScope``
    /// leads to the older ones; `0` when empty, ``ended`` once shutdown took the list.
    private var head: AtomicView<UInt> { AtomicView(inline: self, word: 0) }
    private static let ended: UInt = 1
    /// Pushes since the last batch, and how many make the next one.
    private var pushes: AtomicView<Int> { AtomicView(inline: self, word: 1) }
    private var pruneAt: AtomicView<Int> { AtomicView(inline: self, word: 2) }
    /// Small, so that a batch's lifespans go back to the allocator's per-thread cache (glibc keeps 7
    /// of a size) and the next scopes reuse them.
    private static let minimumBatch = 8
    /// Scopes that left (closed, or released) since the last batch.
    private var departures: AtomicView<Int> { AtomicView(inline: self, word: 3) }
    /// Set while a push prunes, so that other pushes do not queue behind it.
    private var pruning: AtomicView<Bool> { AtomicView(inline: self, word: 4) }
    /// Held by every walk of the list (a batch, a snapshot, shutdown's take): one at a time, so
    /// that shutdown never misses lifespans a batch has taken out.
    private let walking = PlatformLock()

    init() {}

    deinit {
        // No other reference: the lifespans the list still holds are released here.
        let first = head.load(ordering: .acquiring)
        if first != Self.ended { Self.release(Chain(first: first)) }
    }

    /// Records a new scope's lifespan; `false` when the container has shut down (the scope is born
    /// closed: its lifespan builds nothing).
    func open(_ lifespan: Lifespan) -> Bool {
        let raw = UInt(bitPattern: Unmanaged.passRetained(lifespan).toOpaque())
        var current = head.load(ordering: .acquiring)
        while true {
            if current == Self.ended {
                Unmanaged.passUnretained(lifespan).release()
                lifespan.stopBuilds()
                return false
            }
            // Written before the exchange publishes the lifespan; a walk reads it after taking the
            // chain with an acquiring exchange.
            lifespan.nextOpenScope = current
            let (exchanged, original) = head.compareExchange(
                expected: current, desired: raw, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { break }
            current = original
        }
        if pushes.add(1, ordering: .relaxed).newValue >= pruneAt.load(ordering: .relaxed) { pruneUnlessPruning() }
        return true
    }

    /// A scope of the list closed, or was released: once half as many as a batch allows have
    /// left, a batch drops them. Called by the scope after its end, or its `deinit`, with no lock
    /// held.
    func scopeLeft() {
        if 2 * departures.add(1, ordering: .relaxed).newValue >= pruneAt.load(ordering: .relaxed) { pruneUnlessPruning() }
    }

    /// A batch, unless another thread is running one.
    private func pruneUnlessPruning() {
        guard !pruning.exchange(true, ordering: .acquiring) else { return }
        prune()
        pruning.store(false, ordering: .releasing)
    }

    /// The open scopes, oldest first, leaving them in the list.
    func all() -> [Lifespan] {
        withWalking {
            let chain = take(ending: false)
            var lifespans: [Lifespan] = []
            Self.walk(from: chain.first) { _, lifespan in
                if !lifespan.leftOpenScopes { lifespans.append(lifespan) }
            }
            putBack(chain)
            return lifespans.reversed()
        }
    }

    /// Ends the list and returns its open scopes, newest first; a scope opened from now on is
    /// born closed.
    func takeAll() -> [Lifespan] {
        let (open, dropped) = withWalking { () -> ([Lifespan], Chain) in
            let (kept, dropped) = split(take(ending: true))
            var open: [Lifespan] = []
            // The list's reference moves to the array.
            Self.walk(from: kept.first) { node, _ in open.append(Self.unmanaged(node).takeRetainedValue()) }
            return (open, dropped)
        }
        Self.release(dropped)
        return open
    }

    /// Drops the lifespans of scopes closed or released since the last batch.
    private func prune() {
        let dropped = withWalking { () -> Chain in
            let (kept, dropped) = split(take(ending: false))
            putBack(kept)
            pushes.store(0, ordering: .relaxed)
            departures.store(0, ordering: .relaxed)
            pruneAt.store(max(Self.minimumBatch, 2 * kept.count), ordering: .relaxed)
            return dropped
        }
        Self.release(dropped)
    }

    /// Runs `body` holding `walking`; `body` runs no user code and releases no lifespan.
    private func withWalking<Result>(_ body: () -> Result) -> Result {
        walking.lock()
        defer { walking.unlock() }
        return body()
    }

    /// A chain of lifespans linked by ``Lifespan/nextOpenScope``, newest first, each holding the
    /// list's reference: `first` and `last` are their addresses, `0` when it is empty.
    private struct Chain {
        var first: UInt = 0
        var last: UInt = 0
        var count = 0

        /// Adds `node` last.
        mutating func append(_ node: UInt) {
            if last == 0 { first = node } else { OpenScopes.lifespan(at: last).nextOpenScope = node }
            OpenScopes.lifespan(at: node).nextOpenScope = 0
            last = node
            count += 1
        }
    }

    /// Takes the whole chain out of the list (leaving it empty, or ended). Requires `walking`.
    private func take(ending: Bool) -> Chain {
        var current = head.load(ordering: .acquiring)
        while current != Self.ended {
            let (exchanged, original) = head.compareExchange(
                expected: current, desired: ending ? Self.ended : 0, successOrdering: .acquiringAndReleasing,
                failureOrdering: .acquiring)
            if exchanged { break }
            current = original
        }
        var chain = Chain()
        guard current != Self.ended else { return chain }
        chain.first = current
        var last: UInt = 0
        var count = 0
        Self.walk(from: current) { node, _ in
            last = node
            count += 1
        }
        chain.last = last
        chain.count = count
        return chain
    }

    /// Splits a chain into the lifespans of open scopes and those that left, each in its order.
    private func split(_ chain: Chain) -> (kept: Chain, dropped: Chain) {
        var kept = Chain()
        var dropped = Chain()
        Self.walk(from: chain.first) { node, lifespan in
            if lifespan.leftOpenScopes { dropped.append(node) } else { kept.append(node) }
        }
        return (kept, dropped)
    }

    /// Puts a chain taken out back under the lifespans pushed meanwhile, which are newer, so that
    /// the list stays newest first and shutdown ends every scope before the one it was made from.
    /// Requires `walking` (so the list cannot have ended meanwhile: only a walk ends it).
    ///
    /// Pushes only ever change the head, and write the link of their own lifespan before they
    /// publish it: the oldest lifespan pushed meanwhile (the one whose link is `0`) is linked by
    /// no one but a walk, so the chain is hung under it by a plain store, which the next walk,
    /// taking `walking`, sees. Only while nothing was pushed meanwhile does the chain go back at
    /// the head, by the compare-and-swap that a push would otherwise win first.
    private func putBack(_ chain: Chain) {
        guard chain.first != 0 else { return }
        var current = head.load(ordering: .acquiring)
        while current == 0 {
            let (exchanged, original) = head.compareExchange(
                expected: 0, desired: chain.first, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { return }
            current = original
        }
        var oldest = current
        Self.walk(from: current) { node, _ in oldest = node }
        Self.lifespan(at: oldest).nextOpenScope = chain.first
    }

    /// Releases the list's references to a chain's lifespans; call it after `walking`.
    private static func release(_ chain: Chain) {
        walk(from: chain.first) { node, _ in unmanaged(node).release() }
    }

    /// Calls `body` with each lifespan of the chain that starts at `first`, in order, with its
    /// address. The next address is read before `body` runs, so `body` may relink the lifespan or
    /// release the list's reference to it.
    private static func walk(from first: UInt, _ body: (UInt, Lifespan) -> Void) {
        var node = first
        while node != 0 {
            let lifespan = Self.lifespan(at: node)
            let next = lifespan.nextOpenScope
            body(node, lifespan)
            node = next
        }
    }

    /// The list's reference to the lifespan at `raw`.
    private static func unmanaged(_ raw: UInt) -> Unmanaged<Lifespan> {
        Unmanaged<Lifespan>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped)
    }

    /// The lifespan at `raw`, which the list retains.
    fileprivate static func lifespan(at raw: UInt) -> Lifespan {
        unmanaged(raw).takeUnretainedValue()
    }
}

extension Lifespan {
    /// See ``Header/nextOpenScope``: only ``OpenScopes`` reads and writes it, outside the lifespan's
    /// lock, ordered by the list's atomic head.
    var nextOpenScope: UInt {
        get { withUnsafeMutablePointerToHeader { $0.pointee.nextOpenScope } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.nextOpenScope = newValue } }
    }

    /// Whether the scope has left its container's open scopes: its end is over, or its handle
    /// was released.
    var leftOpenScopes: Bool {
        withState { state in
            if state.abandoned { return true }
            if case .done = state.ending { return true }
            return false
        }
    }

    /// The scope's handle was released without its end: releases its instances now, undisposed,
    /// and tells its instruments it was abandoned. The lifespan may live on a while in its
    /// container's list of open scopes, which drops it later and whose shutdown leaves it alone.
    func abandon() {
        let instruments = withState { state -> [any ScopeInstrument]? in
            state.abandoned = true
            defer { state.closeReported = true }
            return state.closeReported ? nil : withUnsafeMutablePointerToHeader { $0.pointee.instruments }
        }
        drainSlots(resetting: false) { $0.release() }
        for instrument in instruments ?? [] { instrument.abandoned() }
    }
}
