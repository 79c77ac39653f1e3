import Testing
import WiringDIContainer

// The seed document's example. Two corrections were needed for it to compile at all, in any
// Swift version: inside a type with a `print(data:)` method, the global function must be written
// `Swift.print`, and calls and the mock must use the `data:` label that the protocol declares.
// This test target enables the ExistentialAny upcoming feature, so `PrinterProtocol.self` is
// written `(any PrinterProtocol).self`; in an app without that flag the original spelling
// compiles unchanged.

protocol PrinterProtocol {
    func print(data: Any...)
}

class PrinterImplementation: PrinterProtocol {
    func print(data: Any...) {
        Swift.print(data)
    }
}

class PrinterMock: PrinterProtocol {
    func print(data _: Any...) {
        Swift.print("Nothing")
    }
}

@Suite("The seed document's example")
struct SeedExampleTests {
    @Test("the README example registers and resolves a printer, transient and eager")
    func readmeExample() {
        let container = DIContainer()
        container.register((any PrinterProtocol).self, transient: { _ in PrinterImplementation() })
        let printer = container[(any PrinterProtocol).self]
        printer?.print(data: "Hello")
        #expect(printer is PrinterImplementation)

        container.register((any PrinterProtocol).self, eagerSingleton: PrinterImplementation())
        #expect(container[(any PrinterProtocol).self] is PrinterImplementation)

        container.register((any PrinterProtocol).self, eagerSingleton: PrinterMock())
        let mock = container[(any PrinterProtocol).self]
        mock?.print(data: "Hello")
        #expect(mock is PrinterMock)
    }

    @Test("the unregistered dependency resolves to nil, as the README says")
    func unregisteredIsNil() {
        let container = DIContainer()
        #expect(container[(any PrinterProtocol).self] == nil)
    }
}
