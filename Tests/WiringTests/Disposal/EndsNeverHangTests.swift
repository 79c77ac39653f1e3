import Foundation
import Testing
import Wiring

// Each test runs in an exit test with a watchdog: an end that hangs, as each of these did before
// it was fixed, ends the child process with status 3 and a message instead of hanging the suite.

/// Ends the process with status 3 and `what` if it is still running after `seconds`.
func hangWatchdog(seconds: Double, _ what: String) {
    let thread = Thread {
        Thread.sleep(forTimeInterval: seconds)
        FileHandle.standardError.write(Data("HUNG: \(what)\n".utf8))
        exit(3)
    }
    thread.start()
}

/// A one-shot signal between threads and tasks: `open()` once, `wait()` from a thread or
/// `opened()` from a task, as often as needed.
final class Signal: Sendable {
    private let isOpen = AtomicCell<Bool>(false)
    private let waiters = Lock<[CheckedContinuation<Void, Never>]>([])

    func open() {
        isOpen.store(true, ordering: .releasing)
        for waiter in waiters.withLock({ waiters in
            defer { waiters = [] }; return waiters
        }) { waiter.resume() }
    }

    var isOpened: Bool { isOpen.load(ordering: .acquiring) }

    /// Blocks the calling thread (a plain thread, never a task's) until opened.
    func wait() { while !isOpened { usleep(200) } }

    func opened() async {
        await withCheckedContinuation { continuation in
            let now = waiters.withLock { waiters -> Bool in
                if isOpened { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// An instance whose asynchronous teardown starts, says so, and finishes once released.
final class HeldTeardown: AsyncDisposable {
    let started = Signal()
    let release = Signal()
    private let finished = AtomicCell<Bool>(false)
    var isFinished: Bool { finished.load(ordering: .acquiring) }
    func dispose() async {
        started.open()
        await release.opened()
        finished.store(true, ordering: .releasing)
    }
}

/// A disposable instance for the builds below.
final class BuiltDuringEnd: Disposable, Sendable {
    private let disposals = AtomicCell<Int>(0)
    var timesDisposed: Int { disposals.load(ordering: .relaxed) }
    func dispose() { disposals.add(1, ordering: .relaxed) }
}

/// Something to hand a factory the scope it builds in, set after the scope is made.
final class ScopeSlot: Sendable {
    let scope = Lock<Scope?>(nil)
}

/// What an exit test's child printed to standard error, to explain a failure.
func childOutput(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite("Ends never hang", .timeLimit(.minutes(10)))
struct EndsNeverHangTests {
    @Test("syncClose during an async close returns at once with needsAwait, instead of blocking until the close finishes")
    func syncCloseDuringAsyncClose() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            hangWatchdog(seconds: 20, "syncClose waited for an async close")
            let container = Container()
            container.register(HeldTeardown.self, lifetime: .scoped("request")) { _ in HeldTeardown() }
            let scope = container.makeScope("request")
            let held = try scope.resolve(HeldTeardown.self)
            let closing = Task { try await scope.close() }
            await held.started.opened()
            // The async close is in progress, held in the teardown until we release it: a
            // synchronous end must not wait for it (this thread is the one that releases it).
            do throws(DisposalError) {
                try scope.syncClose()
                Issue.record("syncClose returned normally while an async close was in progress")
            } catch {
                #expect(error.code == .needsAwait)
                #expect(error.failures.isEmpty)
                #expect(error.description.contains("scope \"request\""), "\(error)")
                #expect(error.description.contains("try await scope.close()"), "\(error)")
            }
            #expect(!held.isFinished)
            held.release.open()
            try await closing.value
            #expect(held.isFinished)
        }
        if result?.exitStatus != .exitCode(0) { Issue.record("the child printed: \(childOutput(result))") }
    }

    @Test("syncShutdown during an async shutdown returns at once with needsAwait, even on the main actor")
    @MainActor func syncShutdownDuringAsyncShutdown() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            hangWatchdog(seconds: 20, "syncShutdown waited for an async shutdown")
            let container = Container()
            container.register(HeldTeardown.self, lifetime: .singleton) { _ in HeldTeardown() }
            let held = try container.resolve(HeldTeardown.self)
            let shuttingDown = Task { try await container.shutdown() }
            await held.started.opened()
            await MainActor.run {
                do throws(DisposalError) {
                    try container.syncShutdown()
                    Issue.record("syncShutdown returned normally while an async shutdown was in progress")
                } catch {
                    #expect(error.code == .needsAwait)
                    #expect(error.description.contains("syncShutdown() of the container"), "\(error)")
                }
            }
            held.release.open()
            try await shuttingDown.value
            #expect(held.isFinished)
        }
        if result?.exitStatus != .exitCode(0) { Issue.record("the child printed: \(childOutput(result))") }
    }

    @Test(
        "a scoped factory on another thread that calls syncClose on its own scope, while close() waits for that build, returns at once; the build is disposed and its resolve says the scope was closed"
    )
    func syncCloseFromABuildTheCloseWaitsFor() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            hangWatchdog(seconds: 20, "a build's syncClose waited for the close that waits for the build")
            let container = Container()
            let slot = ScopeSlot()
            let building = Signal()
            let closing = Signal()
            let endReturned = Signal()
            container.register(BuiltDuringEnd.self, lifetime: .scoped) { _ in
                building.open()
                closing.wait()
                try? slot.scope.withLock { $0 }?.syncClose()
                endReturned.open()
                return BuiltDuringEnd()
            }
            container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
            let scope = container.makeScope()
            slot.scope.withLock { $0 = scope }
            let outcome = Lock<Result<BuiltDuringEnd, WiringError>?>(nil)
            let builder = Thread {
                do throws(WiringError) {
                    let built = try scope.resolve(BuiltDuringEnd.self)
                    outcome.withLock { $0 = .success(built) }
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                }
            }
            builder.start()
            await building.opened()
            let close = Task { try await scope.close() }
            // The close has begun once the scope refuses new builds.
            while (try? scope.resolve(Tracked.self)) != nil { await Task.yield() }
            closing.open()
            await endReturned.opened()
            try await close.value
            while outcome.withLock({ $0 }) == nil { await Task.yield() }
            guard case .failure(let error) = outcome.withLock({ $0 }) else {
                Issue.record("the build finished after its scope closed handed out its instance")
                return
            }
            #expect(error.code == .shutDown)
            #expect(error.description.contains("scope that has been closed"), "\(error)")
            #expect(!error.description.contains("container that has been shut down"), "\(error)")
        }
        if result?.exitStatus != .exitCode(0) { Issue.record("the child printed: \(childOutput(result))") }
    }

