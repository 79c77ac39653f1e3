// expect-error: type 'Counter' does not conform to the 'Sendable' protocol
// A singleton is handed to every thread that resolves it.
import Wiring

final class Counter { var count = 0 }

func registerSingleton(_ container: Container) {
    container.register(Counter.self, lifetime: .singleton) { _ in Counter() }
}
