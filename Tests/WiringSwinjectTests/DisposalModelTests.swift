import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// An instance that knows whether its registration was in a scope whose container disposes it
/// (`.container`) when its factory ran, and counts its disposals.
private final class Tracked: Disposable, @unchecked Sendable {
    // @unchecked: `disposals` is atomic; the rest is `let`.
    let number: Int
    let owned: Bool
    let disposals = AtomicCell<Int>(0)

    init(number: Int, owned: Bool) {
        self.number = number
        self.owned = owned
    }

    func dispose() throws { disposals.add(1, ordering: .relaxed) }
}

/// Random runs of registering, resolving, resetting, changing scopes, replacing, removing,
/// forwarding and shutting down a parent and its child: no resolve hands out an instance already
/// disposed, and once both are shut down and every registration is gone, each instance its
/// container owned was disposed exactly once, and no other ever.
@Suite("Disposal against its rules")
struct DisposalModelTests {
    @Test("200 seeded runs of 200 steps each dispose what they must, once", arguments: 0..<200)
    func randomRun(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed) + 1000)
        var made: [Tracked] = []
        var log: [String] = []
        var entries: [ServiceEntry<Tracked>] = []
        do {
            let parent = Container()
            let child = Container(parent: parent)
            let containers = [parent, child]
            let scopes: [(name: String, scope: ObjectScope)] = [("container", .container), ("transient", .transient), ("graph", .graph)]
            let names: [String?] = [nil, "x", "y"]
            for step in 0..<200 {
                let container = containers.randomElement(using: &random)!
                let name = names.randomElement(using: &random)!
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<20:
                    let scope = scopes.randomElement(using: &random)!
                    let holder = EntryHolder()
                    let entry = container.register(Tracked.self, name: name) { _ in
                        let instance = Tracked(number: made.count, owned: holder.entry?.objectScope === ObjectScope.container)
                        made.append(instance)
                        return instance
                    }.inObjectScope(scope.scope)
                    holder.entry = entry
                    if Bool.random(using: &random) { entries.append(entry) }
                    log.append("\(step): register \(name ?? "-") \(scope.name)")
                case 20..<70:
                    let instance = containers.randomElement(using: &random)!.resolve(Tracked.self, name: name)
                    log.append("\(step): resolve \(name ?? "-") → \(instance.map { "\($0.number)" } ?? "nil")")
                    if let instance, instance.disposals.load(ordering: .relaxed) > 0 {
                        Issue.record("seed \(seed): a resolve handed out a disposed instance\n\(log.suffix(20).joined(separator: "\n"))")
                        return
                    }
                case 70..<78:
                    container.resetObjectScope(.container)
                    log.append("\(step): reset")
                case 78..<84:
                    guard let entry = entries.randomElement(using: &random) else { continue }
                    let scope = scopes.randomElement(using: &random)!
                    entry.inObjectScope(scope.scope)
                    log.append("\(step): inObjectScope \(scope.name)")
                case 84..<88:
                    container.removeAll()
                    log.append("\(step): removeAll")
                case 88..<94:
                    guard let entry = entries.randomElement(using: &random) else { continue }
                    container.forward(Tracked.self, name: name, to: entry)
                    log.append("\(step): forward \(name ?? "-")")
                case 94..<97:
                    // Entries the test held are let go: those no container holds go with their instances.
                    entries.removeAll()
                    log.append("\(step): let entries go")
                default:
                    try container.syncShutdown()
                    log.append("\(step): shutdown")
                }
            }
            try await parent.shutdown()
            try await child.shutdown()
        }
        entries.removeAll()
        for instance in made {
            let expected = instance.owned ? 1 : 0
            let disposals = instance.disposals.load(ordering: .relaxed)
            if disposals != expected {
                let recent = log.suffix(30).joined(separator: "\n")
                let what = "instance \(instance.number) (owned: \(instance.owned))"
                Issue.record("seed \(seed): \(what) was disposed \(disposals) times\n\(recent)")
                return
            }
        }
    }
}

/// Lets a factory read its own registration's scope.
private final class EntryHolder: @unchecked Sendable {
    // @unchecked: set once right after registering, read by the factory on the test's thread.
    weak var entry: ServiceEntry<Tracked>?
}
