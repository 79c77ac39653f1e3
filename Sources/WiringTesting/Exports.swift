// A test target that imports `WiringTesting` sees Wiring's API too (`Container`, `resolve`,
// `ValidationOptions`), as `XCTVapor` re-exports `Vapor`: a test file needs one import.
@_exported import Wiring
