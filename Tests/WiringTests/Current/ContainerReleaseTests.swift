import Testing
import Wiring

/// A singleton that holds a lazily resolved dependency it has not read yet.
final class HoldsLazy: @unchecked Sendable {
    // @unchecked: the wrapper's storage is locked; the test reads it from one thread.
    @LazyWired var bystander: Bystander
    let counter: LifeCounter

    init(counter: LifeCounter) {
        self.counter = counter
        counter.built.add(1, ordering: .relaxed)
    }

    deinit { counter.released.add(1, ordering: .releasing) }
}

@Suite("Releasing a container")
struct ContainerReleaseTests {
    @Test("dropping the last reference to a container frees it, even when a singleton holds an unread LazyWired")
    func lazyWiredDoesNotKeepContainerAlive() throws {
        let counter = LifeCounter()
        weak var weakContainer: Container?
        do {
            let container = Container()
            weakContainer = container
            container.register(Bystander.self) { _ in Bystander() }
            container.register(HoldsLazy.self, lifetime: .singleton) { _ in HoldsLazy(counter: counter) }
            _ = try container.resolve(HoldsLazy.self)
        }
        #expect(weakContainer == nil)
        #expect(counter.live == 0)
    }

    @Test("a transient's LazyWired keeps its container alive until it is read")
    func transientLazyWiredKeepsContainer() throws {
        let holder: HoldsLazy = try {
            let container = Container()
            container.register(Bystander.self) { _ in Bystander() }
            container.register(HoldsLazy.self) { _ in HoldsLazy(counter: LifeCounter()) }
            return try container.resolve(HoldsLazy.self)
        }()
        _ = holder.bystander
    }

    @Test("a singleton's LazyWired read after its container is gone stops with a message that says so")
    func lazyWiredAfterContainerIsGone() async {
        await #expect(processExitsWith: .failure) {
            let holder: HoldsLazy = {
                let container = Container()
                container.register(Bystander.self) { _ in Bystander() }
                container.register(HoldsLazy.self, lifetime: .singleton) { _ in HoldsLazy(counter: LifeCounter()) }
                return try! container.resolve(HoldsLazy.self)
            }()
            _ = holder.bystander
        }
    }
}
