extension Container {
    /// Makes every registration of this container, present and future, report to `tracer`.
    func setTracer(_ tracer: Tracer?) {
        updateTracer { _ in tracer }
    }

    /// Replaces the tracer by what `change` makes of it, atomically: a handler and instruments
    /// set at once from two threads are both kept.
    /// `change` runs under the tracer's lock and must not call user code: the replaced tracer,
    /// and the handler or instruments it alone held, are released after the lock.
    func updateTracer(_ change: (Tracer?) -> Tracer?) {
        let (retired, replaced) = tracing.withLock { current in
            let replaced = current
            current = change(current)
            instrumentsScopes.store(current.map { !$0.instruments.isEmpty } ?? false, ordering: .releasing)
            // Retraced entries share their cells: nothing cached is released.
            return (registry.insert(contentsOf: registry.allEntries().map { $0.retraced(current) }).retired, replaced)
        }
        retired.release()
        withExtendedLifetime(replaced) {}
    }

    /// A tracer for `handler` and `instruments`; `nil` when both are absent, so that the
    /// registrations run their untraced code.
    static func tracer(
        handler: (@Sendable (ResolutionEvent) -> Void)?, hearsSuccesses: Bool = true, instruments: [Tracer.Installed]
    ) -> Tracer? {
        handler == nil && instruments.isEmpty
            ? nil
            : Tracer(handler: handler, handlerHearsSuccesses: hearsSuccesses, recorder: nil, instruments: instruments)
    }

    /// A tracer for `instruments` that keeps `current`'s handler and what that handler hears.
    private static func tracer(keepingHandlerOf current: Tracer?, instruments: [Tracer.Installed]) -> Tracer? {
        tracer(handler: current?.handler, hearsSuccesses: current?.handlerHearsSuccesses ?? true, instruments: instruments)
    }

    /// Adds `instrument` to this container: from now on it wraps each build of the container's
    /// registrations, hears of their cache hits if it asks to, and of each scope made from the
    /// container and each disposal (see ``ContainerInstrument``).
    ///
    /// ```swift
    /// container.addInstrument(SlowBuildAlarm())
    /// ```
    ///
    /// A container keeps one instrument of each type: adding one of a type it has replaces it,
    /// in its place. Instruments apply, like ``trace(_:)``, to the registrations of this
    /// container, not to those inherited from a parent; and to the scopes made after they were
    /// added. They live beside a ``trace(_:)`` handler: neither replaces the other.
    public func addInstrument<Instrument: ContainerInstrument>(_ instrument: Instrument) {
        // Asked here, not under the tracer's lock: it is the instrument's code.
        let added = Tracer.Installed(instrument: instrument)
        let kind = ObjectIdentifier(Instrument.self)
        updateTracer { current in
            var instruments = current?.instruments ?? []
            if let index = instruments.firstIndex(where: { $0.kind == kind }) {
                instruments[index] = added
            } else {
                instruments.append(added)
            }
            return Self.tracer(keepingHandlerOf: current, instruments: instruments)
        }
    }

    /// Removes the instrument of type `type`, if the container has one; see
    /// ``addInstrument(_:)``. Scopes already open keep reporting their end to it.
    public func removeInstrument<Instrument: ContainerInstrument>(_ type: Instrument.Type) {
        updateTracer { current in
            let kind = ObjectIdentifier(Instrument.self)
            let instruments = (current?.instruments ?? []).filter { $0.kind != kind }
            return Self.tracer(keepingHandlerOf: current, instruments: instruments)
        }
    }

    /// What hears of a scope made now from this container: one ``ScopeInstrument`` per
    /// instrument that asked; `nil` when there is none (the common case: one atomic load).
    func scopeInstruments(name: ScopeName?, isNested: Bool) -> [any ScopeInstrument]? {
        guard instrumentsScopes.load(ordering: .acquiring) else { return nil }
        let instruments = tracing.withLock { $0?.instruments ?? [] }
        let info = ScopeInfo(name: name, isNested: isNested)
        let watching = instruments.compactMap { $0.instrument.scopeOpened(info) }
        return watching.isEmpty ? nil : watching
    }
}
