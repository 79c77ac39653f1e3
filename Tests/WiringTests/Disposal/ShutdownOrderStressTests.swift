import Foundation
import Testing
import Wiring

/// A session's instance, held by the request's instance made from it.
private final class SessionHeld: Disposable, Sendable {
    /// Set by the request's instance when it is disposed: the session's must come after.
    let requestDisposed = AtomicCell<Bool>(false)
    let disposedFirst: Counter
    init(disposedFirst: Counter) { self.disposedFirst = disposedFirst }
    func dispose() {
        if !requestDisposed.load(ordering: .acquiring) { disposedFirst.increment() }
    }
}

/// A request's instance, which uses the session's.
private final class RequestHolding: Disposable, Sendable {
    let session: SessionHeld
    init(session: SessionHeld) { self.session = session }
    func dispose() { session.requestDisposed.store(true, ordering: .releasing) }
}

/// A plain scope's instance, for the threads that churn the container's list of open scopes.
private final class Churned: Disposable, Sendable {
    func dispose() {}
}

/// Issue 63, item 1: the walks of a container's list of open scopes (a batch dropping closed
/// ones, `syncShutdown()`'s check) took the chain out and put it back *above* the scopes opened
/// meanwhile, so a session scope opened before a walk could end up above a request scope made
/// from it during the walk, and shutdown disposed the session's instance first.
@Suite("Shutdown order under concurrent scopes", .timeLimit(.minutes(3)))
struct ShutdownOrderStressTests {
    @Test(
        "shutdown ends every request scope before the session it was made from, while other threads open and close scopes"
    )
    func shutdownEndsInnermostFirstUnderChurn() {
        // Rounds of a few pairs each keep the list short, so that its batches (the walks) come
        // every few scopes the other threads open and close. Bounded: 400 rounds, or 3 s.
        let deadline = ContinuousClock.now + .seconds(3)
        let disposedFirst = Counter()
        var pairs = 0
        var rounds = 0
        while rounds < 400, ContinuousClock.now < deadline {
            rounds += 1
            let container = Container()
            container.register(SessionHeld.self, lifetime: .scoped("session")) { _ in
                SessionHeld(disposedFirst: disposedFirst)
            }
            container.register(RequestHolding.self, lifetime: .scoped("request")) { r in
                RequestHolding(session: try r.resolve())
            }
            container.register(Churned.self, lifetime: .scoped) { _ in Churned() }
            let pairing = AtomicCell<Bool>(true)
            // Kept open until the shutdown.
            let open = Lock<[Scope]>([])
            race(threads: 3) { thread in
                guard thread == 0 else {
                    while pairing.load(ordering: .acquiring) {
                        let scope = container.makeScope()
                        _ = try? scope.resolve(Churned.self)
                        try? scope.syncClose()
                    }
                    return
                }
                for _ in 0..<32 {
                    let session = container.makeScope("session")
                    let request = session.makeScope("request")
                    #expect(throws: Never.self) { _ = try request.resolve(RequestHolding.self) }
                    open.withLock { $0 += [session, request] }
                }
                pairing.store(false, ordering: .releasing)
            }
            #expect(throws: Never.self) { try container.syncShutdown() }
            pairs += open.withLock { $0.count } / 2
        }
        #expect(disposedFirst.count == 0, "of \(pairs) session/request pairs in \(rounds) rounds")
    }
}
