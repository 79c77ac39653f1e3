#if canImport(XCTest)
    import XCTest
    import Wiring
    import WiringTesting

    final class WiringTestCaseTests: WiringTestCase {
        override func makeContainer() throws -> Container {
            let container = appContainer.copy()
            container.register(Greeting.self) { _ in Greeting(text: "xctest") }
            return container
        }

        func testCurrentContainerIsTheTestsOwn() {
            XCTAssertTrue(Container.current === container)
            XCTAssertEqual(Banner().greeting.text, "xctest")
            XCTAssertEqual(try appContainer.resolve(Greeting.self).text, "production")
        }

        func testAsyncTestMethodsSeeTheContainerToo() async {
            let text = await Task { wired(Greeting.self).text }.value
            XCTAssertEqual(text, "xctest")
        }

        func testEachMethodGetsANewContainer() throws {
            let greeter = try container.resolve(Greeter.self)
            XCTAssertFalse(greeterWasShared(greeter))
        }
    }
#endif
