/// Resolves every registration once in a throwaway copy of a container, recording which
/// registration resolves which: what closure factories and hooks depend on.
struct DryRun {
    /// The copy the dry run resolved in; its caches hold what was built.
    let copy: Container
    /// What factories and hooks resolved.
    let edges: Set<EdgeRecorder.Edge>
    /// What the resolves threw.
    let errors: [WiringError]

    init(of container: Container) {
        copy = container.copy()
        let recorder = EdgeRecorder()
        let tracer = Tracer(handler: nil, recorder: recorder)
        var chain: [Container] = []
        var current: Container? = copy
        while let next = current {
            next.setTracer(tracer)
            chain.append(next)
            current = next.parent
        }
        let entriesByLevel = chain.map { $0.registry.allEntries() }
        let scopeNames = Set(entriesByLevel.joined().compactMap(\.lifetime.scopeName)).sorted { $0.rawValue < $1.rawValue }
        var errors: [WiringError] = []
        for (level, entries) in zip(chain, entriesByLevel) {
            // One scope of every name in use, nested, so that every scoped registration resolves.
            var scope = level.makeScope()
            for name in scopeNames { scope = scope.makeScope(name) }
            for entry in entries where !entry.key.hasArguments {
                do {
                    try entry.resolveDiscarding(scope.resolver)
                } catch {
                    errors.append(error)
                }
            }
        }
        for level in chain { level.setTracer(nil) }
        self.edges = recorder.edges
        self.errors = errors
    }
}
