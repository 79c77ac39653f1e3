import Testing
import Wiring

/// Pins what the Resolving article says about marker protocols: they have no runtime metadata,
/// so Wiring sees `(any Sendable).self` as `Any.self`. If a future Swift keeps them apart, this
/// fails and the article's paragraph must change.
@Suite("Marker protocols at run time")
struct MarkerProtocolTests {
    @Test("(any Sendable).self is Any.self, so a registration of it answers to Any and is named Any")
    func sendableExistentialIsAny() throws {
        let erased: Any.Type = (any Sendable).self
        #expect(ObjectIdentifier(erased) == ObjectIdentifier(Any.self))
        let container = Container()
        container.register((any Sendable).self) { _ in 42 }
        #expect(try container.resolve(Any.self) as? Int == 42)
        let error = #expect(throws: WiringError.self) { try container.resolve((any Sendable).self, tag: "missing") }
        #expect(error?.description.contains("for Any") == true, "\(String(describing: error))")
    }
}
