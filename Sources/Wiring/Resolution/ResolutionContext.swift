/// Per-thread state of the resolve that is running on this thread.
///
/// A synchronous resolve never leaves its thread, so a thread-local is exact and costs one
/// thread-local read per *built* instance (cached singleton reads do not touch it). It tracks:
/// - the registrations being built, outermost first (``BuildPath``), so that a registration
///   re-entered in one build path throws ``WiringError/Code/cycle`` at once, whichever API the
///   factories resolve through, and how much stack the thread has left, so that a chain too deep
///   for it throws ``WiringError/Code/depthExceeded`` instead of overflowing;
/// - the instances of `.graph` registrations built during the outermost resolve;
/// - weak singletons built during the outermost resolve, held until it returns so that the graph
///   sees one instance;
/// - the container and scope of the factory that is running, so that `wired()` and the property
///   wrappers called from inside a factory (an initializer's default arguments) resolve where
///   that factory resolves. Unretained: the building ``Resolver`` holds both for the duration.
@usableFromInline
final class ResolutionContext {
    // The three pointers below are safe: each is allocated and initialised in `init`, never
    // reassigned, and freed only in `deinit`, when the thread that owns this context has exited;
    // a context is reachable only from its own thread (a thread-local), so no two threads ever
    // touch the memory, and no access overlaps another (a `deinit` that resolves runs only after
    // `releaseHeld` has finished with `held`).

    /// The fields every build reads and writes, behind a pointer: stored properties of a class
    /// would cost a dynamic exclusivity check on each access, which was about 15% of a
    /// transient resolve.
    @usableFromInline let frame: UnsafeMutablePointer<BuildFrame>
    /// The registrations being built on this thread, behind a pointer for the same reason.
    @usableFromInline let path: UnsafeMutablePointer<BuildPath>
    /// The instances the outermost resolve holds until it returns, behind a pointer too.
    @usableFromInline let held: UnsafeMutablePointer<HeldInstances>
    /// The registrations an `install` running on this thread gathers, to publish them together.
    var publication: PendingPublication?
    /// The dry run this thread works for, if it is a ``DryRunWorker``'s thread.
    var dryRunWorker: DryRunWorker?
    /// Whether this thread, the main actor's, runs the dry run's main-actor registrations.
    var dryRunOnMainActor = false
    /// The app's type validation is making on this thread, the main actor's, if it is
    /// (``ValidationOptions/make(_:file:line:_:)``).
    var madeByValidation: String?
    /// How many facade resolves (``ResolutionInProgress/asOneResolve(_:)``) are running on this
    /// thread: while one is, an engine resolve that returns at depth 0 is not the outermost, and
    /// what the graph holds is kept until the facade's resolve ends.
    ///
    /// This and `facadeStates` skip the run-time exclusivity checks, which a facade would pay on
    /// every resolve: a context is reached only from its own thread, and no access to either
    /// spans user code (an increment, a decrement, a lookup or an append), so none overlap.
    @exclusivity(unchecked) var facadeResolves = 0
    /// Per-thread state the facades keep here instead of in thread-locals of their own, by type.
    @exclusivity(unchecked) var facadeStates: [(type: ObjectIdentifier, state: AnyObject)] = []
    /// What registry changes unpublished inside ``ResolutionInProgress/collectingReleases(_:)``.
    var collectedReleases: [AnyObject]?
    /// Whether a cache hit or a refusal is being reported to the instruments and the trace
    /// handler on this thread: a resolve they make meanwhile is served but not reported, so that
    /// a hook which resolves cannot recurse without end (see ``Tracer/hit(_:_:)``). Skips the
    /// exclusivity checks: read and written only by this thread, in accesses that span no user
    /// code.
    @exclusivity(unchecked) var isReportingHitOrRefusal = false
    /// How many synchronous teardowns are running on this thread, nested: an end called from one
    /// returns at once instead of waiting for an end in progress, which may itself be waiting for
    /// this teardown (two scopes whose teardowns close each other, on two threads). Read and
    /// written only by this thread, around calls that it does not overlap.
    @exclusivity(unchecked) var teardownDepth = 0
    /// Memory for traced builds' instances while their instruments run. Skips the exclusivity
    /// checks: read and written only by this thread, in accesses that span no user code.
    @exclusivity(unchecked) var scratch = ScratchStack()
    /// The synchronous builds timed on this thread for the instruments that hear only of slow
    /// ones. Skips the exclusivity checks, for the reason `scratch` gives.
    @exclusivity(unchecked) var timedBuilds = TimedBuilds()

    init() {
        frame = .allocate(capacity: 1)
        frame.initialize(to: BuildFrame(depth: 0, container: nil, scope: nil))
        path = .allocate(capacity: 1)
        path.initialize(to: BuildPath(stackLimit: currentThreadStackLimit()))
        held = .allocate(capacity: 1)
        held.initialize(to: HeldInstances())
    }

