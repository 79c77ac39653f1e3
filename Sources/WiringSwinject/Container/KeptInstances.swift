internal import Synchronization
internal import Wiring

// A resolve of a `.container` registration made in the container it is found in returns the
// instance kept beside the registration the first time, with no cast and without Swinject's graph
// bookkeeping, which such a resolve never needs: it runs no factory, and ends no graph that used a
// storage. It is what `resolve(Service.self)` of a singleton costs: one lookup.
//
// Kept instances are forgotten after every change that could make that resolve return another:
// a registration in the container (a new one may replace it), `removeAll()`, `resetObjectScope`
// of one of its registrations (from any container: a forwarded registration is reset by the
// container it was forwarded to), and `inObjectScope` on one. A registration forwarded from
// another container keeps nothing, since that container resets it without this one knowing. Only
// the built-in `.container` scope's storages are trusted: a custom scope's storage is the
// caller's, and may be changed by it. An instance is kept only once complete: built by a thread
// that owns its `BuildGate` and has run the `initCompleted` closures, or found stored with the
// gate open.

/// A registration as a container holds it under a key: the entry, and the instance kept for
/// resolves by that key.
struct Registered {
    let entry: ServiceEntryBase
    var kept: Hit?
}

/// An instance kept for resolves by type and name, in the type it was resolved as, so that it is
/// handed out again with no cast.
final class Hit: @unchecked Sendable {
    // @unchecked, and the pointer: `value` is allocated and initialised in `init` with a value of
    // `Service`, never written again, and deinitialised and freed in `deinit`, with that type, when
    // the last reference is gone. A `Hit` is kept only beside a registration under a key whose
    // service type is that `Service`, and read only by a resolve by that key, whose `Service` is the
    // key's service type: every `load(as:)` reads the type the memory holds. Swinject never asked
    // its instances to be `Sendable`; it hands them to any thread that resolves, and so does this.
    private let value: UnsafeMutableRawPointer
    private let destroy: @Sendable (UnsafeMutableRawPointer) -> Void

    init<Service>(_ instance: Service) {
        value = .allocate(byteCount: MemoryLayout<Service>.size, alignment: MemoryLayout<Service>.alignment)
        value.initializeMemory(as: Service.self, repeating: instance, count: 1)
        destroy = { $0.assumingMemoryBound(to: Service.self).deinitialize(count: 1) }
    }

    /// The instance, as the `Service` it was made with.
    @inline(__always)
    func load<Service>(as _: Service.Type) -> Service {
        value.load(as: Service.self)
    }

    deinit {
        destroy(value)
        value.deallocate()
    }
}

extension ServiceEntryBase {
    /// Keeps `instance`, a `Service` of this entry, beside it in the container that made it, for
    /// resolves by `key`, if the entry was found by `key` in that container (`foundIn`): not if it
    /// was forwarded to another.
    func keep<Service>(_ instance: Any, as _: Service.Type, key: ServiceKey, foundIn: ObjectIdentifier, generation: UInt64) {
        guard let container, ObjectIdentifier(container) == foundIn else { return }
        container.keep(instance, as: Service.self, of: self, key: key, generation: generation)
    }
}

extension Container {
    /// Keeps `instance`, a `Service` of `entry`, its own registration under `key`, for resolves by
    /// `key`, unless the container changed since `generation` (read before the storage was).
    fileprivate func keep<Service>(_ instance: Any, as _: Service.Type, of entry: ServiceEntryBase, key: ServiceKey, generation: UInt64) {
        guard let typed = instance as? Service else { return }
        let hit = Hit(typed)
        // `hit` is released here, after unlocking, if it is not kept.
        let unused = services.withLock { services -> Hit? in
            // Counted before `changes` is read, as `forgetKept()` adds to `changes` before it
            // reads the count: of two sequentially consistent pairs, one sees the other's write,
            // so either this keeps nothing or that forgets what this keeps.
            keptCount.add(1, ordering: .sequentiallyConsistent)
            guard changes.load(ordering: .sequentiallyConsistent) == generation,
                let registered = services[key], registered.entry === entry, registered.kept == nil
            else {
                keptCount.subtract(1, ordering: .sequentiallyConsistent)
                return hit
            }
            services[key]?.kept = hit
            return nil
        }
        _ = unused
    }

    /// The count of changes that forgot the kept instances, read before a storage is.
    @inline(__always)
    var keptGeneration: UInt64 {
        changes.load(ordering: .sequentiallyConsistent)
    }

    /// Forgets every kept instance, after a change that may make a resolve return another one;
    /// they are released after unlocking.
    func forgetKept() {
        changes.add(1, ordering: .sequentiallyConsistent)
        // Registering is a change too: a container being filled keeps nothing, and is not walked.
        guard keptCount.load(ordering: .sequentiallyConsistent) > 0 else { return }
        let forgotten = services.withLock { services -> [Hit] in
            keptCount.store(0, ordering: .sequentiallyConsistent)
            var forgotten: [Hit] = []
            // In place: changing a value through its index keeps the indices valid.
            var index = services.startIndex
            while index != services.endIndex {
                if let kept = services.values[index].kept {
                    forgotten.append(kept)
                    services.values[index].kept = nil
                }
                services.formIndex(after: &index)
            }
            return forgotten
        }
        _ = forgotten
    }
}
