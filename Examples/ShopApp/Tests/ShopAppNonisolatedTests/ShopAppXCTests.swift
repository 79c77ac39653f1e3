#if canImport(XCTest)
    import XCTest
    import WiringTesting

    @testable import ShopApp

    /// The app's modules through the XCTest base class, from a nonisolated test target.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class ShopAppXCTests: WiringTestCase {
        override func makeContainer() throws -> Container {
            let app = Container()
            try app.install(AppModule())
            // The test's override, in a child: validation then knows it is one on purpose.
            let container = app.makeChild()
            container.register(SessionStore.self, lifetime: .singleton, mainActor: { _ in SessionStore(userName: "Lin") })
            return container
        }

        func testViewModelsResolveFromTheTestsContainer() throws {
            // XCTest runs test methods on the main thread.
            let greeting = MainActor.assumeIsolated { CatalogViewModel().greeting }
            XCTAssertEqual(greeting, "Hello, Lin")
        }

        func testValidationOnTheMainThreadRunsMainActorFactories() {
            let report = container.validate(ValidationOptions(dryRun: true))
            XCTAssertTrue(report.isValid, "\(report)")
            // The draft's async teardown, which a synchronous validate cannot await, is the one warning.
            XCTAssertEqual(report.warnings.map(\.kind), [.teardownNotAwaited], "\(report)")
        }
    }
#endif
