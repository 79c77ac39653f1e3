import Testing
import WiringDip

/// What a definition change releases is released after the container unlocks: an instance
/// whose `deinit` calls back into its container (resolve, register) must not deadlock. The
/// suite runs in release builds too (CI's release step), where releases happen earliest.
@Suite("Releasing instances outside the container's lock")
struct ReleaseTests {
    final class CallsBack {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    final class Marker {}

    /// A container with a singleton whose `deinit` resolves and registers in that container.
    func container(deinits: Counter) -> DependencyContainer {
        let container = DependencyContainer()
        container.register(.unique) { Marker() }
        container.register(.singleton) { [unowned container] in
            CallsBack {
                _ = try? container.resolve() as Marker
                container.register(tag: "from-deinit") { Marker() }
                deinits.count += 1
            }
        }
        return container
    }

    final class Counter: @unchecked Sendable {
        // @unchecked: the tests touch it from their own thread only.
        var count = 0
    }

    @Test("re-registering, removing and resetting release a singleton whose deinit calls back in")
    func deinitCallsBack() throws {
        let deinits = Counter()
        let container = container(deinits: deinits)
        _ = try container.resolve() as CallsBack
        container.register(.singleton) { CallsBack {} }
        #expect(deinits.count == 1)

        let definition = container.register(.singleton) { [unowned container] in
            CallsBack {
                _ = try? container.resolve() as Marker
                deinits.count += 1
            }
        }
        _ = try container.resolve() as CallsBack
        container.remove(definition)
        #expect(deinits.count == 2)

        let again = self.container(deinits: deinits)
        _ = try again.resolve() as CallsBack
        again.reset()
        #expect(deinits.count == 3)
    }

    @Test("a singleton resolved under a fallback tag is released when its definition is replaced")
    func fallbackTagInstanceIsReleased() throws {
        let deinits = Counter()
        let container = DependencyContainer()
        container.register(.singleton) { CallsBack { deinits.count += 1 } }
        do {
            let tagged = try container.resolve(tag: "dev") as CallsBack
            let untagged = try container.resolve() as CallsBack
            #expect(tagged !== untagged)
        }
        #expect(deinits.count == 0)
        container.register(.singleton) { CallsBack {} }
        #expect(deinits.count == 2)
    }
}
