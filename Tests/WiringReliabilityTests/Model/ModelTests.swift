import Foundation
import Testing
import Wiring

/// Random sequences of register / override / remove / reset / resolve on a parent and a child
/// container and their scopes, each resolve checked against a reference model of what it must
/// return: which registration built it, whether it is the cached instance or a new one, or which
/// error. Seeded and reproducible: a failure names its seed; `WIRING_MODEL_SEED=<seed>` replays it.
@Suite("Model-based sequences", .timeLimit(.minutes(10)))
struct ModelTests {
    /// SplitMix64: small, fast, and the same sequence on every platform.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let lifetimes: [Lifetime] = [.transient, .singleton, .weakSingleton, .graph, .scoped, .eagerSingleton]
    static let tags: [String?] = [nil, "a"]

    /// What the model expects of one resolve.
    enum Expected: Equatable, CustomStringConvertible {
        case error(WiringError.Code)
        /// Built by registration `source`; `cached` is the instance it must be, or `nil` for a new one.
        case instance(source: Int, cached: ObjectIdentifier?)

        var description: String {
            switch self {
            case .error(let code): "error \(code)"
            case .instance(let source, let cached): "registration \(source), \(cached == nil ? "new" : "cached")"
            }
        }
    }

    struct Registration {
        let id: Int
        let lifetime: Lifetime
    }

    /// The system under test and the model, side by side.
    final class Run {
        var rng: SplitMix
        let containers: [Container]
        /// Per container: registrations by tag ("" for none).
        var registrations: [[String: Registration]] = [[:], [:]]
        /// Container-owned caches: registration id → instance.
        var cached: [Int: ObjectIdentifier] = [:]
        /// Scopes, the container they were made from, and their caches: one instance per key
        /// (tag), of the registration that built it; a different registration for that key in the
        /// same scope (a child's override of a parent's, added or removed) builds anew.
        var scopes: [(scope: Scope, container: Int, cached: [String: (source: Int, object: ObjectIdentifier)])] = []
        /// Every instance ever returned, kept alive so that identities are never reused (and
        /// weak singletons stay alive).
        var seen: [ObjectIdentifier: Probe] = [:]
        var nextID = 1
        var log: [String] = []

        init(seed: UInt64) {
            rng = SplitMix(state: seed)
            let root = Container()
            containers = [root, root.makeChild()]
        }

        func lookup(_ container: Int, _ tag: String) -> Registration? {
            let chain = container == 1 ? [1, 0] : [0]
            for index in chain { if let found = registrations[index][tag] { return found } }
            return nil
        }

        func owner(of id: Int) -> Int? {
            (0..<2).first { index in registrations[index].values.contains { $0.id == id } }
        }

        /// Runs one random step; returns a failure description, if any.
        func step() -> String? {
            let container = Int.random(in: 0..<2, using: &rng)
            let tag = ModelTests.tags.randomElement(using: &rng)!
            let tagKey = tag ?? ""
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<25:
                let lifetime = ModelTests.lifetimes.randomElement(using: &rng)!
                let id = nextID
                nextID += 1
                log.append("register #\(id) \(lifetime) tag \(tagKey) in \(container)")
                containers[container].register(Probe.self, tag: tag, lifetime: lifetime) { _ in Probe(source: id) }
                registrations[container][tagKey] = Registration(id: id, lifetime: lifetime)
            case 25..<32:
                log.append("remove tag \(tagKey) in \(container)")
                let removed = containers[container].remove(Probe.self, tag: tag)
                let expected = registrations[container].removeValue(forKey: tagKey) != nil
                if removed != expected { return "remove returned \(removed), model \(expected)" }
            case 32..<37:
                log.append("reset \(container)")
                containers[container].reset()
                for registration in registrations[container].values { cached[registration.id] = nil }
            case 37..<42:
                log.append("makeScope on \(container)")
                scopes.append((containers[container].makeScope(), container, [:]))
            case 42..<45 where !scopes.isEmpty:
                let index = Int.random(in: 0..<scopes.count, using: &rng)
                log.append("reset scope \(index)")
                scopes[index].scope.reset()
                scopes[index].cached = [:]
            default:
                let useScope = !scopes.isEmpty && Bool.random(using: &rng)
                let scopeIndex = useScope ? Int.random(in: 0..<scopes.count, using: &rng) : nil
                let from = scopeIndex.map { scopes[$0].container } ?? container
                log.append("resolve tag \(tagKey) from \(scopeIndex.map { "scope \($0)" } ?? "container \(from)")")
                let expected = expectation(from: from, scope: scopeIndex, tag: tagKey)
                let result: Result<Probe, WiringError>
                do throws(WiringError) {
                    let probe: Probe
                    if let scopeIndex {
                        probe = try scopes[scopeIndex].scope.resolve(Probe.self, tag: tag)
                    } else {
                        probe = try containers[from].resolve(Probe.self, tag: tag)
                    }
                    result = .success(probe)
                } catch {
                    result = .failure(error)
                }
                return check(result, against: expected, scope: scopeIndex, tag: tagKey)
            }
            return nil
        }

