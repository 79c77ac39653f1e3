import Foundation
import Testing
import Wiring

/// A service whose initializer injects its dependency with a default argument.
final class Greeter: Sendable {
    let config: Config
    init(config: Config = wired()) { self.config = config }
}

/// A container with one `Config` value, for telling containers apart.
func container(environment: String) -> Container {
    let container = Container()
    container.register(Config.self) { _ in Config(environment: environment) }
    return container
}

@Suite("Current container")
struct CurrentContainerTests {
    @Test("withContainer makes a container current for the operation and restores the previous one after")
    func withContainerScopesTheOverride() {
        let outer = container(environment: "outer")
        let inner = container(environment: "inner")
        withContainer(outer) {
            #expect(Container.current === outer)
            withContainer(inner) {
                #expect(Container.current === inner)
                #expect(wired(Config.self).environment == "inner")
            }
            #expect(wired(Config.self).environment == "outer")
        }
        #expect(Container.current === Container.default)
    }

    @Test("withContainer takes a scope or a container chosen at run time, as one value")
    func withContainerOfScopeOrContainer() async throws {
        let base = container(environment: "base")
        base.register(Greeter.self, lifetime: .scoped) { _ in Greeter() }
        var scope: Scope? = nil
        // No scope yet: the container.
        withContainer(scope ?? base) { #expect(wired(Config.self).environment == "base") }
        scope = base.makeScope()
        let inScope = withContainer(scope ?? base) { wired(Greeter.self) }
        #expect(try scope?.resolve(Greeter.self) === inScope)
        let awaited = await withContainer(scope ?? base) { () async in wired(Greeter.self) }
        #expect(awaited === inScope)
        try await scope?.close()
    }

    @Test("withContainer passes through the operation's result and typed error")
    func withContainerRethrows() {
        let value = withContainer(Container()) { 42 }
        #expect(value == 42)
        #expect(throws: SampleError(reason: "inside")) {
            try withContainer(Container()) { () throws(SampleError) in throw SampleError(reason: "inside") }
        }
    }

    @Test("child tasks and unstructured Tasks inherit the current container")
    func childTasksInherit() async {
        let test = container(environment: "async")
        await withContainer(test) {
            async let child = wired(Config.self).environment
            #expect(await child == "async")
            let unstructured = Task { wired(Config.self).environment }
            #expect(await unstructured.value == "async")
            await withTaskGroup(of: String.self) { group in
                group.addTask { wired(Config.self).environment }
                for await environment in group { #expect(environment == "async") }
            }
        }
    }

    @Test("Task.detached does not inherit the current container, and bindingCurrentContainer carries it across")
    func detachedTasksNeedBinding() async {
        let test = container(environment: "bound")
        await withContainer(test) {
            let detached = Task.detached { Container.current === Container.default }
            #expect(await detached.value)
            let bound = Task.detached(operation: bindingCurrentContainer { wired(Config.self).environment })
            #expect(await bound.value == "bound")
        }
    }

    @Test("bindingCurrentContainer carries the container to another thread")
    func bindingAcrossThreads() async {
        let test = container(environment: "thread")
        let block = withContainer(test) { bindingCurrentContainer { wired(Config.self).environment } }
        let environment = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: block()) }.start()
        }
        #expect(environment == "thread")
    }

    @Test("wired() in an initializer called by a factory resolves where the factory resolves")
    func factoryCallSiteUsesFactoryResolver() throws {
        let parent = container(environment: "parent")
        parent.register(Greeter.self) { _ in Greeter() }
        let child = parent.makeChild()
        child.register(Config.self) { _ in Config(environment: "child") }
        // Neither container is current; the factory's resolver decides.
        #expect(try child.resolve(Greeter.self).config.environment == "child")
        #expect(try parent.resolve(Greeter.self).config.environment == "parent")
    }

    @Test("wired() in a scoped factory resolves scoped dependencies from the same scope")
    func factoryCallSiteSeesScope() throws {
        let container = Container()
        container.register(Config.self, lifetime: .scoped) { _ in Config(environment: "scoped") }
        container.register(Greeter.self, lifetime: .scoped) { _ in Greeter() }
        let scope = container.makeScope()
        #expect(try scope.resolve(Greeter.self).config.environment == "scoped")
    }

    @Test("withContainer inside a factory takes precedence over the factory's resolver")
    func withContainerInsideFactory() throws {
        let other = container(environment: "other")
        let main = container(environment: "main")
        main.register(Greeter.self) { _ in withContainer(other) { Greeter() } }
        #expect(try main.resolve(Greeter.self).config.environment == "other")
    }

    @Test("a scope can be made current, so scoped registrations resolve through call-site injection")
    func scopeAsCurrent() {
        let container = Container()
        container.register(Config.self, lifetime: .scoped) { _ in Config(environment: "request") }
        let request = container.makeScope()
        withContainer(request) {
            let first: Config = wired()
            #expect(first.environment == "request")
            #expect(Container.current === container)
        }
    }
}
