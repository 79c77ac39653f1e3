import Testing
import WiringDIKit

final class EagerOwner {
    @Inject var service: Service
    @Inject(tag: Storage.userdata) var tagged: Marker
}

final class LazyOwner {
    @LazyInject var service: Service
    @LazyInject(tag: Storage.userdata) var tagged: Marker
}

final class OptionalOwner {
    @OptionalInject var service: Service?
    @OptionalInject(tag: Storage.userdata) var tagged: Marker?
    @OptionalInject var missing: Hello?
}

@Suite("Property wrappers")
struct PropertyWrapperTests {
    /// A root whose components count how often they are built.
    static func countingRoot(_ built: Counter) -> DependencyContainer {
        module {
            factory { Service(id: built.increment()) }
            factory(tag: Storage.userdata) { Marker(name: "tagged") }
        }
    }

    @Test("@Inject resolves when its owner is initialised")
    func injectIsEager() {
        let built = Counter()
        DependencyContainer.withShared(Self.countingRoot(built)) {
            let owner = EagerOwner()
            #expect(built.value == 1)
            #expect(owner.service.id == 1)
            #expect(owner.service === owner.service)
            #expect(owner.tagged == Marker(name: "tagged"))
            #expect(built.value == 1)
        }
    }

    @Test("@Inject's init(tag:) with nil resolves the untagged component")
    func injectNilTag() {
        DependencyContainer.withShared(module { single { Marker(name: "untagged") } }) {
            let injected = Inject<Marker>(tag: nil)
            #expect(injected.wrappedValue == Marker(name: "untagged"))
        }
    }

    @Test("@LazyInject resolves on first read and keeps the instance")
    func lazyInjectIsLazy() {
        let built = Counter()
        DependencyContainer.withShared(Self.countingRoot(built)) {
            let owner = LazyOwner()
            #expect(built.value == 0)
            let first = owner.service
            #expect(built.value == 1)
            #expect(owner.service === first)
            #expect(built.value == 1)
            #expect(owner.tagged == Marker(name: "tagged"))
        }
    }

    @Test("@LazyInject starts unresolved and becomes resolved")
    func lazyInjectCases() {
        DependencyContainer.withShared(module { single { Marker(name: "m") } }) {
            var wrapper = LazyInject<Marker>()
            if case .resolved = wrapper { Issue.record("resolved before the first read") }
            #expect(wrapper.wrappedValue == Marker(name: "m"))
            guard case .resolved(let value) = wrapper else {
                Issue.record("still unresolved after the first read")
                return
            }
            #expect(value == Marker(name: "m"))
        }
    }

    @Test("@OptionalInject is lazy, gives nil when nothing is registered, and keeps nil")
    func optionalInject() {
        let built = Counter()
        let owner = DependencyContainer.withShared(Self.countingRoot(built)) {
            let owner = OptionalOwner()
            #expect(built.value == 0)
            #expect(owner.service?.id == 1)
            #expect(owner.service?.id == 1)
            #expect(owner.tagged == Marker(name: "tagged"))
            #expect(owner.missing == nil)
            return owner
        }
        // Read again where Hello is registered: the cached nil stays, as in DIKit.
        DependencyContainer.withShared(module { single { Hello() } }) {
            #expect(owner.missing == nil)
            var fresh = OptionalInject<Hello>(tag: nil)
            #expect(fresh.wrappedValue?.text == "hello")
            if case .resolved(let value) = fresh { #expect(value != nil) } else { Issue.record("not cached") }
        }
    }

    @Test("a lazy wrapper breaks a circular dependency")
    func lazyBreaksCycle() {
        final class Parent {
            let child: Child = resolve()
        }
        final class Child {
            @LazyInject var parent: Parent
        }
        DependencyContainer.withShared(
            module {
                single { Parent() }; single { Child() }
            }
        ) {
            let parent: Parent = resolve()
            #expect(parent.child.parent === parent)
        }
    }
}
