import Foundation
import Testing
import Wiring

/// Main-actor state, as an app declares it.
@MainActor
final class Store: Sendable {
    var value = 0
    let label: String
    init(label: String = "store") { self.label = label }
}

/// A main-actor service with an auto-wired initializer.
@MainActor
final class StoreReader: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}

/// Every declaration's main-actor form, each building a `Store` under its own tag.
struct MainActorDeclarationsModule: Module {
    let builds: Counter

    var registrations: Registrations {
        transient(tag: "transient") { @MainActor r in
            builds.increment()
            return Store(label: "transient")
        }
        transient(tag: "transient, no resolver") { @MainActor in Store(label: "transient") }
        transient(Store.self, tag: "arguments") { @MainActor (_: Resolver, label: String) in Store(label: label) }
        singleton(tag: "singleton") { @MainActor in
            builds.increment()
            return Store(label: "singleton")
        }
        eagerSingleton(tag: "eager") { @MainActor _ in Store(label: "eager") }
        weakSingleton(tag: "weak") { @MainActor in Store(label: "weak") }
        graph(tag: "graph") { @MainActor _ in Store(label: "graph") }
        scoped(tag: "scoped") { @MainActor in Store(label: "scoped") }
        contribution(to: [Store].self) { @MainActor _ in Store(label: "element") }
        singleton { @MainActor in Store() }
        autowire(lifetime: .singleton, StoreReader.init(store:))
            .onResolved(mainActor: { _, reader in reader.store.value += 1 })
    }
}

@Suite("Main-actor declarations in modules")
struct MainActorModuleTests {
    @Test("each declaration's main-actor form builds in place on the main actor")
    @MainActor
    func everyFormBuildsOnTheMainActor() throws {
        let builds = Counter()
        let container = Container()
        try container.install(MainActorDeclarationsModule(builds: builds))
        try container.start()
        let scope = container.makeScope()
        let labels = [
            "transient": "transient", "transient, no resolver": "transient", "singleton": "singleton",
            "eager": "eager", "weak": "weak", "graph": "graph",
        ]
        for (tag, label) in labels {
            #expect(try container.resolve(Store.self, tag: tag).label == label)
        }
        #expect(try scope.resolve(Store.self, tag: "scoped").label == "scoped")
        #expect(try container.resolve(Store.self, tag: "arguments", arguments: "given").label == "given")
        #expect(try container.resolve([Store].self).map(\.label) == ["element"])
        let reader = try container.resolve(StoreReader.self)
        #expect(reader.store === (try container.resolve(Store.self)))
        #expect(reader.store.value == 1)
        #expect(builds.count == 2)
        try scope.syncClose()
    }

    @Test("off the main actor, a synchronous resolve throws isolationMismatch and resolveAsync hops")
    func offTheMainActor() async throws {
        let builds = Counter()
        let container = Container()
        try container.install(MainActorDeclarationsModule(builds: builds))
        let error = await Task.detached {
            #expect(throws: WiringError.self) { try container.resolve(StoreReader.self) }
        }.value
        #expect(error?.code == .isolationMismatch)
        let reader = try await Task.detached { try await container.resolveAsync(StoreReader.self) }.value
        let label = await MainActor.run { reader.store.label }
        #expect(label == "store")
        _ = try await Task.detached { try await container.resolveAsync(Store.self, tag: "singleton") }.value
        #expect(builds.count == 1)
    }

    @Test("startAsync builds a main-actor eager singleton on the main actor; start off it throws isolationMismatch")
    func eagerSingletons() async throws {
        let builds = Counter()
        let container = Container()
        try container.install(
            Registrations {
                $0.eagerSingleton { @MainActor in
                    builds.increment()
                    return Store(label: "eager")
                }
            })
        let error = await Task.detached {
            #expect(throws: WiringError.self) { try container.start() }
        }.value
        #expect(error?.code == .isolationMismatch)
        try await Task.detached { try await container.startAsync() }.value
        #expect(builds.count == 1)
        // Built: a synchronous read from another thread is a cached read.
        _ = try await Task.detached { try container.resolve(Store.self) }.value
        #expect(builds.count == 1)
    }

    @Test("a closure without @MainActor keeps the nonisolated form, which builds on any thread")
    func unmarkedClosuresStayNonisolated() async throws {
        let container = Container()
        try container.install(Registrations { $0.singleton { Counter() } })
        let built = try await Task.detached { try container.resolve(Counter.self) }.value
        #expect(built === (try container.resolve(Counter.self)))
    }

    @Test("a main-actor singleton resolved at once on the main actor and by tasks elsewhere is built once")
    func concurrentFirstResolve() async throws {
        for _ in 0..<20 {
            let builds = Counter()
            let container = Container()
            container.register(
                Store.self, lifetime: .singleton,
                mainActor: { _ in
                    builds.increment()
                    usleep(2_000)
                    return Store()
                })
            async let elsewhere = withThrowingTaskGroup(of: Store.self) { group in
                for _ in 0..<8 { group.addTask { try await container.resolveAsync(Store.self) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let onMain = try await MainActor.run { try container.resolve(Store.self) }
            let stores = try await elsewhere + [onMain]
            #expect(builds.count == 1)
            #expect(stores.allSatisfy { $0 === onMain })
        }
    }

    @Test("a main-actor scoped instance whose scope is closed from a background task is disposed once")
    func scopeClosedInTheBackground() async throws {
        let disposed = Counter()
        let container = Container()
        try container.install(
            Registrations {
                $0.scoped(in: "screen") { @MainActor in Store() }
                    .onDispose { _ in disposed.increment() }
            })
        let scope = container.makeScope("screen")
        let store = try await scope.resolveAsync(Store.self)
        try await Task.detached { try await scope.close() }.value
        #expect(disposed.count == 1)
        await #expect(throws: WiringError.self) { try await scope.resolveAsync(Store.self) }
        try await container.shutdown()
        #expect(disposed.count == 1)
        withExtendedLifetime(store) {}
    }
}
