import Testing
import WiringDIKit

@Suite("module { } and modules { }")
struct ModuleTests {
    @Test("single, factory and their tagged forms register with their lifetimes")
    func singleAndFactory() {
        let container = module {
            single { Service() }
            single(tag: Storage.userdata) { Service() }
            factory { Marker(name: "f") }
            factory(tag: Storage.systemdata) { Service() }
        }
        #expect(container.resolve() as Service === container.resolve() as Service)
        #expect(container.resolve(tag: Storage.userdata) as Service === container.resolve(tag: Storage.userdata) as Service)
        #expect(container.resolve(tag: Storage.userdata) as Service !== container.resolve() as Service)
        #expect(container.resolve() == Marker(name: "f"))
        #expect(container.resolve(tag: Storage.systemdata) as Service !== container.resolve(tag: Storage.systemdata) as Service)
    }

    @Test("a protocol is registered by casting in the factory")
    func protocolByCast() {
        let container = module { single { Hello() as any Greeting } }
        let greeting: any Greeting = container.resolve()
        #expect(greeting.text == "hello")
    }

    @Test("if, if/else and switch choose components", arguments: [false, true])
    func conditionals(flag: Bool) {
        let container = module {
            single { Marker(name: "always") }
            if flag {
                single(tag: "flag") { Marker(name: "on") }
            }
            if flag {
                factory { 1 }
            } else {
                factory { 2 }
            }
            switch flag {
            case true: single(tag: "switch") { "yes" }
            case false: single(tag: "switch") { "no" }
            }
        }
        DependencyContainer.withShared(container) {
            #expect(resolve() == Marker(name: "always"))
            #expect(resolveOptional(tag: "flag") == (flag ? Marker(name: "on") : nil))
            #expect(resolve() == (flag ? 1 : 2))
            #expect(resolve(tag: "switch") == (flag ? "yes" : "no"))
        }
    }

    @Test("for registers a component per element")
    func forLoop() {
        let names = ["eu", "us", "ap"]
        let container = module {
            for name in names {
                single(tag: name) { Marker(name: name) }
            }
        }
        for name in names {
            #expect(container.resolve(tag: name) == Marker(name: name))
        }
    }

    @Test("resolvable can be a line of a module body")
    func resolvableLine() {
        let container = module {
            resolvable(lifetime: .factory) { Marker(name: "r") }
            resolvable(tag: "t") { 3 }
        }
        #expect(container.resolve() == Marker(name: "r"))
        #expect(container.resolve(tag: "t") == 3)
    }

    @Test("modules { .a; .b } merges static modules written as implicit members")
    func implicitMembers() {
        let merged = modules {
            .first; .second
        }
        #expect(merged.resolve() == Marker(name: "first"))
        #expect(merged.resolve(tag: "second") == Marker(name: "second"))
        let one = modules { .first }
        #expect(one.resolve() == Marker(name: "first"))
    }

    @Test("modules supports if, if/else and for, and inline module { }", arguments: [false, true])
    func modulesControlFlow(flag: Bool) {
        let extra = ["x", "y"]
        let merged = modules {
            .first
            if flag {
                .second
            }
            if flag {
                module { single { 1 } }
            } else {
                module { single { 2 } }
            }
            for name in extra {
                module { single(tag: name) { name } }
            }
        }
        #expect(merged.resolve() == Marker(name: "first"))
        DependencyContainer.withShared(merged) {
            #expect(resolveOptional(tag: "second") == (flag ? Marker(name: "second") : nil))
            #expect(resolve() == (flag ? 1 : 2))
            #expect(resolve(tag: "y") == "y")
        }
    }

    @Test("modules gives fresh singletons, not shared with the listed modules")
    func modulesFreshSingletons() {
        let fromStatic: any Greeting = DependencyContainer.counted.resolve()
        let merged = modules { .counted }
        let fromMerged: any Greeting = merged.resolve()
        #expect(fromStatic !== fromMerged)
        #expect(fromMerged === merged.resolve() as any Greeting)
    }
}
