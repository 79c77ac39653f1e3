extension Container {
    /// Makes an independent container with the same registrations and none of the cached
    /// instances: a fresh start for a test, or for a unit of work that must not share singletons.
    ///
    /// ```swift
    /// let test = Container.default.copy()
    /// test.register(Clock.self) { _ in FixedClock() }   // the original is untouched
    /// ```
    ///
    /// Each registration is copied with its factory, lifetime, tag, hooks and forwarded types;
    /// singletons are built anew, on first use, in the copy. Registering, removing or resetting
    /// in the copy does not affect the original, nor the other way round. A parent container is
    /// copied too, so the copy keeps the same parent/child structure (and the rule that a
    /// parent's singletons do not see the child's overrides). Values registered with
    /// ``register(_:tag:instance:file:line:)`` are the same values in both containers.
    public func copy() -> Container {
        let copy = parent.map { $0.copy().makeChild() } ?? Container(tagFallback: tagFallback, maximumDepth: maximumDepth)
        for entry in registry.allEntries() {
            copy.registry.insert(entry.copy(owner: copy, sequence: copy.registry.nextSequence(), tracer: nil))
                .retired.release()
        }
        let contributions = self.contributions.withLock { $0 }
        copy.contributions.withLock { $0 = contributions }
        let decorators = self.decorators.withLock { $0 }
        copy.decorators.withLock { $0 = decorators }
        let installed = installedDeclarations.withLock { $0 }
        copy.installedDeclarations.withLock { $0 = installed }
        return copy
    }
}
