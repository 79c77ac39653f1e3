import Testing
import Wiring

@Suite("Memory")
struct LeakTests {
    @Test("a released container releases itself and its singletons")
    func containerIsReleased() throws {
        weak var weakContainer: Container?
        weak var weakSingleton: Tracked?
        weak var weakValueHolder: Holder?
        do {
            let container = Container()
            container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
            container.register(Holder.self, lifetime: .singleton) { r in Holder(value: try r.resolve()) }
            container.register(Config.self, lifetime: .singleton) { _ in Config() }
            weakSingleton = try container.resolve(Tracked.self)
            weakValueHolder = try container.resolve(Holder.self)
            _ = try container.resolve(Config.self)
            container.reset()
            _ = try container.resolve(Tracked.self)
            weakContainer = container
        }
        #expect(weakContainer == nil)
        #expect(weakSingleton == nil)
        #expect(weakValueHolder == nil)
    }

    @Test("transients are not retained by the container")
    func transientsAreNotRetained() throws {
        let container = Container()
        container.register(Tracked.self) { _ in Tracked() }
        weak var weakInstance: Tracked?
        do { weakInstance = try container.resolve(Tracked.self) }
        #expect(weakInstance == nil)
    }

    @Test("graph instances are released when the outermost resolve returns")
    func graphInstancesAreReleased() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .graph) { _ in Tracked() }
        container.register(Holder.self) { r in Holder(value: try r.resolve()) }
        weak var weakInstance: Tracked?
        do { weakInstance = try container.resolve(Holder.self).value }
        #expect(weakInstance == nil)
    }

    @Test("a child container does not keep its parent's singletons from being released")
    func childContainerIsReleased() throws {
        let parent = Container()
        weak var weakChild: Container?
        do {
            let child = parent.makeChild()
            child.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
            _ = try child.resolve(Tracked.self)
            weakChild = child
        }
        #expect(weakChild == nil)
    }
}
