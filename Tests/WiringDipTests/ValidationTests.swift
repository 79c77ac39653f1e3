import Testing
import Wiring
import WiringDip

@Suite("Validation")
struct ValidationTests {
    @Test("validate resolves every definition, with matching runtime arguments")
    func passes() throws {
        let built = Recorder()
        let container = DependencyContainer()
        container.register { () -> Service in
            built.record("service")
            return ServiceImp()
        }
        container.register { (url: String) -> String in
            built.record("url \(url)")
            return url
        }
        container.register { (a: Int, b: String) -> Int in
            built.record("pair \(a) \(b)")
            return a
        }
        try container.validate("https://example.com", (1, "x"))
        #expect(built.all == ["service", "url https://example.com", "pair 1 x"])
    }

    @Test("validate throws a DipError for a missing dependency")
    func missing() {
        final class Needs {
            init(service: Service) {}
        }
        let container = DependencyContainer()
        container.register { Needs(service: try container.resolve()) }
        #expect(throws: DipError.self) { try container.validate() }
    }

    @Test("validate ignores errors that are not DipErrors")
    func ignoresOtherErrors() throws {
        struct Broken: Error {}
        let container = DependencyContainer()
        container.register { () throws -> Service in throw Broken() }
        try container.validate()
    }

    @Test("validate throws for a cycle through initializers and a weak singleton of a value type")
    func reportsEngineErrors() {
        final class A { init(b: AnyObject) {} }
        final class B { init(a: A) {} }
        let cyclic = DependencyContainer()
        cyclic.register { A(b: try cyclic.resolve() as B) }
        cyclic.register { B(a: try cyclic.resolve() as A) }
        #expect(throws: WiringError.self) { try cyclic.validate() }

        let weakValue = DependencyContainer()
        weakValue.register(.weakSingleton) { 42 }
        #expect(throws: WiringError.self) { try weakValue.validate() }
    }
}
