// expect-error: type 'Counter' does not conform to the 'Sendable' protocol
// An auto-wired singleton, as a container registers it.
import Wiring

final class Counter {
    var count = 0
    init() {}
}

func autowireSingleton(_ container: Container) {
    container.autowire(lifetime: .singleton, Counter.init)
}
