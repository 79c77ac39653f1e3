import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// Counts the instances the run's factories make, and how many times each was disposed.
private final class Ledger: Sendable {
    private let made = AtomicCell<Int>(0)
    private let disposals = Locked<[Int: Int]>([:])

    /// The number of the next instance a factory makes.
    func next() -> Int { made.add(1, ordering: .relaxed).newValue }
    var count: Int { made.load(ordering: .relaxed) }
    func disposed(_ number: Int) { disposals.withLock { $0[number, default: 0] += 1 } }
    func timesDisposed(_ number: Int) -> Int { disposals.withLock { $0[number] ?? 0 } }
}

/// What the run resolves: numbered in the order factories ran, and disposable, so that the run
/// sees every disposal.
private protocol Piece: AnyObject, Disposable, Sendable {
    init(_ number: Int, _ ledger: Ledger)
    var number: Int { get }
}

/// A piece of one kind: `Ore` and `Gem` are two services, registered and resolved apart.
private final class Stone<Kind>: Piece {
    let number: Int
    let ledger: Ledger
    init(_ number: Int, _ ledger: Ledger) {
        self.number = number
        self.ledger = ledger
    }
    func dispose() { ledger.disposed(number) }
}

private enum OreKind {}
private enum GemKind {}
private typealias Ore = Stone<OreKind>
private typealias Gem = Stone<GemKind>

/// What an async factory got from two synchronous resolves of the unnamed `Gem`, in one graph.
private final class TwoGems: Sendable {
    let first: Int?
    let second: Int?
    init(_ first: Int?, _ second: Int?) {
        self.first = first
        self.second = second
    }
}

/// Set once, taken once: whether a registration's factory still has to replace its registration.
private final class Once: Sendable {
    private let pending: AtomicCell<Bool>
    init(_ pending: Bool) { self.pending = AtomicCell(pending) }
    func take() -> Bool { pending.exchange(false, ordering: .relaxed) }
}

/// Swinject's scopes with the facade's async factories and disposal, written plainly: what each
/// resolve returns, as the number of the instance or `nil`, and which instances are disposed.
private final class AsyncModel {
    final class Entry {
        var scope: String
        let isAsync: Bool
        /// Its factory registers the same key again, in the same scope, the first time it runs.
        var replacesOnBuild: Bool
        /// The `.container` instance, or the `.weak` one last built.
        var stored: Int?
        init(scope: String, isAsync: Bool, replacesOnBuild: Bool) {
            self.scope = scope
            self.isAsync = isAsync
            self.replacesOnBuild = replacesOnBuild
        }
    }
    struct Key: Hashable {
        let type: String
        let name: String?
    }
    /// Index 0: the parent; 1: its child. Resolver 2, the parent's synchronized resolver, has none.
    var registrations: [[Key: Entry]] = [[:], [:]]
    var made = 0
    /// Numbers of the instances the run holds: a `.weak` instance lives while held.
    var held: Set<Int> = []
    /// Numbers of the instances built in the `.container` scope: each is disposed once by the end.
    var disposable: Set<Int> = []

    /// The instances of one object graph, by registration.
    typealias Graph = [ObjectIdentifier: Int]

    func lookup(from resolver: Int, _ key: Key) -> (index: Int, entry: Entry)? {
        if resolver == 1, let entry = registrations[1][key] { return (1, entry) }
        return registrations[0][key].map { (0, $0) }
    }

    /// What a resolve from `resolver` returns, in `graph`; `async` for a `resolveAsync`.
    func resolve(from resolver: Int, _ key: Key, async: Bool, graph: inout Graph) -> Int? {
        guard let (index, entry) = lookup(from: resolver, key) else { return nil }
        let id = ObjectIdentifier(entry)
        if entry.isAsync, !async {
            // A synchronous resolve builds no async registration: it finds what one built.
            switch entry.scope {
            case "container": return entry.stored
            case "weak": return alive(entry, in: graph)
            case "graph": return graph[id]
            default: return nil
            }
        }
        switch entry.scope {
        case "container":
            if let stored = entry.stored { return stored }
            let number = build(entry, at: index, key)
            entry.stored = number
            disposable.insert(number)
            return number
        case "weak":
            if let alive = alive(entry, in: graph) { return alive }
            let number = build(entry, at: index, key)
            entry.stored = number
            graph[id] = number
            return number
        case "graph":
            if let number = graph[id] { return number }
            let number = build(entry, at: index, key)
            graph[id] = number
            return number
        default:
            return build(entry, at: index, key)
        }
    }

    /// A `.weak` instance lives while the run holds it, or while the graph that built it runs.
    private func alive(_ entry: Entry, in graph: Graph) -> Int? {
        guard let number = entry.stored, held.contains(number) || graph.values.contains(number) else { return nil }
        return number
    }

    private func build(_ entry: Entry, at index: Int, _ key: Key) -> Int {
        made += 1
        if entry.replacesOnBuild {
            entry.replacesOnBuild = false
            registrations[index][key] = Entry(scope: entry.scope, isAsync: entry.isAsync, replacesOnBuild: false)
        }
        return made
    }

