import Testing
import WiringDIKit

@Suite("The root container")
struct SharedTests {
    @Test("defined(by:) sets shared, and resetShared forgets it, process-wide")
    func processRoot() {
        // The only test that touches the process-wide root; every other test uses withShared.
        let root = module { single { Marker(name: "process") } }
        DependencyContainer.defined(by: root)
        #expect(DependencyContainer.shared === root)
        #expect(resolve() == Marker(name: "process"))
        DependencyContainer.resetShared()
        let again = module { single { Marker(name: "again") } }
        DependencyContainer.defined(by: again)
        #expect(resolve() == Marker(name: "again"))
        DependencyContainer.resetShared()
    }

    @Test("withShared gives shared a root for the operation only")
    func withSharedRoot() {
        let root = module { single { Marker(name: "scoped") } }
        DependencyContainer.withShared(root) {
            #expect(DependencyContainer.shared === root)
            #expect(resolve() == Marker(name: "scoped"))
        }
    }

    @Test("defined(by:) and resetShared inside withShared(nil) change the scope's root only")
    func definedInsideScope() {
        DependencyContainer.withShared(nil) {
            DependencyContainer.defined(by: module { single { Marker(name: "app start-up") } })
            #expect(resolve() == Marker(name: "app start-up"))
            DependencyContainer.resetShared()
            DependencyContainer.defined(by: module { single { Marker(name: "second start-up") } })
            #expect(resolve() == Marker(name: "second start-up"))
            DependencyContainer.withShared(module { single { Marker(name: "inner") } }) {
                #expect(resolve() == Marker(name: "inner"))
            }
            #expect(resolve() == Marker(name: "second start-up"))
        }
    }

    @Test("the async withShared reaches child tasks")
    func asyncScope() async {
        let root = module { factory { Marker(name: "async") } }
        await DependencyContainer.withShared(root) {
            await Task.yield()
            let fromChild = await Task { resolve() as Marker }.value
            #expect(fromChild == Marker(name: "async"))
            async let fromAsyncLet: Marker = resolve()
            #expect(await fromAsyncLet == Marker(name: "async"))
        }
    }

    @Test("global resolve and resolveOptional go through shared, with tags")
    func globalFunctions() {
        let root = module {
            single { Marker(name: "plain") }
            single(tag: Storage.userdata) { Marker(name: "user") }
        }
        DependencyContainer.withShared(root) {
            #expect(resolve() == Marker(name: "plain"))
            #expect(resolve(tag: Storage.userdata) == Marker(name: "user"))
            #expect(resolveOptional() == Marker(name: "plain"))
            #expect(resolveOptional(tag: Storage.userdata) == Marker(name: "user"))
            let missing: Service? = resolveOptional()
            #expect(missing == nil)
            let missingTag: Marker? = resolveOptional(tag: Storage.systemdata)
            #expect(missingTag == nil)
        }
    }

    @Test("factories resolve their dependencies through shared (constructor injection)")
    func constructorInjection() {
        struct Screen {
            let greeting: any Greeting
            init(greeting: any Greeting = resolve()) { self.greeting = greeting }
        }
        let root = module {
            single { Hello("injected") as any Greeting }
            factory { Screen() }
        }
        DependencyContainer.withShared(root) {
            let screen: Screen = resolve()
            #expect(screen.greeting.text == "injected")
        }
    }
}

/// Two tests that run in parallel, each with its own root, reading it many times.
@Suite("Parallel tests with their own roots")
struct ParallelRootTests {
    static func readRepeatedly(_ name: String) async {
        let root = module { single { Marker(name: name) } }
        await DependencyContainer.withShared(root) {
            for _ in 0..<500 {
                #expect(resolve() == Marker(name: name))
                #expect(DependencyContainer.shared === root)
                await Task.yield()
            }
        }
    }

    @Test("the first test sees only its root")
    func first() async { await Self.readRepeatedly("first test") }

    @Test("the second test sees only its root")
    func second() async { await Self.readRepeatedly("second test") }
}