    @Test("a singleton factory on another thread that calls syncShutdown while shutdown() waits for it returns at once")
    func syncShutdownFromABuildTheShutdownWaitsFor() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            hangWatchdog(seconds: 20, "a build's syncShutdown waited for the shutdown that waits for the build")
            let container = Container()
            let building = Signal()
            let shuttingDown = Signal()
            let built = Lock<BuiltDuringEnd?>(nil)
            container.register(BuiltDuringEnd.self, lifetime: .singleton) { [unowned container] _ in
                building.open()
                shuttingDown.wait()
                try? container.syncShutdown()
                let instance = BuiltDuringEnd()
                built.withLock { $0 = instance }
                return instance
            }
            // Each resolve is a tracked build, which the shutdown refuses from its first step.
            container.register(Tracked.self) { _ in Tracked() }.trackingTransients()
            let builder = Thread { _ = try? container.resolve(BuiltDuringEnd.self) }
            builder.start()
            await building.opened()
            let shutdown = Task { try await container.shutdown() }
            while (try? container.resolve(Tracked.self)) != nil { await Task.yield() }
            shuttingDown.open()
            try await shutdown.value
            // The build that outlived the shutdown's start was disposed by it, once.
            #expect(built.withLock { $0 }?.timesDisposed == 1)
        }
        if result?.exitStatus != .exitCode(0) { Issue.record("the child printed: \(childOutput(result))") }
    }

    @Test("two scopes closing on two threads, each teardown closing the other scope, both finish instead of waiting for each other")
    func crossedTeardownsOnTwoThreads() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            hangWatchdog(seconds: 20, "two ends waited for each other through their teardowns")
            let container = Container()
            let slots = [ScopeSlot(), ScopeSlot()]
            let inTeardown = [Signal(), Signal()]
            for (index, tag) in ["first", "second"].enumerated() {
                container.register(BuiltDuringEnd.self, tag: tag, lifetime: .scoped) { _ in BuiltDuringEnd() }
                    .onDispose { _ in
                        // Each teardown waits until the other end is in its teardown too, then
                        // closes the other scope: an end that waited here would wait for ever.
                        inTeardown[index].open()
                        inTeardown[1 - index].wait()
                        try slots[1 - index].scope.withLock { $0 }?.syncClose()
                    }
            }
            let scopes = [container.makeScope(), container.makeScope()]
            for index in 0..<2 { slots[index].scope.withLock { $0 = scopes[index] } }
            _ = try scopes[0].resolve(BuiltDuringEnd.self, tag: "first")
            _ = try scopes[1].resolve(BuiltDuringEnd.self, tag: "second")
            let closed = [Signal(), Signal()]
            for index in 0..<2 {
                Thread {
                    try? scopes[index].syncClose()
                    closed[index].open()
                }
                .start()
            }
            await closed[0].opened()
            await closed[1].opened()
        }
        if result?.exitStatus != .exitCode(0) { Issue.record("the child printed: \(childOutput(result))") }
    }

    @Test("a scope closed by its own build is reported as a closed scope, not a shut-down container, and a new scope works")
    func scopeClosedDuringItsOwnBuild() throws {
        let container = Container()
        let slot = ScopeSlot()
        container.register(BuiltDuringEnd.self, lifetime: .scoped) { _ in
            try slot.scope.withLock { $0 }?.syncClose()
            return BuiltDuringEnd()
        }
        let scope = container.makeScope()
        slot.scope.withLock { $0 = scope }
        let error = #expect(throws: WiringError.self) { try scope.resolve(BuiltDuringEnd.self) }
        #expect(error?.code == .shutDown)
        #expect(error?.description.contains("scope that has been closed") == true, "\(error.map { "\($0)" } ?? "")")
        #expect(error?.description.contains("container that has been shut down") == false)
        slot.scope.withLock { $0 = nil }
        let fresh = container.makeScope()
        #expect(throws: Never.self) { _ = try fresh.resolve(BuiltDuringEnd.self) }
    }
}
