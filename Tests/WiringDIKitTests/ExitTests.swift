import Testing
import WiringDIKit

@Suite("Programmer errors stop with a message")
struct ExitTests {
    @Test("resolving something unregistered names the type, tag and near miss")
    func unregistered() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single(tag: Storage.userdata) { Marker(name: "user") } }
            let _: Marker = container.resolve(tag: Storage.systemdata)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: nothing is registered for Marker tagged .systemdata."))
        #expect(text.contains("  container: 1 component(s): Marker tagged .userdata"))
        #expect(text.contains("To fix:"))
        #expect(text.contains("Marker is registered with tag .userdata; resolve it with tag: .userdata"))
    }

    @Test("resolving a protocol registered as its concrete type suggests the cast")
    func concreteInsteadOfProtocol() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { Clock() } }
            let _: any ClockProtocol = container.resolve()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("nothing is registered for any ClockProtocol."))
        #expect(text.contains("Clock is registered, and types must match exactly: register it as single { Clock(…) as ClockProtocol }."))
        #expect(
            text.contains("register it in a module: single(factory: { … as ClockProtocol }) or factory(factory: { … as ClockProtocol })."))
    }

    @Test("registering after bootstrap stops with a message")
    func registerAfterBootstrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { Marker(name: "m") } }
            container.register(lifetime: .factory, tag: "late") { Service() }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: cannot register Service tagged \"late\": the container is already bootstrapped."))
        #expect(text.contains("  component: Service tagged \"late\", lifetime factory"))
        #expect(text.contains("register it inside the bootstrap block"))
    }

    @Test("a duplicate component in derive stops with a message")
    func duplicateInDerive() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = module { single { Marker(name: "a") } }
            let b = module { factory { Marker(name: "b") } }
            _ = DependencyContainer.derive(from: a, b)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: Marker is registered twice."))
        #expect(text.contains("  while: merging 2 containers with derive(from:) or modules { }"))
        #expect(text.contains("give each its own tag"))
    }

    @Test("a duplicate component in one module stops with a message")
    func duplicateInModule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module {
                single(tag: "x") { 1 }
                factory(tag: "x") { 2 }
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: Int tagged \"x\" is registered twice."))
        #expect(text.contains("  while: bootstrapping a container"))
    }

    @Test("reading shared before defined(by:) stops with a message")
    func sharedBeforeDefined() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.withShared(nil) {
                let _: Marker = resolve()
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: the root DependencyContainer is not yet set."))
        #expect(text.contains("call DependencyContainer.defined(by: modules { … }) at start-up"))
    }

    @Test("defining the root twice stops with a message")
    func definedTwice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module { single { 1 } })
            DependencyContainer.defined(by: module { single { 2 } })
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: the root DependencyContainer is already set."))
    }

    @Test("a circular dependency stops with the cycle instead of overflowing the stack")
    func cycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = module {
                single { CycleA() }
                single { CycleB() }
            }
            DependencyContainer.withShared(root) {
                let _: CycleA = resolve()
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: circular dependency while resolving CycleA."))
        #expect(text.contains("  path: CycleA → CycleB → CycleA"))
        #expect(text.contains("  engine: Wiring: circular dependency"))
        #expect(!text.contains("registered at: WiringDIKit/"))
        #expect(text.contains("@LazyInject"))
    }

    @Test("a circular dependency between factory components stops too")
    func transientCycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = module {
                factory { CycleA() }
                factory { CycleB() }
            }
            DependencyContainer.withShared(root) {
                let _: CycleA = resolve()
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("WiringDIKit: circular dependency while resolving"))
        #expect(text.contains("  path: CycleA → CycleB → CycleA\n"))
    }
}
