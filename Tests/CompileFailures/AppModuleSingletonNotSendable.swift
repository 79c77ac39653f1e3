// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// expect-error: type 'Counter' does not conform to the 'Sendable' protocol
// In an app target (Xcode 26's default settings), a singleton of a type that is neither
// Sendable nor main-actor is still refused: its one instance is shared between threads.
import Wiring

nonisolated final class Counter { var count = 0 }

struct CounterModule: Module {
    var registrations: Registrations {
        singleton { Counter() }
    }
}
