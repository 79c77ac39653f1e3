import Testing
import WiringSwinject

/// What a model-based run resolves: each instance carries the number the run gave it when a
/// factory made it, in the order factories ran.
private protocol Numbered: AnyObject {
    var number: Int { get }
}

private final class Alpha: Numbered {
    let number: Int
    init(_ number: Int) { self.number = number }
}

private final class Beta: Numbered {
    let number: Int
    init(_ number: Int) { self.number = number }
}

/// A small deterministic generator (xorshift64*), so that a failing seed replays.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

/// Swinject 2.10.0's rules for registrations, scopes and resets, written plainly: what each
/// resolve must return, as the number of the instance, or `nil`.
private final class Model {
    final class Entry {
        var scope: String
        var stored: Int?
        init(scope: String) { self.scope = scope }
    }
    struct Key: Hashable {
        let type: String
        let name: String?
    }
    /// Index 0: the parent; 1: its child; 2: the parent's synchronized resolver (no registrations).
    var registrations: [[Key: Entry]] = [[:], [:], [:]]
    let parentOf = [0: nil, 1: 0, 2: 0] as [Int: Int?]
    var made = 0

    func resolve(from container: Int, _ key: Key) -> Int? {
        var current: Int? = container
        while let index = current {
            if let entry = registrations[index][key] {
                if entry.scope == "container" {
                    if entry.stored == nil {
                        made += 1
                        entry.stored = made
                    }
                    return entry.stored
                }
                made += 1
                return made
            }
            current = parentOf[index]!
        }
        return nil
    }

    func resetContainerScope(in container: Int) {
        var current: Int? = container
        while let index = current {
            for entry in registrations[index].values where entry.scope == "container" { entry.stored = nil }
            current = parentOf[index]!
        }
    }

    func resetContainerScope(in container: Int, type: String) {
        var current: Int? = container
        while let index = current {
            let matching = registrations[index].filter { $0.key.type == type }.map(\.value)
            if matching.isEmpty { return }
            for entry in matching where entry.scope == "container" { entry.stored = nil }
            current = parentOf[index]!
        }
    }

    func setScope(_ entry: Entry, _ scope: String) {
        entry.scope = scope
        entry.stored = nil
    }
}

/// Random runs of registering, resolving, resetting, removing, forwarding and changing scopes,
/// against `Model`: every `.container` instance a resolve returns, kept beside its registration
/// or read from its storage, is the one Swinject's rules say, and a change never leaves a stale
/// one behind.
@Suite("Scopes against a model of Swinject's rules")
struct ScopeModelTests {
    @Test("200 seeded runs of 300 steps each resolve what the model says", arguments: 0..<200)
    func randomRun(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) + 1)
        let model = Model()
        let parent = Container()
        let child = Container(parent: parent)
        let synchronized = parent.synchronize()
        let containers: [Container] = [parent, child]
        let resolvers: [any Resolver] = [parent, child, synchronized]
        var counter = 0
        // Every registration made, real and model side by side, for scope changes and forwarding.
        var entries: [(real: ServiceEntry<Alpha>, model: Model.Entry)] = []
        let scopes: [(name: String, scope: ObjectScope)] = [("container", .container), ("transient", .transient), ("graph", .graph)]
        let names: [String?] = [nil, "x"]
        var log: [String] = []

        for step in 0..<300 {
            let container = Int.random(in: 0..<2, using: &random)
            let name = names.randomElement(using: &random)!
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<18:
                let scope = scopes.randomElement(using: &random)!
                if Bool.random(using: &random) {
                    let entry = containers[container].register(Alpha.self, name: name) { _ in
                        counter += 1
                        return Alpha(counter)
                    }.inObjectScope(scope.scope)
                    let modelEntry = Model.Entry(scope: scope.name)
                    model.registrations[container][Model.Key(type: "Alpha", name: name)] = modelEntry
                    entries.append((entry, modelEntry))
                } else {
                    containers[container].register(Beta.self, name: name) { _ in
                        counter += 1
                        return Beta(counter)
                    }.inObjectScope(scope.scope)
                    model.registrations[container][Model.Key(type: "Beta", name: name)] = Model.Entry(scope: scope.name)
                }
                log.append("\(step): register in \(container) \(name ?? "-") \(scope.name)")
            case 18..<70:
                let from = Int.random(in: 0..<3, using: &random)
                let type = ["Alpha", "Beta", "Numbered"].randomElement(using: &random)!
                let expected = model.resolve(from: from, Model.Key(type: type, name: name))
                let resolved: Int? =
                    switch type {
                    case "Alpha": resolvers[from].resolve(Alpha.self, name: name)?.number
                    case "Beta": resolvers[from].resolve(Beta.self, name: name)?.number
                    default: resolvers[from].resolve((any Numbered).self, name: name)?.number
                    }
                log.append("\(step): resolve \(type) \(name ?? "-") from \(from): \(resolved.map(String.init) ?? "nil")")
                if resolved != expected {
                    Issue.record("seed \(seed): expected \(expected.map(String.init) ?? "nil")\n\(log.suffix(25).joined(separator: "\n"))")
                    return
                }
            case 70..<78:
                containers[container].resetObjectScope(.container)
                model.resetContainerScope(in: container)
                log.append("\(step): reset in \(container)")
            case 78..<84:
                let type = Bool.random(using: &random) ? "Alpha" : "Beta"
                containers[container].resetObjectScope(.container, serviceType: type == "Alpha" ? Alpha.self : Beta.self)
                model.resetContainerScope(in: container, type: type)
                log.append("\(step): reset \(type) in \(container)")
            case 84..<87:
                containers[container].removeAll()
                model.registrations[container] = [:]
                log.append("\(step): removeAll in \(container)")
            case 87..<94:
                guard let picked = entries.randomElement(using: &random) else { continue }
                let scope = scopes.randomElement(using: &random)!
                picked.real.inObjectScope(scope.scope)
                model.setScope(picked.model, scope.name)
                log.append("\(step): inObjectScope \(scope.name)")
            default:
                guard let picked = entries.randomElement(using: &random) else { continue }
                containers[container].forward((any Numbered).self, name: name, to: picked.real)
                model.registrations[container][Model.Key(type: "Numbered", name: name)] = picked.model
                log.append("\(step): forward Numbered \(name ?? "-") in \(container)")
            }
        }
    }
}
