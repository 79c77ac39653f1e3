import Wiring
import WiringDip

protocol Service: AnyObject {}
final class ServiceImp: Service {}
final class OtherService: Service {}

/// Counts calls from any thread.
final class Counter: Sendable {
    private let value = Lock(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// Records events in order, from any thread.
final class Recorder: Sendable {
    private let events = Lock<[String]>([])
    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// Whether `type` is `expected` (`#expect` cannot decompose `==` on metatypes).
func same(_ type: Any.Type?, _ expected: Any.Type) -> Bool {
    type.map(ObjectIdentifier.init) == ObjectIdentifier(expected)
}
