internal import Wiring

// A resolve of a `.container` registration made in the container it is found in returns the
// instance kept beside the registration, once resolved again, with no cast and without Swinject's
// graph bookkeeping, which such a resolve never needs: it runs no factory, and ends no graph that
// used a storage. It is what `resolve(Service.self)` of a singleton costs: one lookup.
//
// A kept instance is always the one the registration's storage holds:
// - it goes with its registration when a registration replaces it or `removeAll()` removes it
//   (a resolve keeps only beside the very entry it read, still registered under its key);
// - a change to the storage (`resetObjectScope` from any container, since a registration
//   forwarded elsewhere is reset there; `inObjectScope`) forgets every kept instance of the
//   container that made the registration, in one step under its lock with the change itself, and
//   counts the change: a resolve that read the storage before may not keep what it read.
// A registration forwarded from another container keeps nothing, since that container's changes
// are counted there. Only the built-in `.container` scope's storages are trusted: a custom scope's
// storage is the caller's, and may change without the container knowing. An instance is kept only
// once complete: found stored with its `BuildGate` open, so no thread is still running its
// `initCompleted` closures. A kept instance is not used while the calling thread has an object
// graph restored and not yet used up (`ResolutionThread.pendingRestoredGraphs`): the resolve that
// uses it up is the slow one.

/// A registration as a container holds it under a key: the entry, and the instance kept for
/// resolves by that key.
struct Registered {
    let entry: ServiceEntryBase
    var kept: Hit?
}

/// An instance kept for the resolves by one key, in the type it was resolved as, so that it is
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
            // A change since `generation` dropped what the storage held when it was read.
            guard changes.load(ordering: .sequentiallyConsistent) == generation,
                let registered = services[key], registered.entry === entry, registered.kept == nil
            else { return hit }
            services[key]?.kept = hit
            keptCount.add(1, ordering: .relaxed)
            return nil
        }
        _ = unused
    }

    /// The count of changes that forgot the kept instances, read before a storage is.
    @inline(__always)
    var keptGeneration: UInt64 {
        changes.load(ordering: .sequentiallyConsistent)
    }

    /// Runs `change`, which drops what a `.container` storage of one of its registrations holds
    /// (a reset, a new scope), and forgets every kept instance, in one step under the
    /// registrations' lock: a resolve that read the storage before may not keep what it read
    /// after (it sees the new count of changes), and none finds it kept once the change has
    /// begun. `change` runs no user code and releases nothing: it hands what it dropped to the
    /// caller, who releases it after this returns, as this releases the forgotten instances.
    ///
    /// Not generic: a generic result would be a tuple whose metadata the runtime looks up on
    /// every call, and `inObjectScope` runs it for every registration.
    func forgettingKept(_ change: () -> Void) {
        let forgotten = services.withLock { services -> [Hit] in
            change()
            changes.add(1, ordering: .sequentiallyConsistent)
            guard keptCount.load(ordering: .relaxed) > 0 else { return [] }
            keptCount.store(0, ordering: .relaxed)
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
