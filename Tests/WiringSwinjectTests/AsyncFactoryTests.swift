import Dispatch
import Foundation
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// A service built asynchronously, that knows which build made it.
final class Remote: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}

final class Front: Sendable {
    let first: Remote
    let second: Remote
    init(_ first: Remote, _ second: Remote) {
        self.first = first
        self.second = second
    }
}

/// Two services whose async factories await each other.
final class Left: Sendable {}
final class Right: Sendable {}

struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the host is unreachable" }
}

@Suite("Async factories", .serialized)
struct AsyncFactoryTests {
    /// The messages logged while `body` ran that name `type`: tests of other suites log beside it.
    private func logged(about type: Any.Type, _ body: () async -> Void) async -> [String] {
        await LogCapture.collecting(body).filter { $0.contains("\(type)") }
    }

    @Test("a .container async factory runs once for concurrent resolves, which all get its instance")
    func singleFlight() async throws {
        let container = Container()
        let builds = AtomicCell<Int>(0)
        container.registerAsync(Remote.self) { _ in
            try await Task.sleep(for: .milliseconds(20))
            return Remote(builds.add(1, ordering: .relaxed).newValue)
        }.inObjectScope(.container)
        let numbers = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<20 { group.addTask { await container.resolveAsync(Remote.self)?.number } }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(numbers == Array(repeating: 1, count: 20))
        #expect(builds.load(ordering: .relaxed) == 1)
        // Built, it is found by a synchronous resolve too.
        #expect(container.resolve(Remote.self)?.number == 1)
    }

    @Test("a .weak async factory runs once for concurrent resolves; its instance is shared while held, and built again after")
    func weakSingleFlight() async throws {
        let container = Container()
        let builds = AtomicCell<Int>(0)
        container.registerAsync(Remote.self) { _ in
            try await Task.sleep(for: .milliseconds(20))
            return Remote(builds.add(1, ordering: .relaxed).newValue)
        }.inObjectScope(.weak)
        let messages = await logged(about: Remote.self) {
            let held = await withTaskGroup(of: Remote?.self) { group in
                for _ in 0..<20 { group.addTask { await container.resolveAsync(Remote.self) } }
                return await group.reduce(into: [Remote?]()) { $0.append($1) }
            }
            #expect(held.map { $0?.number } == Array(repeating: 1, count: 20))
            #expect(await container.resolveAsync(Remote.self)?.number == 1)
            #expect(container.resolve(Remote.self)?.number == 1)
            // Held to here: a release build would let it go after its last use above.
            withExtendedLifetime(held) {}
        }
        #expect(messages.isEmpty, "\(messages)")
        #expect(builds.load(ordering: .relaxed) == 1)
        // Nothing holds it now: the next resolve builds another.
        #expect(await container.resolveAsync(Remote.self)?.number == 2)
    }

