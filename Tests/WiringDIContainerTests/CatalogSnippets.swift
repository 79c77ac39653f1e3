import Testing
import WiringDIContainer

// The code of the DocC articles "WiringDIContainer" (the overview, Sources/WiringDIContainer/
// Documentation.docc/WiringDIContainer.md) and "Migrating from DIContainer.swift" (its
// `import WiringDIContainer`, above), compiled and run. `DocSnippetTests` checks that every Swift
// block of both articles appears here verbatim. `PrinterProtocol` and `PrinterImplementation`
// are those of SeedExampleTests.swift.

@Suite("The WiringDIContainer overview article")
struct CatalogSnippets {
    final class AuditClock {}

    final class AuditPrinter: PrinterProtocol {
        let clock: AuditClock
        init(clock: AuditClock) { self.clock = clock }
        func print(data _: Any...) {}
    }

    // The formatter would break the article's lines, which DocSnippetTests matches one by one.
    // swift-format-ignore
    @Test("a transient and a named lazy singleton; a lookup gives nil when nothing is registered")
    func overview() throws {
        let container = DIContainer()
        container.register(PrinterProtocol.self, transient: { _ in PrinterImplementation() })
        container.register(PrinterProtocol.self, named: "audit", lazySingleton: { c in
            AuditPrinter(clock: c.forceResolve())
        })

        let printer = container[PrinterProtocol.self]  // PrinterProtocol?, nil when not registered
        printer?.print(data: "Hello")

        #expect(printer is PrinterImplementation)
        #expect(container[AuditClock.self] == nil)
        // The audit printer is built on its first resolve, so its clock can be registered later.
        container.register(AuditClock.self, eagerSingleton: AuditClock())
        let audit = try #require(container[PrinterProtocol.self, named: "audit"] as? AuditPrinter)
        #expect(audit.clock === container[AuditClock.self])
        #expect((container[PrinterProtocol.self, named: "audit"] as? AuditPrinter) === audit)  // one instance
    }
}
