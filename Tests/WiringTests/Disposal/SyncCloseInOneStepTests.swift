import Foundation
import Testing
import Wiring

/// `syncClose()` of a scope with nothing in flight takes everything in one step; one with more
/// instances than its allocation holds, or a build in flight, takes the general way. Both must
/// behave the same.
@Suite("Synchronous close in one step")
struct SyncCloseInOneStepTests {
    @Test(
        "syncClose disposes every instance in reverse order of creation, whether the scope holds a few or more than fit in it",
        arguments: [3, 8, 9, 20])
    func reverseOrderAtAnySize(count: Int) throws {
        let log = TeardownLog()
        let container = Container()
        for index in 0..<count {
            container.register(Resource.self, tag: index, lifetime: .scoped) { r in
                // Each needs the next, so they are created last first: slots are claimed in
                // one order, instances made in the other.
                if index + 1 < count { _ = try r.resolve(Resource.self, tag: index + 1) }
                return Resource("\(index)", log)
            }
        }
        let scope = container.makeScope()
        _ = try scope.resolve(Resource.self, tag: 0)
        try scope.syncClose()
        #expect(log.all == (0..<count).map { "\($0)" })
        #expect(throws: WiringError.self) { try scope.resolve(Resource.self, tag: 0) }
    }

    @Test("a syncClose that meets another one in progress on another thread returns only once its teardowns have run")
    func concurrentSyncCloseWaitsForTheFirst() {
        let log = TeardownLog()
        let container = Container()
        let started = Latch()
        let proceed = Latch()
        container.register(Resource.self, lifetime: .scoped) { _ in Resource("held", log) }
            .onDispose { resource in
                started.release()
                proceed.wait()
                resource.log.note("held")
            }
        let scope = container.makeScope()
        _ = try? scope.resolve(Resource.self)
        race(threads: 2) { thread in
            if thread == 0 {
                #expect(throws: Never.self) { try scope.syncClose() }
            } else {
                started.wait()
                Thread.detachNewThread {
                    usleep(20_000)
                    proceed.release()
                }
                #expect(throws: Never.self) { try scope.syncClose() }
                // Returned after the first close's teardown, never while it was held.
                #expect(log.all == ["held"])
            }
        }
        #expect(log.all == ["held"])
    }

    @Test(
        "a teardown of a closing scope that resolves from it, resets it or provides to it gets a closed scope, and nothing is disposed twice"
    )
    func teardownTouchingItsClosingScope() throws {
        let log = TeardownLog()
        let container = Container()
        let seen = Lock<[String]>([])
        let holder = Lock<Scope?>(nil)
        container.register(Resource.self, tag: "a", lifetime: .scoped) { _ in Resource("a", log) }
        container.register(Resource.self, tag: "b", lifetime: .scoped) { _ in Resource("b", log) }
            .onDispose { resource in
                resource.log.note("b")
                guard let scope = holder.withLock({ $0 }) else { return }
                do throws(WiringError) {
                    _ = try scope.resolve(Resource.self, tag: "a")
                    seen.withLock { $0.append("served") }
                } catch {
                    seen.withLock { $0.append("\(error.code)") }
                }
                scope.reset()
                do throws(WiringError) {
                    try scope.provide(GivenValue())
                    seen.withLock { $0.append("provided") }
                } catch {
                    seen.withLock { $0.append("\(error.code)") }
                }
            }
        container.register(GivenValue.self, lifetime: .scoped) { _ in GivenValue() }
        let scope = container.makeScope()
        holder.withLock { $0 = scope }
        _ = try scope.resolve(Resource.self, tag: "a")
        _ = try scope.resolve(Resource.self, tag: "b")
        try scope.syncClose()
        holder.withLock { $0 = nil }
        // `b`, newest, first: its teardown's calls found the scope closed; then `a`, once.
        #expect(log.all == ["b", "a"])
        #expect(seen.withLock { $0 } == ["\(WiringError.Code.shutDown)", "\(WiringError.Code.shutDown)"])
    }

    @Test("syncClose reports every failed teardown of a quiet scope, and a later close reports nothing new")
    func failuresAreReportedOnce() throws {
        struct Broken: Error {}
        let container = Container()
        container.register(Resource.self, tag: 1, lifetime: .scoped) { _ in Resource("1", TeardownLog()) }
            .onDispose { _ in throw Broken() }
        container.register(Resource.self, tag: 2, lifetime: .scoped) { _ in Resource("2", TeardownLog()) }
            .onDispose { _ in throw Broken() }
        let scope = container.makeScope()
        _ = try scope.resolve(Resource.self, tag: 1)
        _ = try scope.resolve(Resource.self, tag: 2)
        let error = #expect(throws: DisposalError.self) { try scope.syncClose() }
        #expect(error?.code == .teardownsFailed)
        #expect(error?.failures.count == 2)
        #expect(throws: Never.self) { try scope.syncClose() }
    }
}

/// A value a scope can be given.
private final class GivenValue: Sendable {}
