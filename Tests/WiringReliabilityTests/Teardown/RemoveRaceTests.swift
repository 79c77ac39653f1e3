import Testing
import Wiring

/// A singleton that counts how many of it are alive.
final class LiveSingleton: Sendable {
    let live: LiveCount
    init(_ live: LiveCount) {
        self.live = live
        live.increment()
    }
    deinit { live.decrement() }
}

final class LiveCount: Sendable {
    private let value = AtomicCell<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    func decrement() { value.subtract(1, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
}

@Suite("Remove and override racing resolves", .timeLimit(.minutes(10)))
struct RemoveRaceTests {
    @Test("after the last remove and joining every thread, no instance built from an old registration is alive")
    func noOrphansAfterRemove() throws {
        let live = LiveCount()
        let container = Container()
        let make: @Sendable () -> Void = {
            container.register(LiveSingleton.self, lifetime: .singleton) { _ in LiveSingleton(live) }
        }
        make()
        let pool = StressPool()
        defer { pool.stop() }
        let rounds = max(StressBudget.rounds / 10, 100)
        let served = AtomicCell<Int>(0)
        let unexpected = Lock<[String]>([])
        pool.run(rounds: rounds, setup: { _ in container }) { container, thread in
            if thread == 0 {
                switch Int.random(in: 0..<3) {
                case 0: container.remove(LiveSingleton.self)
                case 1: container.reset()
                default: break
                }
                make()
            } else {
                do throws(WiringError) {
                    _ = try container.resolve(LiveSingleton.self)
                    served.add(1, ordering: .relaxed)
                } catch {
                    // Between a remove and the next register, notRegistered is the answer.
                    if error.code != .notRegistered { unexpected.withLock { $0.append("\(error)") } }
                }
            }
        } check: { _, _ in
        }
        container.remove(LiveSingleton.self)
        #expect(live.current == 0)
        // The readers did read: the registration is missing only between a remove and the
        // register after it, a third of the writer's short turns at most. Seven readers per
        // round, so at least one served instance per round is a loose floor.
        #expect(served.load(ordering: .relaxed) >= rounds, "\(served.load(ordering: .relaxed)) served in \(rounds) rounds")
        let errors = unexpected.withLock { $0 }
        #expect(errors.isEmpty, "\(errors.count) unexpected errors, first: \(errors.first ?? "")")
    }
}
