/// Decides which builds are tracked for disposal, and tracks them.
enum DisposalTracker {
    /// Singletons, eager singletons and scoped instances; transients only when asked.
    static func tracks(_ lifetime: Lifetime, transients: Bool) -> Bool {
        switch lifetime.kind {
        case .singleton, .eagerSingleton, .scoped: true
        case .transient: transients
        case .graph, .weakSingleton: false
        }
    }

    /// The lifespan a build through `resolver` tracks into: its scope's, else its container's.
    static func lifespan(of resolver: Resolver) -> Lifespan {
        resolver.scope?.lifespan ?? resolver.container.disposables
    }

    /// Records how to dispose `instance`, built by `entry`, in `lifespan`; `nil` for an instance with
    /// nothing to dispose.
    static func track<T>(_ instance: T, of entry: AnyEntry, extras: EntryExtras<T>?, in lifespan: Lifespan) -> DisposalTicket? {
        guard let run = teardown(for: instance, of: entry, extras: extras) else { return nil }
        return lifespan.track(T.self, teardown: run, tracer: entry.tracer)
    }

    /// How to dispose `instance`, built by `entry`; `nil` for an instance with nothing to dispose.
    static func teardown<T>(for instance: T, of entry: AnyEntry, extras: EntryExtras<T>?) -> DisposalTicket.Teardown? {
        if let extras, let registered = registered(extras, instance) { return registered }
        let conformance = self.conformance(of: instance, builtBy: entry)
        if let asyncType = conformance.asyncDisposable { return disposing(instance, as: asyncType) }
        if let syncType = conformance.disposable { return disposing(instance, as: syncType) }
        return nil
    }

    /// Whether ``teardown(for:of:extras:)`` would dispose `instance`, and how, without making the
    /// teardown: what a scope's slot keeps (it makes the teardown again when it runs).
    static func teardownKind<T>(for instance: T, of entry: AnyEntry, extras: EntryExtras<T>?) -> TeardownKind {
        if let extras, let registered = extras.refinements.teardown {
            switch registered {
            case .sync: return .sync
            case .async: return .async
            }
        }
        let conformance = self.conformance(of: instance, builtBy: entry)
        if conformance.asyncDisposable != nil { return .async }
        return conformance.disposable != nil ? .sync : .none
    }

    /// Whether `instance`'s dynamic type is disposable. That is two conformance lookups; a
    /// registration builds one dynamic type nearly always, so it keeps the answer for the first.
    private static func conformance<T>(of instance: T, builtBy entry: AnyEntry) -> DisposalConformance {
        // `as Any`: in generic code, `type(of:)` of an existential `T` is the existential's
        // metatype, not the instance's type.
        let dynamicType = type(of: instance as Any)
        if let known = entry.disposalConformance.load() {
            // Another type than the first: looked up each time (not kept: rare).
            return known.type == ObjectIdentifier(dynamicType) ? known : DisposalConformance(dynamicType)
        }
        let first = DisposalConformance(dynamicType)
        entry.disposalConformance.storeIfNil(first)
        return first
    }

    /// Disposes, now, an instance that a build made and then abandoned: a decorator or an
    /// instrument threw after the factory returned it, so nothing will cache, hand out or track
    /// it. Only for a lifetime that tracks disposal (`tracks`), as a successful build would have
    /// been disposed. A synchronous teardown runs here; an asynchronous one in a task that the
    /// owner's end awaits; a failure is reported at that end, as a late teardown's is.
    static func disposeAbandoned<T>(
        _ instance: T,
        tracks: Bool,
        extras: EntryExtras<T>?,
        tracer: Tracer?,
        through resolver: Resolver
    ) {
        guard tracks else { return }
        // The same choice of teardown as `track(_:of:extras:in:)`, written out: a helper shared
        // with that tracked-build path cost 279 to 507 more instructions per S8 request, even
        // inlined (Benchmarks/instructions.sh wiring S8: 36,816 without it).
        let run: DisposalTicket.Teardown
        if let extras, let registered = registered(extras, instance) {
            run = registered
        } else {
            let conformance = DisposalConformance(type(of: instance as Any))
            if let asyncType = conformance.asyncDisposable {
                run = disposing(instance, as: asyncType)
            } else if let syncType = conformance.disposable {
                run = disposing(instance, as: syncType)
            } else {
                return
            }
        }
        lifespan(of: resolver).track(T.self, teardown: run, tracer: tracer).disposeNow()
    }

    /// A registration's own teardown for `instance`, if it has one (``Registration/onDispose(_:)-3gzi1``).
    private static func registered<T>(_ extras: EntryExtras<T>, _ instance: T) -> DisposalTicket.Teardown? {
        guard let teardown = extras.refinements.teardown else { return nil }
        let box = UncheckedBox(instance)
        switch teardown {
        case .sync(let teardown): return .sync { try teardown(box.value) }
        case .async(let teardown): return .async { try await teardown(box.value) }
        }
    }

    /// `instance`'s own `dispose()`; its dynamic type is `D` (a cast to a concrete type, not a
    /// conformance lookup).
    private static func disposing<T, D: AsyncDisposable>(_ instance: T, as _: D.Type) -> DisposalTicket.Teardown {
        let disposable = instance as! D
        return .async { try await disposable.dispose() }
    }

    private static func disposing<T, D: Disposable>(_ instance: T, as _: D.Type) -> DisposalTicket.Teardown {
        .disposable(instance as! D)
    }
}

/// Whether a dynamic type is ``AsyncDisposable`` or ``Disposable``: what a registration learns
/// from the first instance it tracks (``AnyEntry/disposalConformance``).
final class DisposalConformance: @unchecked Sendable {
    // @unchecked: every stored property is a `let`; a metatype is an immutable runtime value,
    // safe to share between threads (`any Disposable.Type` is not `Sendable` only because
    // `Disposable` is not).
    let type: ObjectIdentifier
    let asyncDisposable: (any AsyncDisposable.Type)?
    let disposable: (any Disposable.Type)?

    init(_ type: Any.Type) {
        self.type = ObjectIdentifier(type)
        asyncDisposable = type as? any AsyncDisposable.Type
        disposable = asyncDisposable == nil ? type as? any Disposable.Type : nil
    }
}

/// Whether an instance has a teardown, and whether it must be awaited.
enum TeardownKind: UInt8 {
    case none, sync, async
}
