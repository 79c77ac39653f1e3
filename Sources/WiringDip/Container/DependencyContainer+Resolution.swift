public import Wiring

extension DependencyContainer {
    /// Resolves `key` as a `T`, by Dip's search.
    @inlinable
    func resolve<T>(_ type: T.Type, key: DefinitionKey, invocation: Invocation) throws -> T {
        try inFrame(key: key, invocation: invocation, inCollaboration: false) { _ in
            try typed(resolveBySearch(key, invocation: invocation), key)
        }
    }

    /// Resolves `key` by Dip's search, whatever its type.
    func resolve(key: DefinitionKey, invocation: Invocation, inCollaboration: Bool = false) throws -> Any {
        try inFrame(key: key, invocation: invocation, inCollaboration: inCollaboration) { _ in
            try resolveBySearch(key, invocation: invocation)
        }
    }

    /// Runs `body` as the resolve of `key`, with its frame pushed: what factories see as
    /// ``context``. The outermost resolve of a thread makes the whole object graph one engine
    /// resolve (`.shared` instances, the engine's `.graph` lifetime, are reused until it returns,
    /// and weak singletons are held until then), and then calls `didResolveDependencies` on the
    /// `Resolvable` instances it created, last created first.
    @usableFromInline
    func inFrame<R>(
        key: consuming DefinitionKey,
        invocation: Invocation,
        inCollaboration: Bool,
        _ body: (ResolutionStack) throws -> R
    ) throws -> R {
        let stack = ResolutionStack.current
        let isOutermost = stack.frames.isEmpty
        stack.frames.append(ResolutionFrame(container: self, key: key, invocation: invocation, inCollaboration: inCollaboration))
        defer { stack.frames.removeLast(1) }
        if logs(.Verbose) {
            let context = stack.context(at: stack.frames.count - 1)
            log(.Verbose, context)
        }
        guard isOutermost else { return try body(stack) }
        defer { Self.finishOutermost(stack) }
        do {
            return try ResolutionInProgress.asOneResolve { try body(stack) }
        } catch {
            log(.Errors, error)
            throw error
        }
    }

    private static func finishOutermost(_ stack: ResolutionStack) {
        if !stack.sharedBuilt.isEmpty { stack.sharedBuilt = [:] }
        if !stack.discarding.isEmpty { stack.discarding = [] }
        guard !stack.created.isEmpty else { return }
        let created = stack.created
        stack.created = []
        for resolvable in created.reversed() { resolvable.didResolveDependencies() }
    }

    /// The definition found by Dip's search, built through the innermost frame's invocation;
    /// else auto-wiring; else a collaborator.
    @usableFromInline
    func resolveBySearch(_ key: DefinitionKey, invocation: Invocation) throws -> Any {
        // A definition replaced or removed by another thread between the search and its build is
        // searched for again: the resolve then gets what replaced it. Each retry means another
        // thread changed the definitions meanwhile; the bound only turns a writer that never
        // stops into an error instead of a resolve that never ends.
        for _ in 0..<1_000 {
            guard let definition = definition(matching: key) else { break }
            do {
                return try definition.produce(in: self, tag: key.tag)
            } catch is DefinitionReplaced {
                continue
            }
        }
        do {
            return try autowire(key: key)
        } catch {
            if let value = try resolveInCollaboration(key: key, invocation: invocation) { return value }
            throw error
        }
    }

    /// What `body`, an engine resolve, returns; a factory's or property block's error is passed
    /// on unwrapped, as Dip did. Cycles and lifetime errors stay engine errors.
    @inlinable
    static func fromEngine<R>(_ body: () throws(WiringError) -> R) throws -> R {
        do {
            return try body()
        } catch {
            if error.code == .factoryFailed, let underlying = error.underlyingError { throw underlying }
            throw error
        }
    }

    /// The engine tag under which `definition` (of `type`) keeps its instances resolved with
    /// `tag`: the tag itself when the definition is registered under it, else an
    /// ``InstanceTag``, registered on first use.
    ///
    /// - Throws: `DefinitionReplaced` when nothing registers the definition any more.
    func engineTag(of definition: any DefinitionCore, type: Any.Type, requested tag: Tag?) throws -> (any Hashable & Sendable)? {
        let key = DefinitionKey(type: type, typeOfArguments: definition.typeOfArguments, tag: tag)
        let id = ObjectIdentifier(definition)
        let found = state.withLock { state -> (any Hashable & Sendable)?? in
            if state.definitions[key]?.definition === definition { return .some(tag) }
            return state.instanceTags[id]?[tag].map { $0 }
        }
        if let found { return found }
        // The first resolve with this tag: register, under the lock so that the registration
        // and the table agree.
        let instanceTag = changingDefinitions { state -> InstanceTag? in
            // Removed meanwhile: a registration now would outlive it.
            guard state.registrations[id] != nil else { return nil }
            if let existing = state.instanceTags[id]?[tag] { return existing }
            let instanceTag = InstanceTag(requested: tag, definition: id, serial: state.nextSerial)
            state.nextSerial += 1
            state.instanceTags[id, default: [:]][tag] = instanceTag
            definition.register(in: engine, tag: instanceTag)
            return instanceTag
        }
        guard let instanceTag else { throw DefinitionReplaced() }
        return instanceTag
    }

