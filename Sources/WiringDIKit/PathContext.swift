import Wiring

/// The context line of a message for a resolve path (`path: CycleA → CycleB → CycleA`): the
/// engine's builds in progress on the thread, then the requested component. Nothing for a
/// single step.
func pathContextLines(_ path: [String]) -> [String] {
    guard path.count > 1 else { return [] }
    return ["path: \(pathDisplayName(path))"]
}
