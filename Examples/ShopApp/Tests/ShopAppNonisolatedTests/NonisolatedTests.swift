import Testing
import WiringTesting

@testable import ShopApp

// Compiled without the app's settings: code here is nonisolated unless it says otherwise, and
// the app's main-actor types and its module are used from here as written.

@Suite("The app's modules, from a nonisolated test target")
struct NonisolatedTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(
        .isolatedContainer(installing: AppModule()) {
            $0.register((any APIClient).self, lifetime: .singleton) { _ in PreviewAPIClient() }
        })
    func aTraitInstallsTheAppsModule() async throws {
        // Off the main actor: the main-actor session store is built there by resolveAsync.
        let session = try await Container.current.resolveAsync(SessionStore.self)
        let products = try await resolve((any APIClient).self).products()
        // The app's types are main-actor: their properties are read there.
        let names = await MainActor.run { products.map(\.name) }
        #expect(names == ["Preview kettle"])
        #expect(await session.userName == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the awaited validate(modules:) runs the main-actor factories, from a nonisolated test")
    func awaitedValidation() async {
        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        #expect(report.isClean, "\(report)")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a synchronous validate(modules:) off the main actor says which factories it could not run")
    func synchronousValidationOffTheMainActor() async {
        let report = await Task.detached {
            Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        }.value
        let unchecked = Set(report.errors.filter { $0.kind == .dryRunIncomplete }.map(\.registration))
        // `instance(APIConfig(…))` of a MainActorModule is made on the main actor too.
        #expect(
            unchecked == ["APIConfig", "any APIClient", "any APIClient tagged .staging", "SessionStore", "OrderService", "CheckoutDraft"],
            "\(report)")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("on the main actor, a synchronous validate(modules:) runs them in place")
    @MainActor
    func synchronousValidationOnTheMainActor() {
        let report = Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        #expect(report.isValid, "\(report)")
        // The draft's teardown is async, which a synchronous validate cannot await: it says so.
        #expect(report.warnings.map(\.kind) == [.teardownNotAwaited], "\(report)")
    }
}