    /// Dip's search: the exact key; the same key untagged; and, when nothing at all is
    /// registered for the type, a definition that forwards to it with the same argument types
    /// (the requested tag first, then untagged).
    func definition(matching key: DefinitionKey) -> (any DefinitionCore)? {
        state.withLock { state in
            if let found = state.definitions[key] ?? state.definitions[key.tagged(with: nil)] { return found.definition }
            guard !state.definitions.keys.contains(where: { $0.type == key.type }) else { return nil }
            let forwarding = state.definitions
                .filter { $0.key.typeOfArguments == key.typeOfArguments && $0.value.definition.doesImplement(key.type) }
                .sorted { $0.value.sequence < $1.value.sequence }
            return (forwarding.first { $0.key.tag == key.tag } ?? forwarding.first { $0.key.tag == nil })?.value.definition
        }
    }

    /// Auto-wiring: for a resolve without runtime arguments, the definition of the type (or
    /// forwarding to it) with the most runtime arguments, its arguments resolved by type.
    private func autowire(key: DefinitionKey) throws -> Any {
        guard key.typeOfArguments == Void.self else { throw DipError.definitionNotFound(key: key) }
        let candidates = state.withLock { state in
            state.definitions
                .filter { entry in
                    entry.value.definition.canAutoWire
                        && (entry.key.type == key.type || entry.value.definition.doesImplement(key.type))
                }
                .sorted { $0.value.sequence < $1.value.sequence }
        }
        var matching = candidates.filter { $0.key.tag == key.tag }
        if matching.isEmpty, key.tag != nil { matching = candidates.filter { $0.key.tag == nil } }
        guard let most = matching.map(\.value.definition.numberOfArguments).max() else {
            throw DipError.definitionNotFound(key: key)
        }
        let best = matching.filter { $0.value.definition.numberOfArguments == most }
        let signatures = Set(best.map { ObjectIdentifier($0.key.typeOfArguments) })
        guard signatures.count == 1, let chosen = best.first else {
            throw DipError.autoWiringFailed(
                type: key.type,
                underlyingError: DipError.ambiguousDefinitions(type: key.type, definitions: best.map(\.value.definition))
            )
        }
        do {
            let wired = DefinitionKey(type: key.type, typeOfArguments: chosen.key.typeOfArguments, tag: key.tag)
            return try resolve(key: wired, invocation: .autowiring)
        } catch {
            throw DipError.autoWiringFailed(type: key.type, underlyingError: error)
        }
    }

    /// The first collaborator that resolves `key`, or `nil` if none has it. As in Dip, a
    /// collaborator whose *innermost* resolve is this same type and tag is skipped (that stops
    /// ping-pong between containers that lack it), while one that is busy with something else
    /// may be asked: two containers that auto-inject each other's types build one graph. A
    /// collaborator that has the type but fails to build it reports its own error.
    private func resolveInCollaboration(key: DefinitionKey, invocation: Invocation) throws -> Any? {
        let stack = ResolutionStack.current
        for collaborator in collaborators {
            if let innermost = stack.innermostFrame(of: collaborator),
                innermost.key.type == key.type, innermost.key.tag == key.tag
            {
                continue
            }
            do {
                return try collaborator.resolve(key: key, invocation: invocation, inCollaboration: true)
            } catch DipError.definitionNotFound(let missing) where missing.type == key.type {
                continue
            }
        }
        return nil
    }

    /// The definition a search found was replaced or removed before it was resolved.
    struct DefinitionReplaced: Error {}

    /// The typed result of a resolve, or ``DipError/invalidType(resolved:key:)``.
    @usableFromInline
    func typed<T>(_ value: Any, _ key: DefinitionKey) throws -> T {
        guard let typed = value as? T else { throw DipError.invalidType(resolved: value, key: key) }
        return typed
    }
}
