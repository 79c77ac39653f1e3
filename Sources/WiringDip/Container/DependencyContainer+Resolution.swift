import Wiring

extension DependencyContainer {
    /// Resolves `key`: the definition found by Dip's search, built through `invocation`, else
    /// auto-wiring, else a collaborator.
    func resolve(
        key: DefinitionKey,
        inCollaboration: Bool = false,
        invocation: @escaping Invocation
    ) throws -> Any {
        let stack = ResolutionStack.current
        guard !stack.frames.isEmpty else {
            return try resolveOutermost(stack) {
                try self.resolveInFrame(stack, key: key, inCollaboration: inCollaboration, invocation: invocation)
            }
        }
        return try resolveInFrame(stack, key: key, inCollaboration: inCollaboration, invocation: invocation)
    }

    /// Pushes the frame of the resolve of `key`, and resolves it.
    private func resolveInFrame(
        _ stack: ResolutionStack,
        key: DefinitionKey,
        inCollaboration: Bool,
        invocation: @escaping Invocation
    ) throws -> Any {
        let parent = stack.frames.last
        let context = Context(
            key: key,
            injectedInType: inCollaboration ? nil : parent?.context.resolvingType,
            injectedInProperty: parent?.injectingProperty
        )
        stack.frames.append(
            ResolutionFrame(container: self, context: context, invocation: invocation, inCollaboration: inCollaboration)
        )
        defer { stack.frames.removeLast() }
        log(.Verbose, context)
        if let definition = definition(matching: key) {
            let value = try definition.produce()
            log(.Verbose, "Resolved \(key.type) with \(value)")
            return value
        }
        do {
            return try autowire(key: key)
        } catch {
            if let value = try resolveInCollaboration(key: key, invocation: invocation) { return value }
            throw error
        }
    }

    /// Runs `work` as the outermost resolve of this thread, then calls `didResolveDependencies`
    /// on the `Resolvable` instances it created, last created first.
    private func resolveOutermost(_ stack: ResolutionStack, _ work: () throws -> Any) throws -> Any {
        defer {
            stack.sharedBuilt = [:]
            stack.discarding = []
            let created = stack.created
            stack.created = []
            for resolvable in created.reversed() { resolvable.didResolveDependencies() }
        }
        // The whole object graph (every definition, argument and collaborator resolved on the
        // way) is one engine resolve: `.shared` instances (the engine's `.graph` lifetime) are
        // reused until it returns, and weak singletons are held until then.
        do {
            return try ResolutionInProgress.asOneResolve(work)
        } catch {
            log(.Errors, error)
            throw error
        }
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
        let tag = key.tag
        do {
            return try resolve(key: DefinitionKey(type: key.type, typeOfArguments: chosen.key.typeOfArguments, tag: tag)) {
                try $0.callAutoWiringFactory(self, tag: tag)
            }
        } catch {
            throw DipError.autoWiringFailed(type: key.type, underlyingError: error)
        }
    }

    /// Asks each collaborator, skipping those already resolving the same type and tag on this
    /// thread (which breaks ping-pong between containers). Their errors are not reported.
    /// The first collaborator that resolves `key`, or `nil` if none has it. As in Dip, a
    /// collaborator whose *innermost* resolve is this same type and tag is skipped (that stops
    /// ping-pong between containers that lack it), while one that is busy with something else
    /// may be asked: two containers that auto-inject each other's types build one graph. A
    /// collaborator that has the type but fails to build it reports its own error.
    private func resolveInCollaboration(key: DefinitionKey, invocation: @escaping Invocation) throws -> Any? {
        let stack = ResolutionStack.current
        for collaborator in collaborators {
            if let innermost = stack.innermostFrame(of: collaborator),
                innermost.context.key.type == key.type, innermost.context.key.tag == key.tag
            {
                continue
            }
            do {
                return try collaborator.resolve(key: key, inCollaboration: true, invocation: invocation)
            } catch DipError.definitionNotFound(let missing) where missing.type == key.type {
                continue
            }
        }
        return nil
    }

    /// Resolves `key` with runtime `arguments` (a tuple for several).
    func resolve(key: DefinitionKey, arguments: Any) throws -> Any {
        try resolve(key: key) { try $0.callFactory(arguments) }
    }

    /// The typed result of a resolve, or ``DipError/invalidType(resolved:key:)``.
    func typed<T>(_ value: Any, _ key: DefinitionKey) throws -> T {
        guard let typed = value as? T else { throw DipError.invalidType(resolved: value, key: key) }
        return typed
    }
}
