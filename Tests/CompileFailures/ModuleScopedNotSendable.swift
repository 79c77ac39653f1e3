// expect-error: type 'Counter' does not conform to the 'Sendable' protocol
// A scoped instance is shared by every resolve through its scope, on any thread.
import Wiring

final class Counter { var count = 0 }

struct CounterModule: Module {
    var registrations: Registrations {
        scoped { Counter() }
    }
}
