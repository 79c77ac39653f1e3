import Testing
import Wiring
import WiringTesting

/// The proof that tests with their own containers run in parallel without interference: 64
/// test cases plus 6 separate tests override the same service with different values, at the
/// same time, and each sees only its own value, through every injection path, and its own
/// singleton.
@Suite("Parallel isolation", .isolatedContainer(copying: appContainer, { _ in }))
struct ParallelIsolationTests {
    /// Checks, over several rounds with suspension points in between, that everything the test
    /// resolves carries `text`.
    func expectOwnValue(_ text: String) async throws {
        let greeter: Greeter = wired()
        #expect(!greeterWasShared(greeter), "a Greeter singleton was shared between tests")
        for _ in 0..<20 {
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<300)))
            #expect(wired(Greeting.self).text == text)
            #expect(try resolve(Greeter.self).greeting.text == text)
            #expect(try resolve(Greeter.self) === greeter)
            let banner = Banner()
            #expect(banner.greeting.text == text && banner.greeter === greeter)
            let inChild = await Task { wired(Greeting.self).text }.value
            #expect(inChild == text)
        }
    }

    @Test("each of 64 parallel test cases sees only the override it registered", arguments: 0..<64)
    func parameterized(index: Int) async throws {
        Container.current.register(Greeting.self) { _ in Greeting(text: "case \(index)") }
        try await expectOwnValue("case \(index)")
    }

    @Test(.isolatedContainer(copying: appContainer) { $0.register(Greeting.self) { _ in Greeting(text: "alpha") } })
    func alpha() async throws { try await expectOwnValue("alpha") }

    @Test(.isolatedContainer(copying: appContainer) { $0.register(Greeting.self) { _ in Greeting(text: "beta") } })
    func beta() async throws { try await expectOwnValue("beta") }

    @Test(.isolatedContainer(copying: appContainer) { $0.register(Greeting.self) { _ in Greeting(text: "gamma") } })
    func gamma() async throws { try await expectOwnValue("gamma") }

    @Test(.isolatedContainer(modules: { [AppModule()] }) { $0.register(Greeting.self) { _ in Greeting(text: "delta") } })
    func delta() async throws { try await expectOwnValue("delta") }

    @Test(.isolatedContainer(modules: { [AppModule()] }))
    func moduleDefaults() async throws { try await expectOwnValue("production") }

    @Test("the suite's trait alone gives a copy of the app container with its own singleton")
    func suiteDefault() async throws { try await expectOwnValue("production") }
}

@Suite("Isolated containers")
struct IsolatedContainerTests {
    @Test(
        "the trait leaves the base container and Container.default untouched",
        .isolatedContainer(copying: appContainer) { $0.register(Greeting.self) { _ in Greeting(text: "override") } }
    )
    func baseUntouched() throws {
        #expect(Container.current !== appContainer)
        #expect(Container.current !== Container.default)
        #expect(try appContainer.resolve(Greeting.self).text == "production")
        #expect(!Container.default.isRegistered(Greeting.self))
    }

    @Test("withIsolatedContainer works without the trait, synchronously and asynchronously")
    func functionForm() async throws {
        let recipe = IsolatedContainerRecipe.copying(appContainer) { container in
            container.register(Greeting.self) { _ in Greeting(text: "function") }
        }
        // From synchronous code, the synchronous form.
        func synchronously() throws -> String {
            try withIsolatedContainer(recipe) { _ in wired(Greeting.self).text }
        }
        #expect(try synchronously() == "function")
        let asyncText = try await withIsolatedContainer(recipe) { _ in
            await Task { wired(Greeting.self).text }.value
        }
        #expect(asyncText == "function")
        // From async code, the async form, even when the closure does not await.
        let awaited = try await withIsolatedContainer(recipe) { _ in wired(Greeting.self).text }
        #expect(awaited == "function")
    }

    @Test("a recipe whose modules clash fails the test with the duplicate-registration error")
    func failingRecipe() throws {
        let recipe = IsolatedContainerRecipe.installing { [AppModule(), Registrations { $0.transient { Greeting(text: "clash") } }] }
        let error = #expect(throws: WiringError.self) { try recipe.makeContainer() }
        #expect(error?.code == .duplicateRegistration)
    }
}
