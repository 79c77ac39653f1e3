import AsyncReadSynchronously
import CannotDecide
import Captive
import Clean
import Cycle
import Duplicate
import Missing
import Testing
import Wiring

/// Validation at run time, on the fixtures' modules built without the plugin, finds the mistake
/// the build-time check reports for each, in the same words, and nothing in the clean ones.
@Suite("The build-time check and validation agree")
struct AgreementTests {
    /// The error findings of a dry run of `modules`.
    func errors(_ modules: [any Module]) async -> [ValidationFinding] {
        await Container.validate(modules: modules, options: ValidationOptions(dryRun: true)).findings.filter { $0.severity == .error }
    }

    @Test("a key declared twice")
    func duplicate() async {
        let found = await errors([DuplicateModule()])
        #expect(found.map(\.kind) == [.duplicateDeclaration])
        #expect(found.first?.headline.hasPrefix("Database is declared twice, at ") == true)
    }

    @Test("a singleton holding a scoped instance")
    func captive() async {
        let found = await errors([CaptiveModule()])
        #expect(
            found.contains {
                $0.headline.hasPrefix("Cache (singleton) depends on Session (scoped(session)), which exists only inside a scope")
            })
    }

    @Test("a loop of reads")
    func cycle() async {
        let found = await errors([CycleModule()])
        #expect(found.contains { $0.headline == "circular dependency: Orders → Users → Orders." })
    }

    @Test("a transient async registration read synchronously: the resolve throws asyncRequired")
    func asyncRead() async throws {
        let container = Container()
        try container.install(AsyncReadModule())
        let error = #expect(throws: WiringError.self) { try container.resolve(RecipeList.self) }
        #expect(error?.code == .asyncRequired)
        #expect(
            error?.description.contains("RecipeStore has an async factory, and it was resolved synchronously before it was built.") == true)
    }

    @Test("a key nothing provides")
    func missing() async {
        let found = await validateApp().findings.filter { $0.severity == .error }
        #expect(found.contains { $0.headline == "SignUp depends on Mailer, and nothing is registered for it." })
    }

    @Test("the clean and the undecidable fixtures have no errors")
    func clean() async {
        #expect(await validateCleanApp().findings.filter { $0.severity == .error }.isEmpty)
        #expect(await validateConditional().findings.filter { $0.severity == .error }.isEmpty)
    }
}
