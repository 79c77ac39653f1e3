import Dispatch
import Foundation
import Testing
import WiringImpose

@Suite("Injector")
struct InjectorTests {
    @Test("a singleton provider builds once and serves every type it is registered for")
    func singleton() throws {
        let built = Counter()
        let injector = Injector()
        injector.addSingleton(for: [Dependency.self, SomeDependency.self], resolveOn: nil) {
            built.increment()
            return SomeDependency()
        }
        let first = try injector.resolve(Dependency.self)
        #expect(try injector.resolve(Dependency.self) === first)
        #expect(try injector.resolve(SomeDependency.self) === first)
        #expect(built.count == 1)
    }

    @Test("a provider registered for a type its instance is not throws Impose's error, and serves its other types")
    func incompatibleType() throws {
        let injector = Injector()
        injector.addSingleton(for: [Dependency.self, Greeting.self], resolveOn: nil) { SomeDependency() }
        #expect(try injector.resolve(Dependency.self) is SomeDependency)
        let error = #expect(throws: ImposeError.self) { try injector.resolve(Greeting.self) }
        #expect(error?.failureReason?.contains("is not compatible for") == true)
        injector.addTransient(for: [Dependency.self, Greeting.self], resolveOn: nil) { SomeDependency() }
        #expect(throws: ImposeError.self) { try injector.resolve(Greeting.self) }
        #expect(try injector.resolve(Dependency.self) is SomeDependency)
    }

    @Test("the autoclosure form, the trailing-closure form and chaining")
    func spellings() throws {
        let injector = Injector()
            .addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
            .addTransient(for: Greeting.self, resolveOn: nil) { EnglishGreeting() }
        #expect(try injector.resolve(Greeting.self).text == "hello")
        #expect(try injector.resolve(Dependency.self) is SomeDependency)
    }

