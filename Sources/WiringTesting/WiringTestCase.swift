#if canImport(XCTest)
    public import XCTest
    public import Wiring

    /// The XCTest equivalent of the `.isolatedContainer` trait: each test method runs with a
    /// container of its own as the current container.
    ///
    /// ```swift
    /// final class GreeterTests: WiringTestCase {
    ///     override func makeContainer() throws -> Container {
    ///         let container = Container.default.copy()
    ///         container.register(Clock.self) { _ in FixedClock(hour: 9) }
    ///         return container
    ///     }
    ///
    ///     func testMorning() {
    ///         XCTAssertEqual(Greeter().greeting, "Good morning")
    ///     }
    /// }
    /// ```
    ///
    /// The container is made before each test method and released after it; `container` is
    /// the one the running test uses.
    open class WiringTestCase: XCTestCase {
        /// The running test's container.
        public private(set) var container = Container()

        /// Makes the container for one test method; by default a copy of
        /// `Container/default`. Override it to add registrations.
        open func makeContainer() throws -> Container {
            Container.default.copy()
        }

        /// Runs the test method with ``container`` current.
        override open func invokeTest() {
            do {
                container = try makeContainer()
            } catch {
                XCTFail("WiringTestCase: makeContainer() threw \(error)")
                return
            }
            // A failed `wired()` stops the test process: its message names this test.
            RunningTest.$name.withValue(name) {
                withContainer(container) { super.invokeTest() }
            }
        }
    }
#endif
