import Testing
import WiringImpose

@Suite("InjectionEnvironment")
struct EnvironmentTests {
    @Test("an object's environment comes first for its wrappers, then the shared injector")
    func environmentFirst() {
        let shared = Injector()
            .addSingleton(for: Dependency.self, resolveOn: nil, SomeDependency())
            .addSingleton(for: Greeting.self, resolveOn: nil, EnglishGreeting())
        Injector.withShared(shared) {
            let screen = Screen()
            let environment = InjectionEnvironment.forObject(screen)
            environment.inject(for: Dependency.self, ChildDependency())
            #expect(screen.dependency is ChildDependency)
            #expect(screen.greeting?.text == "hello")
            #expect(InjectionEnvironment.forObject(screen) === environment)
        }
    }

    @Test("a new environment starts with the values assigned by hand to the object's wrappers")
    func manualValuesBecomeProviders() throws {
        Injector.withShared(Injector()) {
            let screen = Screen()
            let mine = GrandChildDependency()
            screen.dependency = mine
            let environment = InjectionEnvironment.forObject(screen)
            #expect((try? environment.resolve(Dependency.self)) === mine)
        }
    }

    @Test("an environment derived from another shares its providers' singletons and adds manual values")
    func derivedEnvironmentShares() throws {
        let built = Counter()
        try Injector.withShared(Injector()) { () throws in
            let source = Screen()
            InjectionEnvironment.forObject(source)
                .inject(for: Greeting.self) {
                    built.increment()
                    return EnglishGreeting()
                }
            source.dependency = ChildDependency()
            let target = Screen()
            let derived = InjectionEnvironment.fromObject(source, for: target)
            let fromSource = try #require(source.greeting as? EnglishGreeting)
            let fromTarget = try #require(target.greeting as? EnglishGreeting)
            #expect(fromSource === fromTarget)
            #expect(built.count == 1)
            #expect(target.dependency is ChildDependency)
            #expect(InjectionEnvironment.forObject(target) === derived)
        }
    }
}

/// The seed document's examples, compiled and run.
@Suite("Impose README examples")
struct ReadmeExampleTests {
    final class InjectedByPropertyWrapper {
        @Injected var dependency: Dependency
    }

    final class InjectedByInit {
        var dependency: Dependency
        init(dependency: Dependency = inject(Dependency.self)) { self.dependency = dependency }
    }

    final class SafeByInit {
        var dependency: Dependency?
        init(dependency: Dependency? = injectIfProvided(for: Dependency.self)) { self.dependency = dependency }
    }

    final class FallbackByInit {
        var dependency: Dependency?
        init(dependency: Dependency? = inject(Dependency.self, ifFailUse: SomeDependency())) {
            self.dependency = dependency
        }
    }

    @Test("basic usage, the closure provider and the fallbacks")
    func basicUsage() {
        let injector = Injector()
        Injector.withShared(injector) {
            #expect(SafeByInit().dependency == nil)
            #expect(FallbackByInit().dependency is SomeDependency)
            Injector.shared.addSingleton(for: Dependency.self) {
                let dependency: SomeDependency = .init()
                return dependency
            }
            #expect(InjectedByPropertyWrapper().dependency === InjectedByInit().dependency)
            let secondary = Injector()
            secondary.addTransient(for: Dependency.self, ChildDependency())
            Injector.withShared(secondary) { #expect(InjectedByInit().dependency is ChildDependency) }
        }
    }
}
