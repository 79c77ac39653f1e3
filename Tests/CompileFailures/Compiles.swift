// The control: what the files beside it get wrong, done the documented way. Must compile cleanly.
import Wiring

final class Counter {
    var count = 0
    init() {}
}

func registerTheDocumentedWays(_ container: Container) {
    container.register(Counter.self) { _ in Counter() }  // a transient needs no Sendable
    container.autowire(Counter.init)
    // Counter is used from one thread in this program: the caller vouches for it.
    container.registerUncheckedSendable(Counter.self, tag: "shared", lifetime: .singleton) { _ in Counter() }
    container.registerUncheckedSendable(Counter.self, tag: "ready", instance: Counter())
}

struct CounterModule: Module {
    var registrations: Registrations {
        transient { Counter() }
        graph(tag: "graph") { Counter() }
        uncheckedSendable(tag: "shared", lifetime: .singleton) { _ in Counter() }
        uncheckedSendable(instance: Counter(), tag: "ready")
    }
}

final class UserService: Sendable {}
final class RequestContext: Sendable {}

/// A Sendable class injects with the function forms, which are constants: `wired()` when the
/// class is made, `LazyWired` read by calling it.
final class ProfileService: Sendable {
    let users: UserService = wired()
    let context = LazyWired<RequestContext>()

    func contextNow() -> RequestContext { context() }
}
