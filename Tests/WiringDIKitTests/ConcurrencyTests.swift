import Foundation
import Testing
import Wiring
import WiringDIKit

@Suite("Concurrency")
struct ConcurrencyTests {
    /// Runs `body` on `count` raw threads at once and waits for all of them.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            let thread = Thread {
                start.wait()
                body()
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        for _ in 0..<count { done.wait() }
    }

    @Test("a singleton's factory runs exactly once when 8 threads resolve it at the same time")
    func singletonOnceUnderContention() {
        let rounds = 100
        let built = Counter()
        for _ in 0..<rounds {
            let container = DependencyContainer { c in
                c.register {
                    built.increment()
                    Thread.sleep(forTimeInterval: 0.0002)
                    return Service()
                }
            }
            let seen = Lock<Set<ObjectIdentifier>>([])
            Self.onThreads(8) {
                let service: Service = container.resolve()
                seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
            }
            #expect(seen.withLock { $0.count } == 1)
        }
        #expect(built.value == rounds)
    }

    @Test("factory components and tagged singletons resolve correctly from many threads")
    func mixedUnderContention() {
        let container = module {
            factory { Service() }
            single(tag: Storage.userdata) { Marker(name: "user") }
        }
        let failures = Counter()
        Self.onThreads(8) {
            for _ in 0..<200 {
                let marker: Marker = container.resolve(tag: Storage.userdata)
                let a: Service = container.resolve()
                let b: Service = container.resolve()
                if marker != Marker(name: "user") || a === b { failures.increment() }
            }
        }
        #expect(failures.value == 0)
    }
}