    @Test("a synchronous resolve of an async registration not built yet returns nil and says to await")
    func synchronousResolveNeedsAwait() async {
        let container = Container()
        container.registerAsync(Remote.self) { _ in Remote(1) }.inObjectScope(.container)
        let messages = await logged(about: Remote.self) { #expect(container.resolve(Remote.self) == nil) }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("Remote has an async factory, and no instance of it is built yet") == true)
        #expect(messages.first?.contains("Fix: resolve it with `await container.resolveAsync(Remote.self)`") == true)
        #expect(await container.resolveAsync(Remote.self)?.number == 1)
    }

    @Test(".graph shares an instance within one top-level resolveAsync; .transient builds each time")
    func graphAndTransient() async {
        let container = Container()
        let builds = AtomicCell<Int>(0)
        container.registerAsync(Remote.self) { _ in Remote(builds.add(1, ordering: .relaxed).newValue) }
        container.registerAsync(Remote.self, name: "transient") { _ in Remote(builds.add(1, ordering: .relaxed).newValue) }
            .inObjectScope(.transient)
        container.registerAsync(Front.self) { r in
            async let first = r.resolveAsync(Remote.self)
            async let second = r.resolveAsync(Remote.self)
            return await Front(first!, second!)
        }
        let one = await container.resolveAsync(Front.self)!
        let two = await container.resolveAsync(Front.self)!
        #expect(one.first === one.second)
        #expect(two.first === two.second)
        #expect(one.first !== two.first)
        let a = await container.resolveAsync(Remote.self, name: "transient")
        let b = await container.resolveAsync(Remote.self, name: "transient")
        #expect(a !== b)
    }

    @Test("a factory that throws makes the resolve nil, logged with its error; the next resolve tries again")
    func throwingFactory() async {
        let container = Container()
        let attempts = AtomicCell<Int>(0)
        container.registerAsync(Remote.self) { _ in
            if attempts.add(1, ordering: .relaxed).newValue == 1 { throw Unreachable() }
            return Remote(2)
        }.inObjectScope(.container)
        let messages = await logged(about: Remote.self) { #expect(await container.resolveAsync(Remote.self) == nil) }
        #expect(messages.first?.contains("The async factory of Remote threw: the host is unreachable") == true)
        #expect(await container.resolveAsync(Remote.self)?.number == 2)
    }

    @Test("async factories that await each other fail as a loop instead of waiting for ever", .timeLimit(.minutes(1)))
    func loops() async {
        let container = Container()
        container.registerAsync(Left.self) { r in
            _ = await r.resolveAsync(Right.self)
            return Left()
        }.inObjectScope(.container)
        container.registerAsync(Right.self) { r in
            guard let left = await r.resolveAsync(Left.self) else { throw Unreachable() }
            _ = left
            return Right()
        }.inObjectScope(.container)
        let messages = await logged(about: Left.self) { _ = await container.resolveAsync(Left.self) }
        #expect(messages.contains { $0.contains("waits, through the others, for itself") && $0.contains("Left → Right → Left") })

        // Across tasks: each starts one side, and each side awaits the other's construction.
        for _ in 0..<20 {
            let fresh = Container()
            let gate = Latch()
            fresh.registerAsync(Left.self) { r in
                while !gate.isOpen { try await Task.sleep(for: .milliseconds(1)) }
                _ = await r.resolveAsync(Right.self)
                return Left()
            }.inObjectScope(.container)
            fresh.registerAsync(Right.self) { r in
                while !gate.isOpen { try await Task.sleep(for: .milliseconds(1)) }
                _ = await r.resolveAsync(Left.self)
                return Right()
            }.inObjectScope(.container)
            async let left = fresh.resolveAsync(Left.self)
            async let right = fresh.resolveAsync(Right.self)
            try? await Task.sleep(for: .milliseconds(1))
            gate.open()
            _ = await (left, right)
        }
    }

    @Test(".graph factories that await each other from sibling tasks fail as a loop", .timeLimit(.minutes(1)))
    func graphLoopAcrossTasks() async {
        for _ in 0..<10 {
            let container = Container()
            container.registerAsync(Left.self) { r in
                _ = await r.resolveAsync(Right.self)
                return Left()
            }
            container.registerAsync(Right.self) { r in
                _ = await r.resolveAsync(Left.self)
                return Right()
            }
            container.registerAsync(Front.self) { r in
                async let left = r.resolveAsync(Left.self)
                async let right = r.resolveAsync(Right.self)
                _ = await (left, right)
                return Front(Remote(0), Remote(0))
            }
            _ = await container.resolveAsync(Front.self)
        }
    }

    @Test("an async registration in a custom scope it cannot share logs why instead of stopping")
    func unsupportedStorage() async {
        let container = Container()
        let composite = ObjectScope(storageFactory: { CompositeStorage([PermanentStorage(), WeakStorage()]) }, description: "both")
        container.registerAsync(Remote.self) { _ in Remote(1) }.inObjectScope(composite)
        let messages = await logged(about: Remote.self) { #expect(await container.resolveAsync(Remote.self) == nil) }
        #expect(messages.first?.contains("keeps instances in a CompositeStorage") == true)
    }

    @Test("an async .container instance is disposed at shutdown, which waits for a build in flight", .timeLimit(.minutes(1)))
    func disposalAndBuildsInFlight() async throws {
        let log = TeardownLog()
        let container = Container()
        let started = Latch()
        let release = Latch()
        container.registerAsync(Session.self) { _ in
            started.open()
            while !release.isOpen { try await Task.sleep(for: .milliseconds(1)) }
            return Session("slow")
        }
        .inObjectScope(.container)
        .onDispose { session in log.record(session.name) }
        let resolve = Task { await container.resolveAsync(Session.self) }
        while !started.isOpen { try await Task.sleep(for: .milliseconds(1)) }
        // A synchronous end cannot wait for an async build.
        let refused = #expect(throws: DisposalError.self) { try container.syncShutdown() }
        #expect(refused?.asynchronousTeardowns.contains("asynchronous builds in flight (or teardowns a reset is starting)") == true)
        let shutdown = Task { try await container.shutdown() }
        try await Task.sleep(for: .milliseconds(20))
        #expect(log.all.isEmpty)
        release.open()
        try await shutdown.value
        #expect(await resolve.value == nil)
        #expect(log.all == ["slow"])
    }

    @Test("an async factory that shuts its own container down does not wait for itself", .timeLimit(.minutes(1)))
    func shutdownFromAsyncFactory() async throws {
        let log = TeardownLog()
        let container = Container()
        container.registerAsync(Session.self) { r in
            try? await r.shutdown()
            return Session("own")
        }
        .inObjectScope(.container)
        .onDispose { session in log.record(session.name) }
        #expect(await container.resolveAsync(Session.self) == nil)
        #expect(log.all == ["own"])
    }

    @Test("resolveAsync resolves synchronous registrations too, runs initCompleted, and logs what is missing")
    func synchronousRegistrationsAndInitCompleted() async {
        let container = Container()
        let completed = AtomicCell<Int>(0)
        container.register(Plain.self) { _ in Plain() }
        container.registerAsync(Remote.self) { r in Remote(r.resolve(Plain.self) == nil ? 0 : 1) }
            .initCompleted { _, _ in completed.add(1, ordering: .relaxed) }
        #expect(await container.resolveAsync(Plain.self) != nil)
        #expect(await container.resolveAsync(Remote.self)?.number == 1)
        #expect(completed.load(ordering: .relaxed) == 1)
        let messages = await logged(about: Counted.self) { #expect(await container.resolveAsync(Counted.self) == nil) }
        #expect(messages.first?.contains("Swinject: Resolution failed. Expected registration:") == true)
    }

    @Test("tasks resolving while the container shuts down: every instance built is disposed once", .timeLimit(.minutes(1)))
    func resolvesRacingShutdown() async throws {
        for round in 0..<30 {
            let log = TeardownLog()
            let built = AtomicCell<Int>(0)
            let container = Container()
            for index in 0..<6 {
                container.registerAsync(Connection.self, name: "\(index)") { _ in
                    await Task.yield()
                    built.add(1, ordering: .relaxed)
                    return Connection("\(index)", log: log)
                }.inObjectScope(.container)
            }
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<4 {
                    group.addTask {
                        for index in 0..<6 { _ = await container.resolveAsync(Connection.self, name: "\((index + task) % 6)") }
                    }
                }
                group.addTask {
                    for _ in 0..<(round % 4) { await Task.yield() }
                    try? await container.shutdown()
                }
            }
            try await container.shutdown()
            #expect(log.all.count == built.load(ordering: .relaxed))
            #expect(Set(log.all).count == log.all.count)
            for index in 0..<6 { #expect(await container.resolveAsync(Connection.self, name: "\(index)") == nil) }
        }
    }

    @Test("an async registration forwarded to a protocol resolves by it, asynchronously and once built")
    func forwarded() async {
        let container = Container()
        container.registerAsync(Remote.self) { _ in Remote(7) }
            .inObjectScope(.container)
            .implements(Identified.self)
        #expect(await container.resolveAsync(Identified.self)?.number == 7)
        #expect(container.resolve(Identified.self)?.number == 7)
        #expect(container.resolve(Remote.self) === container.resolve(Identified.self) as? Remote)
    }
}

/// What `Remote` is also registered as.
protocol Identified: Sendable {
    var number: Int { get }
}

extension Remote: Identified {}
