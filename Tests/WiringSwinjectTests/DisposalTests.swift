import Dispatch
import Foundation
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// What the teardowns of one test did, in order.
final class TeardownLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    func count(of entry: String) -> Int { all.count { $0 == entry } }
}

/// Disposes itself through Wiring's `Disposable`, which `WiringSwinject` names too.
final class Connection: Disposable, Sendable {
    let name: String
    let log: TeardownLog
    init(_ name: String, log: TeardownLog) {
        self.name = name
        self.log = log
    }
    func dispose() throws { log.record(name) }
}

/// Disposes itself asynchronously.
final class Pool: AsyncDisposable, Sendable {
    let log: TeardownLog
    init(log: TeardownLog) { self.log = log }
    func dispose() async throws {
        await Task.yield()
        log.record("pool")
    }
}

/// Has no `dispose()`: only a registration's `onDispose` disposes it.
final class Session: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

struct TeardownFailed: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) could not close" }
}

@Suite("Disposal at shutdown")
struct DisposalTests {
    @Test("shutdown disposes the .container instances, each once and newest first, and no others")
    func shutdownDisposesContainerInstances() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Connection.self, name: "database") { _ in Connection("database", log: log) }
            .inObjectScope(.container)
        container.register(Session.self) { r in
            _ = r.resolve(Connection.self, name: "database")!
            return Session("cache")
        }
        .inObjectScope(.container)
        .onDispose { session in log.record(session.name) }
        container.register(Connection.self, name: "per-graph") { _ in Connection("per-graph", log: log) }
        container.register(Connection.self, name: "transient") { _ in Connection("transient", log: log) }
            .inObjectScope(.transient)
        container.register(Connection.self, name: "weak") { _ in Connection("weak", log: log) }.inObjectScope(.weak)
        container.register(Pool.self) { _ in Pool(log: log) }.inObjectScope(.container)

        _ = container.resolve(Session.self)
        _ = container.resolve(Pool.self)
        for name in ["per-graph", "transient", "weak"] { _ = container.resolve(Connection.self, name: name) }
        #expect(log.all.isEmpty)

        try await container.shutdown()
        // The session was built after the database it used, and the pool after both.
        #expect(log.all == ["pool", "cache", "database"])
        try await container.shutdown()
        #expect(log.all == ["pool", "cache", "database"])
    }

    @Test("after shutdown every resolve of its registrations returns nil, those made later too")
    func resolvesAfterShutdownReturnNil() throws {
        let container = Container()
        container.register(Session.self) { _ in Session("a") }.inObjectScope(.container)
        container.register(Plain.self) { _ in Plain() }
        #expect(container.resolve(Session.self) != nil)
        try container.syncShutdown()
        #expect(container.resolve(Session.self) == nil)
        #expect(container.resolve(Plain.self) == nil)
        container.register(Counted.self) { _ in Counted() }
        #expect(container.resolve(Counted.self) == nil)
        // A child made afterwards reaches the parent's registrations only to find them shut down.
        let child = Container(parent: container)
        #expect(child.resolve(Session.self) == nil)
    }

    @Test("a reset or a new scope disposes the instance it drops, once: shutdown does not again")
    func resetDisposesAtOnce() throws {
        let log = TeardownLog()
        let container = Container()
        var made = 0
        container.register(Connection.self) { _ in
            made += 1
            return Connection("connection \(made)", log: log)
        }.inObjectScope(.container)
        let entry = container.register(Session.self) { _ in Session("session") }
            .inObjectScope(.container)
            .onDispose { session in log.record(session.name) }

        _ = container.resolve(Connection.self)
        container.resetObjectScope(.container)
        #expect(log.all == ["connection 1"])
        _ = container.resolve(Connection.self)
        container.resetObjectScope(.container, serviceType: Connection.self)
        #expect(log.all == ["connection 1", "connection 2"])

        _ = container.resolve(Session.self)
        entry.inObjectScope(.transient)
        #expect(log.all == ["connection 1", "connection 2", "session"])

        _ = container.resolve(Connection.self)
        try container.syncShutdown()
        #expect(log.all == ["connection 1", "connection 2", "session", "connection 3"])
    }

    @Test("a custom scope that keeps its instances in a PermanentStorage is disposed like .container")
    func customPermanentScope() throws {
        let log = TeardownLog()
        let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
        let container = Container()
        container.register(Connection.self) { _ in Connection("session connection", log: log) }.inObjectScope(session)
        _ = container.resolve(Connection.self)
        container.resetObjectScope(session)
        #expect(log.all == ["session connection"])
        _ = container.resolve(Connection.self)
        try container.syncShutdown()
        #expect(log.all == ["session connection", "session connection"])
    }

    @Test("a replaced or removed registration disposes its instance when it goes, or at shutdown if still held")
    func replacedRegistrations() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Connection.self) { _ in Connection("first", log: log) }.inObjectScope(.container)
        _ = container.resolve(Connection.self)
        container.register(Connection.self) { _ in Connection("second", log: log) }.inObjectScope(.container)
        // Nothing refers to the first registration any more: its instance went with it.
        #expect(log.all == ["first"])

        // One the caller holds, and forwarded elsewhere, still resolves there: disposed at shutdown.
        let held = container.register(Session.self) { _ in Session("held") }
            .inObjectScope(.container)
            .onDispose { session in log.record(session.name) }
        let other = Container()
        other.forward(Session.self, to: held)
        _ = container.resolve(Session.self)
        container.removeAll()
        #expect(other.resolve(Session.self)?.name == "held")
        #expect(log.all == ["first"])
        try container.syncShutdown()
        #expect(log.all == ["first", "held"])
        withExtendedLifetime(held) {}
    }

    @Test("a parent's shutdown shuts its live children down first")
    func childrenFirst() async throws {
        let log = TeardownLog()
        let parent = Container()
        parent.register(Connection.self) { _ in Connection("parent", log: log) }.inObjectScope(.container)
        let child = Container(parent: parent)
        child.register(Session.self) { _ in Session("child") }
            .inObjectScope(.container)
            .onDispose { session in log.record(session.name) }
        _ = child.resolve(Connection.self)
        _ = child.resolve(Session.self)
        try await parent.shutdown()
        #expect(log.all == ["child", "parent"])
        #expect(child.resolve(Session.self) == nil)
        // A child made from a parent that was shut down builds nothing of its own either.
        let late = Container(parent: parent)
        late.register(Session.self) { _ in Session("late") }.inObjectScope(.container)
        #expect(late.resolve(Session.self) == nil)
    }

    @Test("syncShutdown refuses what needs await, disposing nothing; shutdown then ends it")
    func syncShutdownRefusesAsyncTeardowns() async throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Pool.self) { _ in Pool(log: log) }.inObjectScope(.container)
        container.register(Session.self) { _ in Session("session") }
            .inObjectScope(.container)
            .onDispose { session in log.record(session.name) }
        _ = container.resolve(Pool.self)
        _ = container.resolve(Session.self)
        let error = #expect(throws: DisposalError.self) { try container.syncShutdown() }
        #expect(error?.code == .needsAwait)
        #expect(error?.asynchronousTeardowns == ["Pool"])
        #expect("\(error!)".contains("try await container.shutdown()"))
        #expect(log.all.isEmpty)
        #expect(container.resolve(Session.self) != nil)
        try await container.shutdown()
        #expect(log.all == ["session", "pool"])
    }

    @Test("every teardown runs even if others throw, and the failures come back together")
    func failuresTogether() async {
        let log = TeardownLog()
        let container = Container()
        for name in ["a", "b", "c"] {
            container.register(Session.self, name: name) { _ in Session(name) }
                .inObjectScope(.container)
                .onDispose { session in
                    log.record(session.name)
                    if session.name != "b" { throw TeardownFailed(name: session.name) }
                }
            _ = container.resolve(Session.self, name: name)
        }
        let error = await #expect(throws: DisposalError.self) { try await container.shutdown() }
        #expect(log.all == ["c", "b", "a"])
        #expect(error?.failures.map { "\($0.error)" } == ["c could not close", "a could not close"])
        #expect("\(error!)".contains("2 teardowns failed"))
    }

    @Test("concurrent shutdowns dispose each instance once, and all return after it is done")
    func concurrentShutdowns() throws {
        let log = TeardownLog()
        let container = Container()
        for index in 0..<20 {
            container.register(Connection.self, name: "\(index)") { _ in Connection("\(index)", log: log) }
                .inObjectScope(.container)
            _ = container.resolve(Connection.self, name: "\(index)")
        }
        let returnedEarly = AtomicCell<Int>(0)
        onThreads(8, deadline: 30) { _ in
            try? container.syncShutdown()
            if log.all.count != 20 { returnedEarly.add(1, ordering: .relaxed) }
        }
        #expect(returnedEarly.load(ordering: .relaxed) == 0)
        #expect(log.all.sorted() == (0..<20).map { "\($0)" }.sorted())
    }

    @Test("a build in flight finishes first: its resolve returns nil and its instance is disposed", .timeLimit(.minutes(1)))
    func buildInFlight() async throws {
        let log = TeardownLog()
        let container = Container()
        let building = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        container.register(Connection.self) { _ in
            building.signal()
            release.wait()
            return Connection("in flight", log: log)
        }.inObjectScope(.container)
        let resolved = Locked<Connection?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            resolved.withLock { $0 = container.resolve(Connection.self) }
            done.signal()
        }
        building.wait()
        let shutdown = Task { try await container.shutdown() }
        // The shutdown waits for the build.
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.all.isEmpty)
        release.signal()
        try await shutdown.value
        done.wait()
        #expect(resolved.withLock { $0 } == nil)
        #expect(log.all == ["in flight"])
    }

    @Test("a factory or a teardown that shuts its own container down returns at once", .timeLimit(.minutes(1)))
    func shutdownFromUserCode() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Session.self) { r in
            // Inside a build: the end does not wait for this very build, which then disposes
            // what it made, since the end has already disposed everything.
            try? (r as! Container).syncShutdown()
            return Session("built")
        }
        .inObjectScope(.container)
        .onDispose { session in
            try? container.syncShutdown()
            log.record(session.name)
        }
        #expect(container.resolve(Session.self) == nil)  // the end ran during its build
        #expect(log.all == ["built"])
        try container.syncShutdown()
        #expect(log.all == ["built"])
    }

    @Test("a teardown may resolve, register and reset in its container")
    func teardownCallsBack() throws {
        let log = TeardownLog()
        let container = Container()
        container.register(Plain.self) { _ in Plain() }.inObjectScope(.container)
        container.register(Session.self) { _ in Session("a") }
            .inObjectScope(.container)
            .onDispose { _ in
                container.register(Counted.self) { _ in Counted() }
                container.resetObjectScope(.container)
                log.record(container.resolve(Plain.self) == nil ? "nil" : "resolved")
            }
        _ = container.resolve(Session.self)
        container.resetObjectScope(.container)
        try container.syncShutdown()
        #expect(log.all == ["resolved"])
    }

    @Test("threads resolving while the container shuts down: every instance built is disposed once", .timeLimit(.minutes(1)))
    func resolvesRacingShutdown() throws {
        for _ in 0..<20 {
            let log = TeardownLog()
            let built = AtomicCell<Int>(0)
            let container = Container()
            for index in 0..<8 {
                container.register(Connection.self, name: "\(index)") { _ in
                    built.add(1, ordering: .relaxed)
                    return Connection("\(index)", log: log)
                }.inObjectScope(.container)
            }
            let afterEnd = AtomicCell<Int>(0)
            onThreads(4, deadline: 30) { thread in
                if thread == 0 {
                    try? container.syncShutdown()
                    for index in 0..<8 where container.resolve(Connection.self, name: "\(index)") != nil {
                        afterEnd.add(1, ordering: .relaxed)
                    }
                } else {
                    for index in 0..<8 { _ = container.resolve(Connection.self, name: "\((index + thread) % 8)") }
                }
            }
            #expect(afterEnd.load(ordering: .relaxed) == 0)
            #expect(log.all.count == built.load(ordering: .relaxed))
            #expect(Set(log.all).count == log.all.count)
        }
    }

    @Test("a reset waits for a build still in its initCompleted closures, and disposes its instance only after", .timeLimit(.minutes(1)))
    func resetWaitsForBuildInFlight() throws {
        let log = TeardownLog()
        let container = Container()
        let completing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // Whether the instance was disposed while its build was still completing it.
        let disposedDuringBuild = Locked<Bool?>(nil)
        container.register(Connection.self) { _ in Connection("first", log: log) }
            .inObjectScope(.container)
            .initCompleted { _, _ in
                completing.signal()
                release.wait()
                disposedDuringBuild.withLock { $0 = log.count(of: "first") > 0 }
            }
        let resolved = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            #expect(container.resolve(Connection.self) != nil)
            resolved.signal()
        }
        completing.wait()
        let reset = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            container.resetObjectScope(.container)
            reset.signal()
        }
        #expect(reset.wait(timeout: .now() + .milliseconds(50)) == .timedOut)  // it waits for the build
        release.signal()
        resolved.wait()
        reset.wait()
        #expect(disposedDuringBuild.withLock { $0 } == false)
        #expect(log.all == ["first"])
    }

    @Test("a sync resolve in an async factory in flight when shutdown begins may finish its graph", .timeLimit(.minutes(1)))
    func asyncFactoryFinishesItsGraph() async throws {
        let log = TeardownLog()
        let container = Container()
        let started = Latch()
        let release = Latch()
        container.register(Connection.self, name: "settings") { _ in Connection("settings", log: log) }
            .inObjectScope(.container)
        container.registerAsync(Session.self) { r in
            started.open()
            while !release.isOpen { try await Task.sleep(for: .milliseconds(1)) }
            return Session(r.resolve(Connection.self, name: "settings")!.name)
        }
        .inObjectScope(.container)
        .onDispose { session in log.record("session of \(session.name)") }
        let resolve = Task { await container.resolveAsync(Session.self) }
        while !started.isOpen { try await Task.sleep(for: .milliseconds(1)) }
        let shutdown = Task { try await container.shutdown() }
        try await Task.sleep(for: .milliseconds(20))
        release.open()
        try await shutdown.value
        #expect(await resolve.value == nil)
        #expect(log.all == ["session of settings", "settings"])
    }
}
