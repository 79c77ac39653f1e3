import Testing
import WiringImpose

@Suite("Injection functions and wrappers")
struct InjectionTests {
    @Test("@Injected resolves on first read from the shared injector and keeps the instance")
    func injectedIsLazy() {
        let built = Counter()
        let injector = Injector()
        injector.addTransient(for: Dependency.self, resolveOn: nil) {
            built.increment()
            return SomeDependency()
        }
        Injector.withShared(injector) {
            let screen = Screen()
            #expect(built.count == 0)
            let first = screen.dependency
            #expect(screen.dependency === first)
            #expect(built.count == 1)
        }
    }

    @Test("lazy wrappers let two singletons depend on each other")
    func circularWrappers() {
        let injector = Injector()
        injector.addSingleton(for: Chicken.self, resolveOn: nil, Chicken())
        injector.addSingleton(for: Egg.self, resolveOn: nil, Egg())
        Injector.withShared(injector) {
            let chicken: Chicken = inject()
            #expect(chicken.egg.chicken === chicken)
        }
    }

    @Test("@SafelyInjected is nil when nothing provides the type, and retries on the next read")
    func safelyInjected() {
        let injector = Injector()
        Injector.withShared(injector) {
            let screen = Screen()
            #expect(screen.greeting == nil)
            injector.addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
            #expect(screen.greeting?.text == "hello")
        }
    }

    @Test("a value assigned by hand wins, even nil for @SafelyInjected")
    func manualAssignment() {
        let injector = Injector()
        injector.addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
        injector.addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
        Injector.withShared(injector) {
            let screen = Screen()
            let mine = ChildDependency()
            screen.dependency = mine
            screen.greeting = nil
            #expect(screen.dependency === mine)
            #expect(screen.greeting == nil)
        }
    }

    @Test("tryInject: the context first (its errors ignored), then the shared injector")
    func tryInjectOrder() throws {
        let shared = Injector().addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
        let context = Injector().addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
        try Injector.withShared(shared) { () throws in
            #expect(try tryInject(Dependency.self, providedBy: context) is SomeDependency)
            #expect(try tryInject(Greeting.self, providedBy: context).text == "hello")
            #expect(try tryInject(for: Greeting.self).text == "hello")  // the README's spelling
            #expect(throws: ImposeError.self) { try tryInject(ChildDependency.self) }
        }
    }

    @Test("inject(ifFail:), inject(ifFailUse:) and injectIfProvided fall back without stopping")
    func fallbacks() {
        Injector.withShared(Injector()) {
            let fallback = inject(Dependency.self, ifFailUse: ChildDependency())
            #expect(fallback is ChildDependency)
            #expect(inject(Greeting.self, ifFail: { EnglishGreeting() }).text == "hello")
            #expect(injectIfProvided(for: Greeting.self) == nil)
        }
    }

    @Test("inject(ifFail:) with a context gives the fallback's wrappers that context")
    func fallbackGetsContext() {
        let context = InjectionEnvironment().inject(for: Dependency.self, SomeDependency())
        Injector.withShared(Injector()) {
            let screen = inject(Screen.self, providedBy: context, ifFail: { Screen() })
            #expect(screen.dependency is SomeDependency)
        }
    }

    @Test("AutoInjectMock registers the mock as a singleton for its types")
    func autoInjectMock() throws {
        final class DependencyMock: Dependency, AutoInjectMock {
            static var registeredTypes: [Any.Type] { [Dependency.self] }
        }
        let injector = Injector()
        let mock = DependencyMock().injected(using: injector)
        #expect(try injector.resolve(Dependency.self) === mock)
    }

    @Test("switchInjector changes the shared injector for the process; withShared wins inside it")
    func switching() throws {
        let custom = Injector().addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
        Injector.switchInjector(to: custom)
        defer { Injector.switchToDefaultInjector() }
        #expect(Injector.shared === custom)
        let local = Injector()
        Injector.withShared(local) { #expect(Injector.shared === local) }
        Injector.switchToDefaultInjector()
        #expect(Injector.shared !== custom)
    }
}

@Suite("Injection failures")
struct InjectionFailureTests {
    @Test("inject() of a missing type stops with a message naming it")
    func injectStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let _: Greeting = Injector.withShared(Injector()) { inject() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Impose: cannot inject Greeting."))
        #expect(stderr.contains("To fix: register a provider"))
    }

    @Test("initializers that inject each other stop with the loop, not a stack overflow")
    func initializerLoop() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let injector = Injector()
            injector.addTransient(for: LoopA.self, resolveOn: nil) { LoopA() }
            injector.addTransient(for: LoopB.self, resolveOn: nil) { LoopB() }
            _ = Injector.withShared(injector) { LoopA() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Impose: cannot inject"))
        #expect(stderr.contains("circular dependency"))
    }
}