    deinit {
        frame.deinitialize(count: 1)
        frame.deallocate()
        path.pointee.entries.deallocate()
        path.deinitialize(count: 1)
        path.deallocate()
        held.deinitialize(count: 1)
        held.deallocate()
        scratch.deallocate()
    }

    /// Called when the outermost resolve on this thread returns (or throws): releases what it held.
    @inlinable @inline(__always)
    func endOutermost() {
        if !held.pointee.isEmpty { releaseHeld() }
    }

    /// Empties ``held`` first and releases its old contents afterwards: a released instance's
    /// `deinit` may resolve, which starts and ends an outermost resolve of its own on this thread
    /// and must find the state consistent (it used to trap on a simultaneous access).
    @usableFromInline
    func releaseHeld() {
        // Inside a facade's resolve, the graph lasts until that resolve ends.
        if facadeResolves > 0 { return }
        let released = held.pointee
        held.pointee = HeldInstances()
        withExtendedLifetime(released) {}
    }

    /// Whether a build on this thread makes an instance that its container or a scope caches:
    /// what is built now may be kept by that container. Walks the build path; for the rare
    /// callers that need it (a ``LazyWired`` being made), not for builds.
    var isInsideCachedBuild: Bool {
        buildingEntries.contains { $0.isCached }
    }

    /// The registration whose factory or hook is running innermost on this thread, if any.
    var innermostBuild: AnyEntry? {
        buildingEntries.first
    }

    /// The registrations being built on this thread, innermost first. For the rare callers
    /// that need them (diagnostics, call-site injection), never for builds themselves.
    var buildingEntries: [AnyEntry] {
        stride(from: frame.pointee.depth - 1, through: 0, by: -1).map(buildingEntry(at:))
    }

    /// The registration being built at `level` (0 is the outermost); `level` must be below the
    /// frame's depth.
    @inline(__always)
    private func buildingEntry(at level: Int) -> AnyEntry {
        // Every entry on the path is alive: the build at that level holds it.
        let raw = UnsafeRawPointer(bitPattern: path.pointee.entries[level]).unsafelyUnwrapped
        return Unmanaged<AnyEntry>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The keys of the registrations being built on this thread, outermost first: a traced
    /// build's path. Empty, with no allocation, when none is.
    var buildingKeys: [ServiceKey] {
        let depth = frame.pointee.depth
        guard depth > 0 else { return [] }
        var keys: [ServiceKey] = []
        keys.reserveCapacity(depth)
        for level in 0..<depth { keys.append(buildingEntry(at: level).key) }
        return keys
    }

    /// The calling thread's context if it has one; never creates one.
    static var existing: ResolutionContext? {
        contextSlot.unretained?.takeUnretainedValue()
    }

    /// Runs `body` with the calling thread's context, without retaining it: the thread-local
    /// slot holds it until the thread exits, and `body` runs on this thread.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ResolutionContext) throws -> Result) rethrows -> Result {
        guard let context = contextSlot.unretained else { return try body(current) }
        return try context._withUnsafeGuaranteedRef(body)
    }

    /// The calling thread's context, created on first use and released when the thread exits.
    @usableFromInline
    static var current: ResolutionContext {
        if let context = contextSlot.unretained { return context.takeUnretainedValue() }
        let context = ResolutionContext()
        contextSlot.store(context)
        return context
    }
}

/// The state of the build running on a thread: how deeply builds nest, and the container and
/// scope of the innermost factory (unretained: the building ``Resolver`` holds both while its
/// factory runs).
@usableFromInline
struct BuildFrame {
    @usableFromInline var depth: Int
    @usableFromInline var container: Unmanaged<Container>?
    @usableFromInline var scope: Unmanaged<Scope>?

    @usableFromInline
    init(depth: Int, container: Unmanaged<Container>?, scope: Unmanaged<Scope>?) {
        self.depth = depth
        self.container = container
        self.scope = scope
    }
}

/// The `.graph` instances of the outermost resolve on one thread, and the weak singletons it
/// keeps alive until it returns so that the graph sees one instance of each.
@usableFromInline
struct HeldInstances {
    @usableFromInline var graphInstances: [ObjectIdentifier: AnyObject] = [:]
    @usableFromInline var keptAlive: [AnyObject] = []

    @usableFromInline init() {}

    @inlinable var isEmpty: Bool { graphInstances.isEmpty && keptAlive.isEmpty }
}

