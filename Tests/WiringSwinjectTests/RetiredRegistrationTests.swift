import Dispatch
import Foundation
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// Knows whether it was disposed, and how many times.
final class Handle: Disposable, Sendable {
    let name: String
    private let disposals = AtomicCell<Int>(0)
    init(_ name: String) { self.name = name }
    func dispose() throws { disposals.add(1, ordering: .relaxed) }
    var timesDisposed: Int { disposals.load(ordering: .relaxed) }
}

/// A registration replaced or removed while a build of it is in flight: the resolve that built
/// the instance hands it out usable, as Swinject does, and the container disposes it at its
/// shutdown, once.
@Suite("Registrations retired while they build")
struct RetiredRegistrationTests {
    @Test("a .container factory that registers its own key again returns an instance not yet disposed")
    func factoryReregistersItsKey() throws {
        let container = Container()
        container.register(Handle.self) { r in
            (r as! Container).register(Handle.self) { _ in Handle("second") }.inObjectScope(.container)
            return Handle("first")
        }.inObjectScope(.container)
        let first = try #require(container.resolve(Handle.self))
        #expect(first.name == "first")
        #expect(first.timesDisposed == 0, "handed out already disposed")
        let second = try #require(container.resolve(Handle.self))
        #expect(second.name == "second")
        try container.syncShutdown()
        #expect(first.timesDisposed == 1)
        #expect(second.timesDisposed == 1)
    }

    @Test("a .container factory that removes every registration returns an instance not yet disposed")
    func factoryRemovesAll() throws {
        let container = Container()
        container.register(Handle.self) { r in
            (r as! Container).removeAll()
            return Handle("only")
        }.inObjectScope(.container)
        let handle = try #require(container.resolve(Handle.self))
        #expect(handle.timesDisposed == 0, "handed out already disposed")
        #expect(container.resolve(Handle.self) == nil)
        try container.syncShutdown()
        #expect(handle.timesDisposed == 1)
    }

    @Test("removeAll on another thread while the factory runs: the instance is handed out usable", .timeLimit(.minutes(1)))
    func removeAllFromAnotherThread() throws {
        let container = Container()
        let building = Latch()
        let removed = Latch()
        container.register(Handle.self) { _ in
            building.open()
            removed.wait()
            return Handle("built")
        }.inObjectScope(.container)
        let other = Thread {
            building.wait()
            container.removeAll()
            removed.open()
        }
        other.start()
        let handle = try #require(container.resolve(Handle.self))
        #expect(handle.timesDisposed == 0, "handed out already disposed")
        try container.syncShutdown()
        #expect(handle.timesDisposed == 1)
    }

    @Test("registerAsync replacing a registration whose first build awaits: the build hands out a usable instance", .timeLimit(.minutes(1)))
    func asyncReplacementDuringBuild() async throws {
        let container = Container()
        let building = Latch()
        let replaced = Latch()
        container.registerAsync(Handle.self) { _ in
            building.open()
            while !replaced.isOpen { try await Task.sleep(for: .milliseconds(1)) }
            return Handle("old")
        }.inObjectScope(.container)
        let resolve = Task { await container.resolveAsync(Handle.self) }
        while !building.isOpen { try await Task.sleep(for: .milliseconds(1)) }
        container.registerAsync(Handle.self) { _ in Handle("new") }.inObjectScope(.container)
        replaced.open()
        let old = try #require(await resolve.value)
        #expect(old.name == "old")
        #expect(old.timesDisposed == 0, "handed out already disposed")
        let new = try #require(await container.resolveAsync(Handle.self))
        #expect(new.name == "new")
        try await container.shutdown()
        #expect(old.timesDisposed == 1)
        #expect(new.timesDisposed == 1)
    }

    @Test("an instance of a replaced registration that nothing resolves any more is still disposed as soon as it goes")
    func replacedAndIdleIsDisposedAtOnce() throws {
        let container = Container()
        container.register(Handle.self) { _ in Handle("first") }.inObjectScope(.container)
        let first = try #require(container.resolve(Handle.self))
        container.register(Handle.self) { _ in Handle("second") }.inObjectScope(.container)
        #expect(first.timesDisposed == 1)
        try container.syncShutdown()
        #expect(first.timesDisposed == 1)
    }

    @Test("a retired build's instance is disposed newest first, before what it was built from")
    func retiredInstanceKeepsItsPlaceInTheOrder() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Connection.self) { _ in Connection("database", log: log) }.inObjectScope(.container)
        container.register(Session.self) { r in
            _ = r.resolve(Connection.self)
            (r as! Container).register(Session.self) { _ in Session("unused") }
            return Session("retired")
        }
        .inObjectScope(.container)
        .onDispose { session in log.record(session.name) }
        #expect(container.resolve(Session.self)?.name == "retired")
        try container.syncShutdown()
        #expect(log.all == ["retired", "database"])
    }
}
