import Foundation
import Testing
import Wiring
import WiringDIContainer

@Suite("Concurrency: exactly-once construction")
struct ConcurrencyTests {
    static let threads = 8
    static let rounds = 300

    @Test("a lazySingleton factory runs exactly once per container under contention", arguments: ["lazySingleton", "cached"])
    func exactlyOnceUnderContention(lifecycle: String) {
        let containers = (0..<Self.rounds).map { _ in DIContainer() }
        let calls = (0..<Self.rounds).map { _ in Counter() }
        for (container, counter) in zip(containers, calls) {
            let factory: DIFactory<any Greeter> = { _ in
                counter.next()
                Thread.sleep(forTimeInterval: 0.000_05)  // widens the window in which others arrive
                return EnglishGreeter()
            }
            if lifecycle == "cached" {
                container.register((any Greeter).self, cached: factory)
            } else {
                container.register((any Greeter).self, lazySingleton: factory)
            }
        }
        let seen = Lock<[[ObjectIdentifier]]>(Array(repeating: [], count: Self.rounds))
        let ready = AtomicCell<Int>(0)
        onThreads(Self.threads) { _ in
            // Start together, so that the threads contend from the first round.
            ready.add(1, ordering: .relaxed)
            while ready.load(ordering: .relaxed) < Self.threads {}
            for round in 0..<Self.rounds {
                guard let greeter = containers[round][(any Greeter).self] else { continue }
                let id = ObjectIdentifier(greeter)
                seen.withLock { $0[round].append(id) }
            }
        }
        #expect(calls.allSatisfy { $0.value == 1 })
        let identities = seen.withLock { $0 }
        #expect(identities.allSatisfy { $0.count == Self.threads && Set($0).count == 1 })
    }

    @Test("registering, resolving and resetting from many threads is safe")
    func mixedOperations() {
        let container = DIContainer()
        container.register(Int.self, cached: { _ in 1 })
        onThreads(Self.threads) { index in
            for round in 0..<200 {
                switch (index + round) % 4 {
                case 0: container.register(String.self, named: "\(index)", transient: { _ in "value" })
                case 1: container.reset(Int.self)
                case 2: #expect(container[Int.self] == 1)
                default: _ = container.isResettable(Int.self) || container.has(type: String.self, named: "\(index)")
                }
            }
        }
        #expect(container[Int.self] == 1)
    }

    @Test("DIContainer and DISingletonContainer are Sendable")
    func sendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(DIContainer.self)
        requireSendable(DISingletonContainer.self)
    }
}
