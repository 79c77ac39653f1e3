import Testing
import WiringTesting

// A new user's first test file, as the README shows it: one import gives the trait and the core
// (`Container`, `resolve`, `ValidationOptions`), and the trait installs the app's module.

protocol FirstDatabase: AnyObject, Sendable {
    func insert(_ name: String)
    var count: Int { get }
}

final class FirstRealDatabase: FirstDatabase {
    func insert(_ name: String) { preconditionFailure("the test must not reach the real database") }
    var count: Int { 0 }
}

final class FirstInMemoryDatabase: FirstDatabase {
    private let names = Lock<[String]>([])
    func insert(_ name: String) { names.withLock { $0.append(name) } }
    var count: Int { names.withLock { $0.count } }
}

final class FirstUserService: Sendable {
    let database: any FirstDatabase
    init(database: any FirstDatabase) { self.database = database }
    func signUp(_ name: String) throws { database.insert(name) }
}

struct FirstAppModule: Module {
    var registrations: Registrations {
        singleton((any FirstDatabase).self) { FirstRealDatabase() }
        autowire(lifetime: .singleton, FirstUserService.init(database:))
    }
}

/// A store that loads asynchronously, and a view model that reads it with `wired()`: the newcomer
/// trial's shape, which stops the process where the view model is made unless something built
/// the store first.
actor FirstRecipeStore {
    static func load() async throws -> FirstRecipeStore { FirstRecipeStore() }
}

@MainActor
final class FirstRecipesViewModel {
    private let store: FirstRecipeStore = wired()
}

struct FirstRecipesModule: Module {
    var registrations: Registrations {
        singleton { try await FirstRecipeStore.load() }
    }
}

@Suite("A first test, as the README writes it")
struct FirstTestTests {
    @Test(
        .isolatedContainer(installing: FirstAppModule()) {
            $0.register((any FirstDatabase).self, lifetime: .singleton) { _ in FirstInMemoryDatabase() }
        })
    func signUpStoresTheUser() throws {
        let users: FirstUserService = try resolve()
        try users.signUp("ada")
        #expect(try resolve((any FirstDatabase).self).count == 1)
    }

    @Test func wiringIsValid() {
        let report = Container.validate(modules: [FirstAppModule()], options: ValidationOptions(dryRun: true))
        #expect(report.isValid, "\(report)")
        #expect(report.graph.nodes.count == 2)
    }

    @Test func viewModelsAreMadeByValidation() async {
        var options = ValidationOptions(dryRun: true)
        options.make { FirstRecipesViewModel() }
        let report = await Container.validate(modules: [FirstRecipesModule()], options: options)
        #expect(report.errors.map(\.kind) == [.asyncReadSynchronously], "\(report)")
    }
}

@Suite("Copying an empty container")
struct EmptyCopyTests {
    @Test("a trait that copies a container with no registrations records an issue naming the fix")
    func emptyCopyIsReported() async throws {
        let trait = IsolatedContainerTrait.isolatedContainer(copying: Container())
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {}
        } matching: { issue in
            issue.description.contains(".isolatedContainer(installing: AppModule())")
        }
    }

    @Test("a trait that copies a container with registrations records nothing")
    func nonEmptyCopyIsQuiet() async throws {
        let base = Container()
        base.register(String.self) { _ in "configured" }
        let trait = IsolatedContainerTrait.isolatedContainer(copying: base)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: Test.Case.current) { () async throws in
            let value: String = try resolve()
            #expect(value == "configured")
        }
    }
}
