// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// expect-error: call to main actor-isolated initializer 'init(name:)' in a synchronous nonisolated context
// Swift gives a closure the isolation of the parameter it is passed to, not that of what its
// body calls: a factory that calls a main-actor initializer says `@MainActor in`, as the Apps
// article shows. This records the message an app developer sees without it.
import Wiring

final class SessionStore {
    let name: String
    init(name: String) { self.name = name }
}

struct SessionModule: Module {
    var registrations: Registrations {
        singleton { SessionStore(name: "guest") }
    }
}
