import Testing
import WiringSwinject

/// A `.graph` service that async factories resolve synchronously.
final class Unit: Sendable {}

final class UnitPair: Sendable {
    let first: Unit
    let second: Unit
    init(_ first: Unit, _ second: Unit) {
        self.first = first
        self.second = second
    }
}

/// A unit held weakly.
struct WeakUnit {
    weak var unit: Unit?
}

/// Two services that refer to each other: `Egg` is built asynchronously and takes its `Hen` in
/// `initCompleted`; the `Hen`'s factory resolves the `Egg` back.
final class Egg: @unchecked Sendable {
    // @unchecked: `hen` is set once, by `initCompleted`, before the egg is handed out.
    var hen: Hen?
}

final class Hen: @unchecked Sendable {
    // @unchecked: `egg` is set once, in `init`, before the hen is shared.
    weak var egg: Egg?
    init(egg: Egg?) { self.egg = egg }
}

/// Within one top-level `resolveAsync`, every resolve shares the `.graph` instances, whether the
/// factory that asks is synchronous or async, as Swinject's graph promises for one `resolve`.
@Suite("The object graph of an async resolve")
struct AsyncGraphTests {
    @Test("an async factory's synchronous resolves share one .graph instance, across an await too")
    func syncResolvesShareTheGraph() async throws {
        let container = Container()
        container.register(Unit.self) { _ in Unit() }
        container.registerAsync(UnitPair.self) { r in
            let first = r.resolve(Unit.self)!
            await Task.yield()
            return UnitPair(first, r.resolve(Unit.self)!)
        }
        let one = try #require(await container.resolveAsync(UnitPair.self))
        let two = try #require(await container.resolveAsync(UnitPair.self))
        #expect(one.first === one.second, "one top-level resolveAsync is one graph")
        #expect(one.first !== two.first, "each top-level resolveAsync is a graph of its own")
    }

    @Test("nested async factories and their synchronous resolves share the top-level graph")
    func nestedAsyncFactoriesShareTheGraph() async throws {
        let container = Container()
        container.register(Unit.self) { _ in Unit() }
        container.registerAsync(UnitPair.self) { r in UnitPair(r.resolve(Unit.self)!, r.resolve(Unit.self)!) }
        container.registerAsync(Front.self) { r in
            let pair = await r.resolveAsync(UnitPair.self)!
            #expect(r.resolve(Unit.self) === pair.first)
            return Front(Remote(1), Remote(2))
        }
        #expect(await container.resolveAsync(Front.self) != nil)
    }

    @Test("an async .graph instance is found by the synchronous resolves its initCompleted makes")
    func initCompletedClosesTheCircle() async throws {
        // Not asked for the log: a capture turns logging on for every test running beside it.
        let container = Container()
        container.registerAsync(Egg.self) { _ in Egg() }
            .initCompleted { r, egg in egg.hen = r.resolve(Hen.self) }
        container.register(Hen.self) { r in Hen(egg: r.resolve(Egg.self)) }
        let egg = await container.resolveAsync(Egg.self)
        #expect(egg != nil)
        #expect(egg?.hen != nil)
        #expect(egg?.hen?.egg === egg, "the hen's egg is the egg being completed")
    }

    @Test("resolving GraphIdentifier in an async factory gives the graph its resolves share")
    func graphIdentifierInAsyncFactory() async throws {
        let container = Container()
        container.register(Unit.self) { _ in Unit() }
        let seen = Locked<(GraphIdentifier?, Unit?)>((nil, nil))
        container.registerAsync(UnitPair.self) { r in
            let unit = r.resolve(Unit.self)!
            seen.withLock { $0 = (r.resolve(GraphIdentifier.self), unit) }
            return UnitPair(unit, unit)
        }
        let pair = try #require(await container.resolveAsync(UnitPair.self))
        let (graph, unit) = seen.withLock { $0 }
        let identifier = try #require(graph)
        // Rejoined while the instance lives, the graph finds it.
        container.withObjectGraph(identifier) { rejoined in
            #expect(rejoined.resolve(Unit.self) === unit)
        }
        withExtendedLifetime(pair) {}
    }

    @Test("the graph lets its instances go when its top-level resolveAsync returns, and after it ended")
    func graphEnds() async throws {
        let container = Container()
        container.register(Unit.self) { _ in Unit() }
        let built = Locked(WeakUnit())
        let late = Locked<Task<Bool, Never>?>(nil)
        container.registerAsync(Remote.self) { r in
            // A task that outlives the resolve, and resolves in the graph after it ended.
            let task = Task {
                try? await Task.sleep(for: .milliseconds(20))
                weak let lateUnit = r.resolve(Unit.self)
                return lateUnit == nil
            }
            late.withLock { $0 = task }
            return Remote(0)
        }
        container.registerAsync(UnitPair.self) { r in
            let unit = r.resolve(Unit.self)!
            built.withLock { $0.unit = unit }
            return UnitPair(unit, unit)
        }
        _ = await container.resolveAsync(UnitPair.self)
        #expect(built.withLock { $0.unit } == nil, "released with the graph")
        _ = await container.resolveAsync(Remote.self)
        let lateReleased = try #require(late.withLock { $0 })
        #expect(await lateReleased.value, "a resolve after the graph ended keeps nothing")
    }
}
