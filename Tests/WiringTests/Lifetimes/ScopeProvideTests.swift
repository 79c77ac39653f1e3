import Testing
import Wiring

private struct CurrentUser: Sendable, Equatable {
    let name: String
}
private struct NoUser: Error {}
private final class ScopeGreeter: Sendable {
    let user: CurrentUser
    init(user: CurrentUser) { self.user = user }
}

@Suite("Providing values to a scope")
struct ScopeProvideTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in throw NoUser() }
        container.register(ScopeGreeter.self, lifetime: .scoped) { r in ScopeGreeter(user: try r.resolve()) }
        return container
    }

    @Test("a provided value is what the scope's resolves get, and what its scoped factories depend on")
    func providedValueIsResolved() throws {
        let container = makeContainer()
        let ada = container.makeScope()
        let bob = container.makeScope()
        try ada.provide(CurrentUser(name: "ada"))
        try bob.provide(CurrentUser(name: "bob"))
        #expect(try ada.resolve(ScopeGreeter.self).user.name == "ada")
        #expect(try bob.resolve(ScopeGreeter.self).user.name == "bob")
        let unprovided = container.makeScope()
        #expect(throws: WiringError.self) { try unprovided.resolve(CurrentUser.self) }
    }

    @Test(
        "providing twice, providing a registration that is not scoped, or providing to a closed scope throws, naming the type and the fix")
    func misuseThrows() async throws {
        let container = makeContainer()
        container.register(Int.self, lifetime: .singleton) { _ in 1 }
        let scope = container.makeScope()
        try scope.provide(CurrentUser(name: "ada"))
        let twice = #expect(throws: WiringError.self) { try scope.provide(CurrentUser(name: "eve")) }
        #expect(twice?.code == .duplicateRegistration)
        #expect("\(twice!)".contains("already holds an instance of CurrentUser"))
        #expect(try scope.resolve(CurrentUser.self).name == "ada")
        let singleton = #expect(throws: WiringError.self) { try scope.provide(2) }
        #expect(singleton?.code == .invalidLifetime)
        #expect("\(singleton!)".contains("lifetime: .scoped"))
        let missing = #expect(throws: WiringError.self) { try scope.provide("text") }
        #expect(missing?.code == .notRegistered)
        try await scope.close()
        let closed = #expect(throws: WiringError.self) { try scope.provide(CurrentUser(name: "late")) }
        #expect(closed?.code == .shutDown)
    }

    @Test("a value for a named scope goes to the nearest enclosing scope with that name")
    func namedScope() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped("session")) { _ in throw NoUser() }
        let session = container.makeScope("session")
        let request = session.makeScope("request")
        try request.provide(CurrentUser(name: "ada"))
        #expect(try session.resolve(CurrentUser.self).name == "ada")
        let orphan = container.makeScope("request")
        let error = #expect(throws: WiringError.self) { try orphan.provide(CurrentUser(name: "x")) }
        #expect(error?.code == .scopeNotActive)
    }

    @Test("without a sample, a dry run reports each factory it could not check past a value given to scopes, naming it")
    func providedValueWithoutSample() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in throw NoUser() }.providedToScopes()
        container.register(Greeting.self, lifetime: .scoped) { r in Greeting(user: try r.resolve()) }
        let report = container.validate(ValidationOptions(roots: [Greeting.self], dryRun: true))
        #expect(!report.isValid, "\(report)")
        let unchecked = try #require(report.errors.first { $0.kind == .dryRunIncomplete }, "\(report)")
        #expect(unchecked.registration == "Greeting")
        #expect(unchecked.headline.contains("past its resolve of CurrentUser"), "\(unchecked)")
        #expect(unchecked.fix.contains("options.provide(<a CurrentUser>, as: CurrentUser.self)"), "\(unchecked)")
        // The provided value's own factory error is still no finding, and the edge is known.
        #expect(report.errors.count == 1, "\(report)")
        #expect(report.graph.edges.contains { $0.from == "Greeting" && $0.to == "CurrentUser" })
    }

    @Test("with a sample, a dry run checks past the value given to scopes and finds what comes after it")
    func providedValueWithSample() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped("request")) { _ in throw NoUser() }.providedToScopes()
        // A handler that reads the user, then a repository nobody registered: the defect a dry
        // run used to report clean.
        container.register(Greeting.self, lifetime: .scoped("request")) { r in
            let user: CurrentUser = try r.resolve()
            _ = try r.resolve(ScopeGreeter.self, tag: "never registered")
            return Greeting(user: user)
        }
        let unsampled = container.validate(ValidationOptions(roots: [Greeting.self], dryRun: true))
        #expect(!unsampled.isValid, "\(unsampled)")
        var options = ValidationOptions(roots: [Greeting.self], dryRun: true)
        options.provide(CurrentUser(name: "sample"))
        let report = container.validate(options)
        #expect(!report.errors.contains { $0.kind == .dryRunIncomplete }, "\(report)")
        let missing = try #require(report.errors.first { $0.kind == .missingRegistration }, "\(report)")
        #expect(missing.path == ["Greeting", "ScopeGreeter tagged \"never registered\""], "\(missing)")
        // Once the graph is right, the sampled dry run is clean.
        container.register(ScopeGreeter.self, tag: "never registered") { r in ScopeGreeter(user: try r.resolve()) }
        #expect(container.validate(options).isClean, "\(container.validate(options))")
    }

    @Test("a module declares a value given to scopes and a root: validating the modules checks past it with a sample")
    func moduleDeclaresProvidedValue() throws {
        struct RequestValues: Module {
            var registrations: Registrations {
                scoped(CurrentUser.self, in: "request") { throw NoUser() }
                    .providedToScopes()
                    .validatedAsRoot()
            }
        }
        struct GreetingModule: Module {
            var registrations: Registrations {
                scoped(in: "request") { r in Greeting(user: try r.resolve()) }
            }
        }
        // Without the declaration, the dry run finds Greeting's dependency missing.
        let missing = Container.validate(modules: [GreetingModule()], options: ValidationOptions(dryRun: true))
        #expect(missing.errors.contains { $0.kind == .missingRegistration }, "\(missing)")
        // With it but no sample: the factory past the value is reported unchecked, nothing else.
        let unsampled = Container.validate(modules: [GreetingModule(), RequestValues()], options: ValidationOptions(dryRun: true))
        #expect(unsampled.errors.map(\.kind) == [.dryRunIncomplete], "\(unsampled)")
        // With a sample: clean, and the declared value counts as a root (never unreachable).
        var options = ValidationOptions(roots: [Greeting.self], dryRun: true)
        options.provide(CurrentUser(name: "sample"))
        let report = Container.validate(modules: [GreetingModule(), RequestValues()], options: options)
        #expect(report.isClean, "\(report)")
        // Installed, the declaration is a value scopes take.
        let container = Container()
        try container.install(GreetingModule(), RequestValues())
        let scope = container.makeScope("request")
        try scope.provide(CurrentUser(name: "ada"))
        #expect(try scope.resolve(Greeting.self).user.name == "ada")
        try scope.syncClose()
    }

    @Test("a sample that no scope of the dry run can take is an error")
    func rejectedSample() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in throw NoUser() }.providedToScopes()
        var options = ValidationOptions(dryRun: true)
        options.provide(CurrentUser(name: "sample"))
        options.provide(NoUserGreeting(), as: NoUserGreeting.self)
        let report = container.validate(options)
        let rejected = try #require(report.errors.first { $0.registration == "NoUserGreeting" }, "\(report)")
        #expect(rejected.headline.contains("could not be given to the dry run's scopes"), "\(rejected)")
        #expect(report.errors.count == 1, "\(report)")
    }

    @Test("providedToScopes() on a lifetime no scope can be given stops the program, saying why")
    func providedToScopesNeedsScoped() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(CurrentUser.self, lifetime: .singleton) { _ in CurrentUser(name: "x") }.providedToScopes()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("only a scoped registration's instance can be given to scopes"), "\(output)")
        #expect(output.contains("To fix: register it with lifetime: .scoped"), "\(output)")
    }
}

