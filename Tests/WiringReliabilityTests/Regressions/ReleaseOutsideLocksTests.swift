import Testing
import Wiring

/// A singleton whose `deinit` calls back into its container: resolves, registers, resets and
/// removes. The engine must release it after dropping every lock, in debug and release builds
/// (CI runs this suite with `-c release`), or the `deinit` deadlocks on a lock the engine holds.
final class CallsBackOnDeinit: Sendable {
    let container: Container
    let deinits: DeinitCounter

    init(container: Container, deinits: DeinitCounter) {
        self.container = container
        self.deinits = deinits
    }

    deinit {
        _ = try? container.resolve(PlainValue.self)
        container.register(PlainValue.self) { _ in PlainValue() }
        container.reset()
        container.remove(Unrelated.self)
        deinits.count.add(1, ordering: .relaxed)
    }
}

final class DeinitCounter: Sendable {
    let count = AtomicCell<Int>(0)
}

final class PlainValue: Sendable {}
final class Unrelated: Sendable {}

@Suite("Instances are released outside engine locks", .timeLimit(.minutes(10)))
struct ReleaseOutsideLocksTests {
    /// A container whose singleton calls back into it when released.
    func makeContainer(_ deinits: DeinitCounter) -> Container {
        let container = Container()
        container.register(PlainValue.self) { _ in PlainValue() }
        container.register(Unrelated.self) { _ in Unrelated() }
        container.register(CallsBackOnDeinit.self, lifetime: .singleton) { [unowned container] _ in
            CallsBackOnDeinit(container: container, deinits: deinits)
        }
        return container
    }

    @Test(
        "a singleton whose deinit resolves, registers, resets and removes is released by reset, override, remove and removeAll",
        arguments: ["reset", "override", "remove", "removeAll"]
    )
    func deinitCallsBack(change: String) throws {
        let deinits = DeinitCounter()
        let container = makeContainer(deinits)
        _ = try container.resolve(CallsBackOnDeinit.self)
        switch change {
        case "reset": container.reset()
        case "override": container.register(CallsBackOnDeinit.self) { _ in throw CancellationError() }
        case "remove": container.remove(CallsBackOnDeinit.self)
        default: container.removeAll()
        }
        #expect(deinits.count.load(ordering: .relaxed) == 1)
    }
}
