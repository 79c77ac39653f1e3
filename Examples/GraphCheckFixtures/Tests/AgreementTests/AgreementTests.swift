import AsyncReadByAutowire
import AsyncReadByComputed
import AsyncReadByViewModel
import AsyncReadInAsyncFactory
import AsyncReadSynchronously
import CannotDecide
import CannotDecideFacade
import CannotDecideOtherPackage
import CannotDecideOutsideModules
import Captive
import CaptiveThroughDefault
import CaptiveThroughTransient
import CaptiveThroughWired
import Clean
import CleanHostile
import Cycle
import Duplicate
import DuplicateAcrossInstall
import Expected
import MainActorReadOffMain
import Missing
import MissingInLocalContainer
import MissingInferred
import Testing
import Wiring

@testable import MissingInApp

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

    @Test("a key declared by two modules installed together: install throws")
    func duplicateAcrossInstall() {
        let error = #expect(throws: WiringError.self) { try DuplicateAcrossInstall.launch() }
        #expect(error?.code == .duplicateRegistration)
        #expect(error?.description.contains("Clock") == true, "\(String(describing: error))")
    }

    @Test("a singleton that makes a type whose call-site injection reads a scoped instance")
    func captiveThroughWired() async {
        let found = await errors([CheckoutModule()])
        #expect(
            found.contains { $0.headline.hasPrefix("DraftHolder (singleton) depends on Draft (scoped(checkout))") },
            "\(found.map(\.headline))")
    }

    @Test("reads typed by the initializer they fill, and autowire's parameters, with nothing registered")
    func missingInferred() async {
        let found = await validateSignUp().findings.filter { $0.severity == .error }.map(\.headline)
        #expect(found.contains("SignUp depends on Mailer, and nothing is registered for it."), "\(found)")
        #expect(found.contains("Welcome depends on Mailer, and nothing is registered for it."), "\(found)")
    }

    @Test("a view model that reads an async singleton with wired(): making it stops the program with the same words")
    func asyncReadByViewModel() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try AsyncReadByViewModel.launch()
            _ = await MainActor.run { RecipesViewModel() }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains("any RecipeRepository has an async factory, and it was resolved synchronously before it was built"),
            "\(output)")
    }

    @Test("validation asked to make the view model reports the same read, at the same fix, without stopping")
    func asyncReadByViewModelValidated() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make { AsyncReadByViewModel.RecipesViewModel() }
        let report = await Container.validate(modules: [AsyncReadByViewModel.RecipesModule()], options: options)
        let finding = try #require(report.findings.first { $0.kind == .asyncReadSynchronously }, "\(report)")
        #expect(finding.path == ["RecipesViewModel", "any RecipeRepository"])
        #expect(finding.fix.contains("make it an eagerSingleton and run `try await container.startAsync()` at launch"))
    }

    @Test("a main-actor transient read synchronously in an actor's method: the resolve throws isolationMismatch")
    func mainActorReadOffMain() async throws {
        let container = try MainActorReadOffMain.launch()
        let error = await withContainer(container) { () async -> WiringError? in
            do {
                _ = try await Uploader().owner()
                return nil
            } catch {
                return error as? WiringError
            }
        }
        #expect(error?.code == .isolationMismatch)
        #expect(
            error?.description.contains(
                "Session must be built on the main actor, and it was resolved synchronously from outside the main actor")
                == true, "\(String(describing: error))")
    }

    @Test(
        "a MainActorModule's unmarked transient read synchronously in an actor's method throws isolationMismatch; its nonisolated. one does not"
    )
    func mainActorModuleReadOffMain() async throws {
        let container = try MainActorReadOffMain.launchDrafts()
        let error = await withContainer(container) { () async -> WiringError? in
            do {
                try await Autosaver().save()
                return nil
            } catch {
                return error as? WiringError
            }
        }
        #expect(error?.code == .isolationMismatch)
        #expect(error?.description.contains("Draft must be built on the main actor") == true, "\(String(describing: error))")
    }

    @Test("a view model of an app whose launch registers no feed client: making it stops the program, naming the key")
    func missingInApp() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await MainActor.run {
                try PodcastApp.start()
                _ = PlayerViewModel()
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("nothing is registered for any FeedClient"), "\(output)")
    }

    @Test("a singleton reading a scoped registration through a transient: validation names the transient")
    func captiveThroughTransient() async {
        let found = await errors([DashboardModule()])
        #expect(
            found.contains {
                $0.headline.hasPrefix(
                    "Dashboard (singleton) depends on Session (scoped(session)) through SessionHeader, which exists only inside a scope")
            }, "\(found.map(\.headline))")
    }

    @Test("a singleton whose factory leaves out an `= wired()` default that reads a scoped registration")
    func captiveThroughDefault() async {
        let found = await errors([SummaryModule()])
        #expect(
            found.contains { $0.headline.hasPrefix("DraftSummary (singleton) depends on Draft (scoped(checkout))") },
            "\(found.map(\.headline))")
    }

    @Test("a computed property's wired() of an async singleton nothing built: reading it stops the program")
    func asyncReadByComputed() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try AsyncReadByComputed.launch()
            await MainActor.run { _ = BookshelfViewModel().library }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Library has an async factory, and it was resolved synchronously before it was built"), "\(output)")
    }

    @Test("an async factory's synchronous r.resolve of an async singleton throws asyncRequired")
    func asyncReadInAsyncFactory() async throws {
        let container = Container()
        try container.install(StoreModule())
        let error = await #expect(throws: WiringError.self) { _ = try await container.resolveAsync(Storefront.self) }
        #expect(error?.code == .asyncRequired, "\(String(describing: error))")
        #expect(error?.description.contains("Catalog has an async factory") == true, "\(String(describing: error))")
    }

    @Test("autowire resolves its parameters synchronously: an async singleton among them throws asyncRequired")
    func asyncReadByAutowire() throws {
        let container = Container()
        try container.install(BankModule())
        let error = #expect(throws: WiringError.self) { try container.resolve(Statements.self) }
        #expect(error?.code == .asyncRequired)
        #expect(error?.description.contains("Vault has an async factory, and it was resolved synchronously before it was built") == true)
    }

    @Test("a command-line tool's own container that nothing registers a mailer in: the resolve throws notRegistered")
    func missingInLocalContainer() {
        let error = #expect(throws: WiringError.self) { try sendDigest() }
        #expect(error?.code == .notRegistered, "\(String(describing: error))")
    }

    @Test("a mistake marked as expected is still one: validation reports it")
    func expected() async {
        let found = await errors([DeliberatelyCaptiveModule()])
        #expect(found.contains { $0.headline.hasPrefix("Cache (singleton) depends on Session (scoped(session))") })
    }

    @Test("the clean and the undecidable fixtures have no errors")
    func clean() async throws {
        #expect(await validateCleanApp().findings.filter { $0.severity == .error }.isEmpty)
        let hostile = await validateHostile()
        #expect(hostile.findings.filter { $0.severity == .error }.isEmpty, "\(hostile)")
        _ = try launchPreview()
        let screens = await validateScreens()
        #expect(screens.findings.filter { $0.severity == .error }.isEmpty, "\(screens)")
        #expect(await validateConditional().findings.filter { $0.severity == .error }.isEmpty)
        let outside = try CannotDecideOutsideModules.launch()
        let report = await outside.validate(ValidationOptions(dryRun: true))
        #expect(report.findings.filter { $0.severity == .error }.isEmpty, "\(report)")
        let other = await validateWithOtherPackage()
        #expect(other.findings.filter { $0.severity == .error }.isEmpty, "\(other)")
        #expect(newsletter() != nil)
    }
}
