/// The test that is running, as a test framework's integration names it: WiringTesting's trait
/// and XCTest base class set it around each test. A failed call-site injection, which stops the
/// whole test process, then says which test it stopped and where that test is declared.
package enum RunningTest {
    /// The test's name and where it is declared (`catalogLoads() at ShopAppTests.swift:12:6`).
    @TaskLocal package static var name: String?
}