/// The registrations being built on one thread, outermost first, and the lowest stack address
/// a build may start at.
@usableFromInline
struct BuildPath {
    /// Identities of the entries being built; `depth` of them are in use (see ``BuildFrame``).
    @usableFromInline var entries: UnsafeMutablePointer<UInt>
    @usableFromInline var capacity: Int
    /// A build whose frame lies below this address throws ``WiringError/Code/depthExceeded``:
    /// the thread's lowest stack address plus ``stackReserve``, or 0 when it is unknown.
    @usableFromInline let stackLimit: UInt

    /// The stack a build keeps free for the factory it calls, the error it may throw, and the
    /// frames between two builds (a debug build of a singleton takes about 12 KB per level).
    static let stackReserve: UInt = 64 * 1024

    init(stackLimit: UInt) {
        capacity = 16
        entries = .allocate(capacity: capacity)
        self.stackLimit = stackLimit
    }

    /// Whether `entry` is being built at one of the first `depth` levels.
    @inlinable @inline(__always)
    func contains(_ entry: UInt, depth: Int) -> Bool {
        var index = 0
        while index < depth {
            if entries[index] == entry { return true }
            index &+= 1
        }
        return false
    }

    /// Records `entry` as built at level `depth`.
    @inlinable @inline(__always)
    mutating func set(_ entry: UInt, at depth: Int) {
        if depth >= capacity { grow() }
        entries[depth] = entry
    }

    @usableFromInline
    mutating func grow() {
        let larger = UnsafeMutablePointer<UInt>.allocate(capacity: capacity * 2)
        larger.update(from: entries, count: capacity)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }
}

/// The lowest address of the calling thread's stack plus ``BuildPath/stackReserve``, or 0 when
/// the platform does not say.
private func currentThreadStackLimit() -> UInt {
    currentThreadStackBase().map { $0 + BuildPath.stackReserve } ?? 0
}

/// The thread-local slot of each thread's context, released at thread exit.
private let contextSlot = ThreadLocalObject<ResolutionContext>(owner: "Wiring")

/// What the facades may ask about the resolve running on the calling thread, without keeping a
/// path of their own (package API).
package enum ResolutionInProgress {
    /// The keys of the registrations being built on this thread, outermost first, as messages
    /// print them (`any Chain0`, `any Storage tagged .systemdata`): the path that led to the
    /// resolve asking. Empty outside a build.
    package static var buildPath: [String] {
        ResolutionContext.existing?.buildingEntries.reversed().map(\.key.description) ?? []
    }

    /// Runs `body` as one resolve of the calling thread: the engine resolves inside it share one
    /// object graph (`.graph` instances, weak singletons held until the graph ends), which ends
    /// when the outermost such call, or engine resolve, returns. For a facade whose own resolve
    /// calls the engine several times, as Dip's does for each object of its graph.
    package static func asOneResolve<R>(_ body: () throws -> R) rethrows -> R {
        let context = ResolutionContext.current
        context.facadeResolves += 1
        defer {
            context.facadeResolves -= 1
            if context.facadeResolves == 0, context.frame.pointee.depth == 0 { context.endOutermost() }
        }
        return try body()
    }

    /// The calling thread's `S`, made by `make` on the thread's first use and released with the
    /// thread: per-thread state a facade keeps in the engine's thread-local instead of one of its own.
    package static func threadState<S: AnyObject>(_ make: () -> S) -> S {
        let type = ObjectIdentifier(S.self)
        if let context = contextSlot.unretained {
            // The thread-local holds the context (+1) until the thread exits: no retain needed.
            let found = context._withUnsafeGuaranteedRef { context -> S? in
                for index in context.facadeStates.indices where context.facadeStates[index].type == type {
                    // The entry of `S`'s identifier holds an `S`: it was stored below.
                    return unsafeDowncast(context.facadeStates[index].state, to: S.self)
                }
                return nil
            }
            if let found { return found }
        }
        let state = make()
        ResolutionContext.current.facadeStates.append((type, state))
        return state
    }

    /// Runs `body`, which changes registrations under a lock of the caller's, and returns what
    /// those changes unpublished (replaced registrations and the instances they cached) instead
    /// of releasing it: the caller releases it once it has unlocked, so that no `deinit` runs
    /// under its lock.
    package static func collectingReleases<R>(_ body: () -> R) -> (R, DeferredRelease) {
        let context = ResolutionContext.current
        let outer = context.collectedReleases
        context.collectedReleases = []
        defer { context.collectedReleases = outer }
        let result = body()
        return (result, DeferredRelease(objects: context.collectedReleases ?? []))
    }
}

/// What ``ResolutionInProgress/collectingReleases(_:)`` collected, to release with no lock held.
package struct DeferredRelease {
    let objects: [AnyObject]

    /// Waits for a grace period, then releases everything. Call it with no lock held.
    package consuming func release() {
        Retired(objects: objects).release()
    }
}