    func reset(_ scope: String, in container: Int) {
        for index in (container == 1 ? [1, 0] : [0]) {
            for entry in registrations[index].values where entry.scope == scope { entry.stored = nil }
        }
    }
}

/// Random runs against `AsyncModel` of what a Swinject app does beside plain resolves: async
/// factories in every scope, `.weak` instances held and dropped and resolved by several threads
/// at once, registrations that their own factory replaces while it builds, and async factories
/// that resolve synchronously in their graph. Every resolve returns what the model says, never
/// an instance already disposed, and at shutdown every `.container` instance is disposed once and
/// no other instance ever.
@Suite("Async factories, .weak and replacement against a model")
struct AsyncScopeModelTests {
    private static let scopes: [(name: String, scope: ObjectScope)] = [
        ("container", .container), ("transient", .transient), ("graph", .graph), ("weak", .weak),
    ]

    /// Registers a `T` whose factory numbers its instance; returns what changes its scope while the
    /// registration lives (held weakly, as an app holds none: a replaced or removed one goes).
    private static func register<T: Piece>(
        _ type: T.Type, in container: Container, name: String?, scope: ObjectScope, isAsync: Bool, replaces: Bool, ledger: Ledger
    ) -> @Sendable (ObjectScope) -> Void {
        let once = Once(replaces)
        if isAsync {
            let entry = container.registerAsync(type, name: name) { [weak container] _ in
                let number = ledger.next()
                if once.take(), let container {
                    _ = register(type, in: container, name: name, scope: scope, isAsync: true, replaces: false, ledger: ledger)
                }
                await Task.yield()
                return T(number, ledger)
            }.inObjectScope(scope)
            return { [weak entry] in entry?.inObjectScope($0) }
        }
        let entry = container.register(type, name: name) { [weak container] _ in
            let number = ledger.next()
            if once.take(), let container {
                _ = register(type, in: container, name: name, scope: scope, isAsync: false, replaces: false, ledger: ledger)
            }
            return T(number, ledger)
        }.inObjectScope(scope)
        return { [weak entry] in entry?.inObjectScope($0) }
    }