        func expectation(from container: Int, scope: Int?, tag: String) -> Expected {
            guard let registration = lookup(container, tag) else { return .error(.notRegistered) }
            switch registration.lifetime {
            case .transient, .graph:
                return .instance(source: registration.id, cached: nil)
            case .scoped:
                guard let scope else { return .error(.scopeNotActive) }
                let held = scopes[scope].cached[tag]
                return .instance(source: registration.id, cached: held?.source == registration.id ? held?.object : nil)
            default:
                return .instance(source: registration.id, cached: cached[registration.id])
            }
        }

        func check(_ result: Result<Probe, WiringError>, against expected: Expected, scope: Int?, tag: String) -> String? {
            switch (result, expected) {
            case (.failure(let error), .error(let code)):
                return error.code == code ? nil : "expected \(expected), got error \(error.code)"
            case (.success(let probe), .instance(let source, let cachedID)):
                let id = ObjectIdentifier(probe)
                if probe.source != source { return "expected \(expected), got an instance of registration \(probe.source)" }
                if let cachedID, cachedID != id { return "expected the cached instance, got another one" }
                if cachedID == nil, seen[id] != nil { return "expected a new instance, got one returned before" }
                seen[id] = probe
                remember(probe, scope: scope, tag: tag)
                return nil
            case (.success(let probe), _):
                return "expected \(expected), got an instance of registration \(probe.source)"
            case (.failure(let error), _):
                return "expected \(expected), got error \(error.code): \(error)"
            }
        }

        /// Records a cached instance in the model.
        func remember(_ probe: Probe, scope: Int?, tag: String) {
            let lifetime = (0..<2).lazy.compactMap { index in
                self.registrations[index].values.first { $0.id == probe.source }?.lifetime
            }.first
            guard let lifetime, lifetime != .transient, lifetime != .graph else { return }
            if lifetime == .scoped {
                if let scope { scopes[scope].cached[tag] = (probe.source, ObjectIdentifier(probe)) }
            } else {
                cached[probe.source] = ObjectIdentifier(probe)
            }
        }
    }

    static var sequenceCount: Int {
        #if DEBUG
            300
        #else
            2_000
        #endif
    }

    @Test("random sequences of operations agree with the reference model")
    func sequencesAgreeWithTheModel() {
        let seeds: [UInt64]
        if let text = ProcessInfo.processInfo.environment["WIRING_MODEL_SEED"], let seed = UInt64(text) {
            seeds = [seed]
        } else {
            seeds = (0..<UInt64(Self.sequenceCount)).map { 0x5EED_0000 &+ $0 }
        }
        var failures = 0
        for seed in seeds {
            let run = Run(seed: seed)
            for _ in 0..<60 {
                if let failure = run.step() {
                    failures += 1
                    Issue.record(
                        """
                        Model mismatch with seed \(seed) (replay: WIRING_MODEL_SEED=\(seed)): \(failure)
                        steps:
                          \(run.log.suffix(12).joined(separator: "\n  "))
                        """
                    )
                    break
                }
            }
            if failures >= 3 { break }
        }
    }
}
