import Wiring

/// The engine container that builds and caches one definition's instances in one
/// ``DependencyContainer``: a definition registered in two containers has a singleton in each, as
/// in Dip, and dropping the slot (on `remove`, re-registration or `reset`) releases them.
final class DefinitionEngine: Sendable {
    /// Dip may build a definition again inside its own build (see `allowingReentry`); its real
    /// loops stop at this depth, as they did before the engine detected loops by key.
    let engine = Container(maximumDepth: 128)
    /// The requested tags registered in `engine` so far.
    let tags = Lock<Set<DependencyContainer.Tag?>>([])
    /// The definition, held so that no other object can take its address, the slot's key,
    /// while the slot exists.
    private let definition: any AnyObject & Sendable

    init(for definition: any AnyObject & Sendable) {
        self.definition = definition
    }
}

extension DependencyContainer {
    /// The engine slot of `definition` in this container, made on first use.
    func engine(for definition: any AnyObject & Sendable) -> DefinitionEngine {
        engines.withLock { engines in
            let id = ObjectIdentifier(definition)
            if let existing = engines[id] { return existing }
            let slot = DefinitionEngine(for: definition)
            engines[id] = slot
            return slot
        }
    }

    /// Drops `definition`'s slot and releases its instances, outside the lock (a `deinit` may
    /// come back to this container).
    func releaseInstances(of registered: any DefinitionCore) {
        let definition = registered as AnyObject
        let slot = engines.withLock { engines -> DefinitionEngine? in
            let id = ObjectIdentifier(definition)
            return engines.removeValue(forKey: id)
        }
        slot?.engine.reset()
    }

    /// Drops every slot and releases every instance.
    func releaseAllInstances() {
        let slots = engines.withLock { engines in
            defer { engines = [:] }
            return Array(engines.values)
        }
        for slot in slots { slot.engine.reset() }
    }
}