    @Test("100 seeded runs of 200 steps each resolve and dispose what the model says", .timeLimit(.minutes(2)), arguments: 0..<100)
    func randomRun(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed) + 7_919)
        let ledger = Ledger()
        let model = AsyncModel()
        let parent = Container()
        let child = Container(parent: parent)
        let synchronized = parent.synchronize() as! Container
        let containers = [parent, child]
        let resolvers = [parent, child, synchronized]
        func registerTwoGems() {
            parent.registerAsync(TwoGems.self) { r in TwoGems(r.resolve(Gem.self)?.number, r.resolve(Gem.self)?.number) }
                .inObjectScope(.transient)
        }
        registerTwoGems()
        var scopeSetters: [(set: @Sendable (ObjectScope) -> Void, model: AsyncModel.Entry)] = []
        var heldObjects: [Int: AnyObject] = [:]
        var log: [String] = []

        func fail(_ what: String) {
            Issue.record("seed \(seed): \(what)\n\(log.suffix(30).joined(separator: "\n"))")
        }
        func check(_ resolved: (any Piece)?, expected: Int?, _ what: String) -> Bool {
            log.append("\(what): \(resolved.map { "\($0.number)" } ?? "nil")")
            guard resolved?.number == expected else {
                fail("expected \(expected.map(String.init) ?? "nil")")
                return false
            }
            if let resolved, ledger.timesDisposed(resolved.number) > 0 {
                fail("\(resolved.number) was handed out already disposed")
                return false
            }
            if let resolved, Int.random(in: 0..<3, using: &random) == 0 {
                heldObjects[resolved.number] = resolved
                model.held.insert(resolved.number)
            }
            return true
        }

        for step in 0..<200 {
            let container = Int.random(in: 0..<2, using: &random)
            let name: String? = Bool.random(using: &random) ? nil : "x"
            let isGem = Bool.random(using: &random)
            let key = AsyncModel.Key(type: isGem ? "Gem" : "Ore", name: name)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<16:
                let scope = Self.scopes.randomElement(using: &random)!
                let isAsync = Bool.random(using: &random)
                let replaces = Int.random(in: 0..<5, using: &random) == 0
                let set =
                    isGem
                    ? Self.register(
                        Gem.self, in: containers[container], name: name, scope: scope.scope, isAsync: isAsync, replaces: replaces,
                        ledger: ledger)
                    : Self.register(
                        Ore.self, in: containers[container], name: name, scope: scope.scope, isAsync: isAsync, replaces: replaces,
                        ledger: ledger)
                let entry = AsyncModel.Entry(scope: scope.name, isAsync: isAsync, replacesOnBuild: replaces)
                model.registrations[container][key] = entry
                scopeSetters.append((set, entry))
                let traits = [scope.name] + (isAsync ? ["async"] : []) + (replaces ? ["replaces itself"] : [])
                log.append("\(step): register \(key.type) \(name ?? "-") in \(container), \(traits.joined(separator: ", "))")
            case 16..<46:
                let from = Int.random(in: 0..<3, using: &random)
                var graph = AsyncModel.Graph()
                let expected = model.resolve(from: from, key, async: false, graph: &graph)
                let resolved: (any Piece)? =
                    isGem ? resolvers[from].resolve(Gem.self, name: name) : resolvers[from].resolve(Ore.self, name: name)
                guard check(resolved, expected: expected, "\(step): resolve \(key.type) \(name ?? "-") from \(from)") else { return }
            case 46..<66:
                let from = Int.random(in: 0..<2, using: &random)
                var graph = AsyncModel.Graph()
                let expected = model.resolve(from: from, key, async: true, graph: &graph)
                let resolved: (any Piece)? =
                    isGem
                    ? await resolvers[from].resolveAsync(Gem.self, name: name) : await resolvers[from].resolveAsync(Ore.self, name: name)
                guard check(resolved, expected: expected, "\(step): resolveAsync \(key.type) \(name ?? "-") from \(from)") else { return }
            case 66..<72:
                let from = Int.random(in: 0..<2, using: &random)
                var graph = AsyncModel.Graph()
                let gem = AsyncModel.Key(type: "Gem", name: nil)
                let first = model.resolve(from: from, gem, async: false, graph: &graph)
                let second = model.resolve(from: from, gem, async: false, graph: &graph)
                let two = await resolvers[from].resolveAsync(TwoGems.self)
                log.append("\(step): two gems from \(from): \(two.map { "\($0.first ?? -1), \($0.second ?? -1)" } ?? "nil")")
                guard two?.first == first, two?.second == second else {
                    fail("expected \(first ?? -1), \(second ?? -1)")
                    return
                }
            case 72..<78:
                // Threads at once: a `.weak` instance the run holds is the one they all get; one
                // it does not hold may come and go between their reads, and each gets one.
                let from = Int.random(in: 0..<2, using: &random)
                guard let (index, entry) = model.lookup(from: from, key), entry.scope == "weak", !entry.isAsync else { continue }
                let heldNumber = entry.stored.flatMap { model.held.contains($0) ? $0 : nil }
                let got = Locked<[Int?]>([])
                let targets = [resolvers[from], from == 0 ? synchronized : child]
                onThreads(4) { thread in
                    for _ in 0..<200 {
                        let resolver = targets[thread % 2]
                        let number = isGem ? resolver.resolve(Gem.self, name: name)?.number : resolver.resolve(Ore.self, name: name)?.number
                        got.withLock { $0.append(number) }
                    }
                }
                let numbers = got.withLock { $0 }
                log.append("\(step): 4 threads resolve \(key.type) \(name ?? "-") from \(from), \(Set(numbers).count) instances")
                if let heldNumber, numbers.contains(where: { $0 != heldNumber }) {
                    fail("threads got \(Set(numbers)) where \(heldNumber) is held")
                    return
                }
                if numbers.contains(nil) {
                    fail("a thread got nil")
                    return
                }
                model.made = ledger.count
                if heldNumber == nil, entry.replacesOnBuild {
                    // The first build, on one of the threads, replaced the registration.
                    entry.replacesOnBuild = false
                    model.registrations[index][key] = AsyncModel.Entry(scope: "weak", isAsync: false, replacesOnBuild: false)
                }
            case 78..<86:
                if Bool.random(using: &random) {
                    heldObjects = [:]
                    model.held = []
                    log.append("\(step): drop every held instance")
                } else if let number = heldObjects.keys.randomElement(using: &random) {
                    heldObjects[number] = nil
                    model.held.remove(number)
                    log.append("\(step): drop \(number)")
                }
            case 86..<91:
                let scope = Bool.random(using: &random) ? "container" : "weak"
                containers[container].resetObjectScope(scope == "container" ? .container : .weak)
                model.reset(scope, in: container)
                log.append("\(step): reset \(scope) in \(container)")
            case 91..<94:
                containers[container].removeAll()
                if container == 0 { registerTwoGems() }
                model.registrations[container] = [:]
                log.append("\(step): removeAll in \(container)")
            default:
                guard let picked = scopeSetters.randomElement(using: &random), !picked.model.replacesOnBuild else { continue }
                let scope = Self.scopes.randomElement(using: &random)!
                picked.set(scope.scope)
                picked.model.scope = scope.name
                picked.model.stored = nil
                log.append("\(step): inObjectScope \(scope.name)")
            }
        }
        try await parent.shutdown()
        for number in 1...max(1, ledger.count) where ledger.count > 0 {
            let expected = model.disposable.contains(number) ? 1 : 0
            if ledger.timesDisposed(number) != expected {
                fail("instance \(number) disposed \(ledger.timesDisposed(number)) times, expected \(expected)")
                return
            }
        }
        withExtendedLifetime(heldObjects) {}
    }
}
