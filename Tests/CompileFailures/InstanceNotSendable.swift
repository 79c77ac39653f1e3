// expect-error: type 'Counter' does not conform to the 'Sendable' protocol
// A registered instance is a singleton.
import Wiring

final class Counter { var count = 0 }

func registerInstance(_ container: Container) {
    container.register(Counter.self, instance: Counter())
}
