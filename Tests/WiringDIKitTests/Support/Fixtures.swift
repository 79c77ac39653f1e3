import WiringDIKit

import struct Wiring.AtomicCell

/// Counts calls from any thread.
final class Counter: Sendable {
    private let count = AtomicCell(0)

    var value: Int { count.load(ordering: .sequentiallyConsistent) }

    @discardableResult
    func increment() -> Int { count.add(1, ordering: .sequentiallyConsistent).newValue }
}

protocol Greeting: AnyObject {
    var text: String { get }
}

final class Hello: Greeting {
    let text: String
    init(_ text: String = "hello") { self.text = text }
}

protocol ClockProtocol {}

final class Clock: ClockProtocol {}

/// A value that says which container it came from.
struct Marker: Equatable {
    let name: String
}

enum Storage: String {
    case userdata
    case systemdata
}

final class Service {
    let id: Int
    init(id: Int = 0) { self.id = id }
}

final class CycleA {
    let b: CycleB
    init(b: CycleB = resolve()) { self.b = b }
}

final class CycleB {
    let a: CycleA
    init(a: CycleA = resolve()) { self.a = a }
}

/// A component not made by the DSL: DIKit could register it but never resolve it.
struct ForeignComponent: ComponentProtocol {
    var lifetime: Lifetime { .factory }
    var identifier: AnyHashable { AnyHashable("foreign") }
    var componentFactory: ComponentFactory { { Marker(name: "foreign") } }
    var type: Any.Type { Marker.self }
}

extension DependencyContainer {
    /// Modules declared the way DIKit's README does, for `modules { .first; .second }`.
    static var first: DependencyContainer {
        module { single { Marker(name: "first") } }
    }

    static var second: DependencyContainer {
        module { factory(tag: "second") { Marker(name: "second") } }
    }

    static let counted = module { single { Hello("counted") as any Greeting } }
}