/// Registered nowhere: a sample for it has no scope to go to.
private struct NoUserGreeting: Sendable {}

/// Built from a value each scope is given.
private struct Greeting: Sendable {
    let user: CurrentUser
}

@Suite("What a misused scope says")
struct ScopeMisuseMessageTests {
    @Test("a provide into a closed scope says so, and where it was called")
    func provideIntoClosedScope() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in CurrentUser(name: "nobody") }
        let scope = container.makeScope()
        try scope.syncClose()
        let error = #expect(throws: WiringError.self) { try scope.provide(CurrentUser(name: "ada")) }
        let text = "\(error!)"
        #expect(error?.code == .shutDown)
        #expect(text.contains("was provided to a scope that has been closed"), "\(text)")
        #expect(text.contains("provided at: WiringTests/ScopeProvideTests.swift:"), "\(text)")
    }

    @Test("a second provide names its own call site")
    func provideTwice() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in CurrentUser(name: "nobody") }
        let scope = container.makeScope()
        try scope.provide(CurrentUser(name: "ada"))
        let error = #expect(throws: WiringError.self) { try scope.provide(CurrentUser(name: "grace")) }
        #expect("\(error!)".contains("provided at: WiringTests/ScopeProvideTests.swift:"), "\(error!)")
        try scope.syncClose()
    }

    @Test("a scope made after its container shut down says it was closed from the start, and why")
    func scopeOfAShutDownContainer() throws {
        let container = Container()
        container.register(CurrentUser.self, lifetime: .scoped) { _ in CurrentUser(name: "nobody") }
        try container.syncShutdown()
        let scope = container.makeScope()
        let error = #expect(throws: WiringError.self) { try scope.resolve(CurrentUser.self) }
        #expect(error?.code == .shutDown)
        #expect("\(error!)".contains("made after its container had shut down"), "\(error!)")
        #expect("\(error!)".contains("make a new container"), "\(error!)")
    }
}
