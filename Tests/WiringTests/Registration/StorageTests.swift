import Testing
import Wiring

final class BridgedReference: Sendable {}

final class BridgedPayload: Sendable {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A struct that bridges to a class, as Foundation's value types do: `as AnyObject` gives its
/// first stored reference, although the struct owns a second one.
struct BridgedValue: _ObjectiveCBridgeable, Sendable {
    let reference: BridgedReference
    let payload: BridgedPayload

    func _bridgeToObjectiveC() -> BridgedReference { reference }

    static func _forceBridgeFromObjectiveC(_ source: BridgedReference, result: inout BridgedValue?) {
        result = BridgedValue(reference: source, payload: BridgedPayload(value: -1))
    }

    static func _conditionallyBridgeFromObjectiveC(_ source: BridgedReference, result: inout BridgedValue?) -> Bool {
        _forceBridgeFromObjectiveC(source, result: &result)
        return true
    }

    static func _unconditionallyBridgeFromObjectiveC(_ source: BridgedReference?) -> BridgedValue {
        BridgedValue(reference: source ?? BridgedReference(), payload: BridgedPayload(value: -1))
    }
}

@Suite("Storage: cached instances, variants and tags")
struct StorageTests {
    @Test("a singleton struct that bridges to a class keeps every stored reference (it was a use-after-free)")
    func bridgedStructSingleton() throws {
        let container = Container()
        weak var payload: BridgedPayload?
        do {
            let made = BridgedPayload(value: 42)
            payload = made
            container.register(BridgedValue.self, instance: BridgedValue(reference: BridgedReference(), payload: made))
        }
        for _ in 0..<1_000 {
            let value = try container.resolve(BridgedValue.self)
            #expect(value.payload.value == 42)
        }
        #expect(payload != nil)
        container.remove(BridgedValue.self)
        #expect(payload == nil)
    }

    @Test("a struct that bridges to a class is not an object: as a weak singleton it is invalidLifetime")
    func bridgedStructWeakSingleton() {
        let container = Container()
        container.register(BridgedValue.self, lifetime: .weakSingleton) { _ in
            BridgedValue(reference: BridgedReference(), payload: BridgedPayload(value: 1))
        }
        #expect {
            _ = try container.resolve(BridgedValue.self)
        } throws: { error in
            (error as? WiringError)?.code == .invalidLifetime
        }
    }

    @Test("a cached singleton is held strongly and released by reset, override and remove")
    func strongCacheReleasedOnEveryChange() throws {
        let container = Container()
        container.register(Counted.self, lifetime: .singleton) { _ in Counted() }
        weak var first: Counted?
        do { first = try container.resolve(Counted.self) }
        #expect(first != nil)
        container.reset()
        #expect(first == nil)

        weak var second: Counted?
        do { second = try container.resolve(Counted.self) }
        container.register(Counted.self, lifetime: .singleton) { _ in Counted() }
        #expect(second == nil)

        weak var third: Counted?
        do { third = try container.resolve(Counted.self) }
        container.remove(Counted.self)
        #expect(third == nil)
    }

    @Test("10,000 tags of one type register and resolve, each to its own registration")
    func manyTags() throws {
        let container = Container()
        for tag in 0..<10_000 {
            container.register(Int.self, tag: tag) { _ in tag * 2 }
        }
        for tag in stride(from: 0, to: 10_000, by: 97) {
            #expect(try container.resolve(Int.self, tag: tag) == tag * 2)
        }
        container.remove(Int.self, tag: 5)
        #expect(try container.resolveIfRegistered(Int.self, tag: 5) == nil)
        #expect(try container.resolve(Int.self, tag: 6) == 12)
    }

    @Test("4,000 contributions to one collection keep their order")
    func manyContributions() throws {
        let container = Container()
        for index in 0..<4_000 {
            container.contribute(to: [Int].self) { _ in index }
        }
        #expect(try container.resolve([Int].self) == Array(0..<4_000))
    }

    @Test("tags compare as AnyHashable does: 1, UInt8(1) and 1.0 are one tag, \"1\" is another")
    func tagEquality() throws {
        let container = Container()
        container.register(String.self, tag: 1) { _ in "one" }
        #expect(try container.resolve(String.self, tag: UInt8(1)) == "one")
        #expect(try container.resolve(String.self, tag: 1.0) == "one")
        #expect(try container.resolveIfRegistered(String.self, tag: "1") == nil)
    }
}

final class Counted: Sendable {}
final class Session: Sendable {}
