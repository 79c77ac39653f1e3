import Wiring

/// A service that records which registration built it and in which order.
final class Probe: Sendable {
    let source: Int
    let serial: Int
    init(source: Int, serial: Int = 0) {
        self.source = source
        self.serial = serial
    }
}

/// Distinct types for graphs of services, so that each node has its own registration.
final class NodeA: Sendable { init() {} }
final class NodeB: Sendable { init() {} }
final class NodeX: Sendable { init() {} }
final class NodeY: Sendable { init() {} }

/// A root built from two dependencies that both use one shared service.
final class Pair: Sendable {
    let left: Left
    let right: Right
    init(left: Left, right: Right) {
        self.left = left
        self.right = right
    }
}

final class Left: Sendable {
    let shared: Probe
    init(shared: Probe) { self.shared = shared }
}

final class Right: Sendable {
    let shared: Probe
    init(shared: Probe) { self.shared = shared }
}

/// A value type, which a weak singleton cannot hold.
struct Value: Sendable, Equatable {
    var number = 0
}

/// The error injected factories throw.
struct InjectedFault: Error, Equatable {
    let at: String
}

/// A node of a chain of `n` distinct registrations: `Link<N>` is keyed by its tag.
final class Link: Sendable {
    let index: Int
    init(index: Int) { self.index = index }
}