    @Test("registering a type again replaces what inject() gives, and removeResolver stops it")
    func replaceAndRemove() throws {
        let injector = Injector()
        let first = SomeDependency()
        let second = SomeDependency()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, first)
        #expect(inject(Dependency.self, providedBy: injector) === first)
        injector.addSingleton(for: Dependency.self, resolveOn: nil, second)
        #expect(inject(Dependency.self, providedBy: injector) === second)
        #expect(try injector.resolve(Dependency.self) === second)
        #expect(injector.removeResolver(of: Dependency.self))
        Injector.withShared(Injector()) {
            _ = #expect(throws: ImposeError.self) { try tryInject(Dependency.self, providedBy: injector) }
        }
    }

    @Test("a transient provider builds on every resolve")
    func transient() throws {
        let injector = Injector()
        injector.addTransient(for: Dependency.self, resolveOn: nil, SomeDependency())
        #expect(try injector.resolve(Dependency.self) !== injector.resolve(Dependency.self))
    }

    @Test("a weak singleton is shared while held and rebuilt after release")
    func weakSingleton() throws {
        let built = Counter()
        let injector = Injector()
        injector.addWeakSingleton(for: Dependency.self, resolveOn: nil) {
            built.increment()
            return SomeDependency()
        }
        var held: Dependency? = try injector.resolve(Dependency.self)
        #expect(try injector.resolve(Dependency.self) === held)
        #expect(built.count == 1)
        held = nil
        _ = try injector.resolve(Dependency.self)
        #expect(built.count == 2)
        _ = held
    }

    @Test("nearest type: a subclass registered under its superclass is found by its own type")
    func nearestSubtype() throws {
        let injector = Injector()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, ChildDependency())
        let child = try injector.resolve(ChildDependency.self)
        #expect(try injector.resolve(Dependency.self) === child)
    }

    @Test("nearest type: the exact instance type first, then the more derived one")
    func nearestOrder() throws {
        let injector = Injector()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
        injector.addSingleton(for: Greeting.self, resolveOn: nil, GrandChildDependency())
        // Nothing is registered for SomeDependency; both providers can serve it.
        #expect(try type(of: injector.resolve(SomeDependency.self)) == SomeDependency.self)
        let otherInjector = Injector()
        otherInjector.addSingleton(for: Greeting.self, resolveOn: nil, ChildDependency())
        otherInjector.addSingleton(for: Dependency.self, resolveOn: nil, GrandChildDependency())
        otherInjector.addSingleton(for: EnglishGreeting.self, resolveOn: nil, SomeDependency())
        // No exact SomeDependency provider... except the third; it wins over the derived ones.
        #expect(try type(of: otherInjector.resolve(SomeDependency.self)) == SomeDependency.self)
    }

    @Test("nearest type: an instance already built is found by a protocol it conforms to")
    func nearestByInstance() throws {
        let injector = Injector()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, EnglishGreeting())
        #expect(throws: ImposeError.self) { try injector.resolve(Greeting.self) }
        _ = try injector.resolve(Dependency.self)
        #expect(try injector.resolve(Greeting.self).text == "hello")
    }

    @Test("a missing type throws ImposeError that names it and how to register it")
    func missing() {
        let error = #expect(throws: ImposeError.self) { try Injector().resolve(Greeting.self) }
        #expect(error?.errorDescription == "Impose Error: fail when search for imposed instance")
        #expect(error?.failureReason?.hasPrefix("No compatible resolver for Greeting.") == true)
        #expect(error?.failureReason?.contains("addSingleton(for: Greeting.self") == true)
    }

    @Test("removeResolver and reset remove providers")
    func removal() throws {
        let injector = Injector()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
        #expect(injector.removeResolver(of: Dependency.self))
        #expect(!injector.removeResolver(of: Dependency.self))
        injector.addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
        injector.reset()
        #expect(throws: ImposeError.self) { try injector.resolve(Greeting.self) }
    }

    @Test("re-registering a type replaces its provider")
    func replace() throws {
        let injector = Injector()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
        injector.addSingleton(for: Dependency.self, resolveOn: nil, ChildDependency())
        #expect(try injector.resolve(Dependency.self) is ChildDependency)
    }

    @Test("resolveOn: the factory runs on the queue, inline when already on it")
    func queueAffinity() throws {
        let queue = DispatchQueue(label: "impose.test")
        let marker = DispatchSpecificKey<String>()
        queue.setSpecific(key: marker, value: "on queue")
        let seen = SeenQueue()
        let injector = Injector()
        injector.addTransient(for: Greeting.self, resolveOn: queue) {
            seen.record(DispatchQueue.getSpecific(key: marker))
            return EnglishGreeting()
        }
        _ = try injector.resolve(Greeting.self)
        try queue.sync { _ = try injector.resolve(Greeting.self) }
        #expect(seen.all == ["on queue", "on queue"])
    }

    @Test("a singleton is built exactly once under contention")
    func exactlyOnce() throws {
        for _ in 0..<50 {
            let built = Counter()
            let injector = Injector()
            injector.addSingleton(for: Dependency.self, resolveOn: nil) {
                built.increment()
                usleep(100)
                return SomeDependency()
            }
            onThreads(8) { _ in _ = try? injector.resolve(Dependency.self) }
            #expect(built.count == 1)
        }
    }

    @Test("providers added, removed and resolved for one type from 8 threads at once: no deadlock, and the next add takes effect")
    func aliasesFollowRacingChanges() throws {
        for _ in 0..<50 {
            let injector = Injector()
            onThreads(8) { index in
                for round in 0..<20 {
                    switch (index + round) % 3 {
                    case 0: injector.addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
                    case 1: injector.removeResolver(of: Dependency.self)
                    default: _ = try? injector.resolve(Dependency.self)
                    }
                }
            }
            let last = SomeDependency()
            injector.addSingleton(for: Dependency.self, resolveOn: nil, last)
            #expect(inject(Dependency.self, providedBy: injector) === last)
            #expect(injector.removeResolver(of: Dependency.self))
            Injector.withShared(Injector()) {
                #expect(injectIfProvided(for: Dependency.self, providedBy: injector) == nil)
            }
        }
    }

    @Test("ModuleProvider registers a module's providers")
    func moduleProvider() throws {
        struct MyModule: ModuleProvider {
            func provide(for injector: Injector) {
                injector.addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
            }
        }
        let injector = Injector()
        injector.provide(using: MyModule())
        #expect(try injector.resolve(Greeting.self).text == "hello")
    }
}

/// Queue names seen by a factory.
final class SeenQueue: @unchecked Sendable {
    // @unchecked: `names` is only touched under `lock`.
    private let lock = NSLock()
    private var names: [String?] = []
    func record(_ name: String?) { lock.withLock { names.append(name) } }
    var all: [String?] { lock.withLock { names } }
}
