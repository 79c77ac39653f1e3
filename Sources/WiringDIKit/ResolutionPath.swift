import Wiring

/// The components being resolved through the facade on the current task or thread, outermost
/// first: the path the messages show (`CycleA → CycleB → CycleA`).
struct ResolutionPath: Sendable {
    /// One step: a type and its tag.
    struct Step: Sendable {
        let type: any Any.Type
        let tag: LegacyHashable?
    }

    /// The resolves in progress around the current one.
    @TaskLocal static var current = ResolutionPath(steps: [])

    let steps: [Step]

    /// This path with one more step.
    func appending(_ type: Any.Type, tag: AnyHashable?) -> ResolutionPath {
        ResolutionPath(steps: steps + [Step(type: type, tag: tag.map(LegacyHashable.init))])
    }

    /// `path: A → B → C`, shortened in the middle when long; nothing for a single step.
    var contextLines: [String] {
        guard steps.count > 1 else { return [] }
        return ["path: \(pathDisplayName(steps.map { keyDisplayName($0.type, tag: $0.tag?.base) }))"]
    }
}
