import Dispatch
import Foundation
import Testing
import WiringDip

@Suite("Concurrency")
struct ConcurrencyTests {
    /// Runs `body(thread)` on `count` raw threads at once and waits for them.
    func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
    }

    @Test("a .singleton factory runs once per container under 8 threads")
    func singletonOnce() {
        let containers = (0..<50).map { _ in DependencyContainer() }
        let counters = containers.map { container in
            let counter = Counter()
            container.register(.singleton) { () -> Service in
                counter.increment()
                usleep(100)
                return ServiceImp()
            }
            return counter
        }
        let failures = Counter()
        onThreads(8) { _ in
            for container in containers {
                do { _ = try container.resolve() as Service } catch { failures.increment() }
            }
        }
        #expect(failures.count == 0)
        #expect(counters.allSatisfy { $0.count == 1 })
    }

    @Test(".shared graphs, contexts and registrations stay per thread under 8 threads")
    func sharedGraphsPerThread() {
        final class Pair {
            let a: Service
            let b: Service
            init(a: Service, b: Service) {
                self.a = a
                self.b = b
            }
        }
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register { () -> Pair in
            precondition(container.context.resolvingType == Pair.self)
            return Pair(a: try container.resolve(), b: try container.resolve())
        }
        let failures = Counter()
        onThreads(8) { thread in
            for round in 0..<200 {
                guard let pair = try? container.resolve() as Pair, pair.a === pair.b else {
                    failures.increment()
                    continue
                }
                container.register(tag: "t\(thread)-\(round % 4)") { "registered concurrently" }
            }
        }
        #expect(failures.count == 0)
    }
}
