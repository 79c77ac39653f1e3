import Testing
import WiringDIContainer

@Suite("forceResolve stops the program with a message")
struct ForceResolveExitTests {
    @Test("forceResolve of a missing type stops, naming the type, the name and the fix")
    func missingTypeStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DIContainer()
            container.register((any Greeter).self, named: "en", eagerSingleton: EnglishGreeter())
            let _: any Greeter = container.forceResolve(named: "fr")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            stderr.contains("WiringDIContainer: forceResolve found nothing registered for any WiringDIContainerTests.Greeter named \"fr\".")
        )
        #expect(stderr.contains("  name: \"fr\""))
        #expect(stderr.contains("To fix:"))
        #expect(stderr.contains("registered under other names: \"en\""))
        #expect(stderr.contains("container.register((any WiringDIContainerTests.Greeter).self, named: \"fr\", lazySingleton:"))
    }

    @Test("forceResolve of a factory that returns nil stops and says so")
    func nilFactoryStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DIContainer()
            container.register(Int.self, lazySingleton: { _ in nil })
            _ = container.forceResolve(Int.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("the factory registered for Swift.Int returned nil."))
        #expect(stderr.contains("  lifecycle: lazySingleton"))
        #expect(stderr.contains("To fix:"))
    }

    @Test("forceResolve in a circular dependency stops with the cycle, not a stack overflow")
    func cycleStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DIContainer()
            container.register(ChickenService.self, lazySingleton: { c in ChickenService(egg: c.forceResolve()) })
            container.register(EggService.self, lazySingleton: { c in EggService(chicken: c.forceResolve()) })
            _ = container.forceResolve(ChickenService.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("WiringDIContainer: forceResolve could not resolve WiringDIContainerTests.ChickenService."))
        #expect(stderr.contains("circular dependency"))
        #expect(stderr.contains("depend on each other in a loop"))
    }

    @Test("@ForceResolved of a missing type stops with the same message")
    func forceResolvedStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Screen {
                @ForceResolved var value: Outer1.Svc
                init(container: DIContainer) { _value = ForceResolved(container: container) }
            }
            _ = Screen(container: DIContainer()).value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("forceResolve found nothing registered for WiringDIContainerTests.Outer1.Svc."))
    }

    @Test("forceResolve on another conforming container stops with a message too")
    func customConformanceStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Empty: DIContainerProtocol {
                func register<Protocol>(type: Protocol.Type, named: String?, value: DILifecycle<Protocol>) {}
                func has<Protocol>(type: Protocol.Type, named: String?) -> Bool { false }
                func resolve<Protocol>(_ type: Protocol.Type, named: String?) -> Protocol? { nil }
                func isResettable<Protocol>(_ type: Protocol.Type, named: String?) -> Bool { false }
                func reset<Protocol>(_ type: Protocol.Type, named: String?) {}
            }
            _ = Empty().forceResolve(Int.self, named: "n")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("WiringDIContainer: forceResolve got nil for Swift.Int named \"n\"."))
        #expect(stderr.contains("To fix:"))
    }
}
