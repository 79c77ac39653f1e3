// expect-error: type 'Counter' does not conform to the 'Sendable' protocol
// A module's singleton, scoped, weak and eager declarations share their instance too.
import Wiring

final class Counter { var count = 0 }

struct CounterModule: Module {
    var registrations: Registrations {
        singleton { Counter() }
    }
}
