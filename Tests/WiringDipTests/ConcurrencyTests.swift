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

    @Test(
        "a resolve racing a re-registration gets the old or the new definition's instance, never an error",
        arguments: [ComponentScope.unique, .shared, .singleton])
    func resolveDuringReRegistration(scope: ComponentScope) {
        let container = DependencyContainer()
        container.register(scope) { ServiceImp() as Service }
        // Resolved untagged (the engine's plain path), under a tag (the untagged fallback, a
        // registration of its own per tag) and as a forwarded type.
        container.register(.unique) { ForwardedService() }.implements(Service.self, tag: "forwarded")
        let failures = Counter()
        let stop = Counter()
        let rounds = 2_000
        let group = DispatchGroup()
        for reader in 0..<2 {
            group.enter()
            let thread = Thread {
                var turn = 0
                while stop.count == 0 {
                    turn += 1
                    do {
                        switch (turn + reader) % 3 {
                        case 0: _ = try container.resolve() as Service
                        case 1: _ = try container.resolve(tag: "dev") as Service
                        default: _ = try container.resolve(tag: "forwarded") as Service
                        }
                    } catch {
                        failures.increment()
                    }
                }
                group.leave()
            }
            thread.start()
        }
        for round in 0..<rounds {
            container.register(scope) { ServiceImp() as Service }
            if round % 2 == 0 { container.register(.unique) { ForwardedService() }.implements(Service.self, tag: "forwarded") }
        }
        stop.increment()
        group.wait()
        #expect(failures.count == 0)
    }
}

/// A type forwarded to `Service` under a tag.
final class ForwardedService: Service {}
